import { Box, Button, Divider, Skeleton, Stack, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { onCallQuery } from '../../api/call-out.ts';
import { useSession } from '../../session/session-context.ts';
import { onCallText } from './call-out/on-call-text.ts';
import { useCallOutPeople } from './call-out/use-call-out-people.ts';

/** What the top bar's alarm button opens: how many alarms wait, who is on call now and next in each roster. */
export function AlarmMenu({ waiting, onClose }: { waiting: number; onClose(): void }) {
  const { t, i18n } = useTranslation('alarms');
  const { project } = useSession();
  const onCall = useQuery(onCallQuery(project.id));
  const { nameOf } = useCallOutPeople();
  const locale = i18n.resolvedLanguage ?? 'en-US';
  return (
    <Box>
      <Box sx={{ p: 2 }}>
        <Typography variant="subtitle2" component="p">
          {t('menu.waiting', { count: waiting })}
        </Typography>
        <Button component={RouterLink} to="/alarms" onClick={onClose} size="small" sx={{ mt: 0.5, ml: -0.5 }}>
          {t('menu.openAlarms')}
        </Button>
      </Box>
      <Divider />
      <Box component="section" aria-label={t('menu.onCall')} sx={{ p: 2 }}>
        <Typography variant="overline" component="h2" color="text.secondary" sx={{ lineHeight: 1.5 }}>
          {t('menu.onCall')}
        </Typography>
        {onCall.isPending && <Skeleton height={48} />}
        {onCall.isError && (
          <Typography variant="body2" color="error">
            {t('menu.onCallFailed')}
          </Typography>
        )}
        {onCall.data?.length === 0 && (
          <Typography variant="body2" color="text.secondary">
            {t('menu.noRoster')}
          </Typography>
        )}
        <Stack spacing={1.25} sx={{ mt: 0.5 }}>
          {onCall.data?.map((entry) => {
            const text = onCallText(t, entry, nameOf, locale);
            return (
              <Box key={entry.roster_id}>
                <Typography variant="caption" color="text.secondary" component="p" sx={{ overflowWrap: 'anywhere' }}>
                  {entry.name}
                </Typography>
                <Typography variant="body2" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
                  {text.now}
                </Typography>
                <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                  {text.next}
                </Typography>
              </Box>
            );
          })}
        </Stack>
        <Button
          component={RouterLink}
          to="/alarms?tab=call-out"
          onClick={onClose}
          size="small"
          sx={{ mt: 1, ml: -0.5 }}
        >
          {t('menu.openCallOut')}
        </Button>
      </Box>
    </Box>
  );
}
