import { Box, List, ListItem, ListItemText, Skeleton, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { alarmHistoryQuery } from '../../api/alarms.ts';
import { useSession } from '../../session/session-context.ts';
import { formatDisplayDate } from '../../components/dates/display-date.ts';

/** Everything that happened to an alarm, newest first: raised and cleared by the engine, the operators' actions. */
export function AlarmHistory({ alarmId }: { alarmId: string }) {
  const { t, i18n } = useTranslation('alarms');
  const { project } = useSession();
  const history = useQuery(alarmHistoryQuery(project.id, alarmId));
  const locale = i18n.resolvedLanguage ?? 'en-US';
  return (
    <Box component="section" aria-label={t('history.heading')}>
      <Typography variant="subtitle2" component="h3">
        {t('history.heading')}
      </Typography>
      {history.isPending && <Skeleton height={80} />}
      <List dense disablePadding>
        {history.data?.objects.map((item, i) => (
          <ListItem key={i} disableGutters divider>
            <ListItemText
              primary={`${t(`history.actions.${item.action}`)} · ${item.by ?? t('history.engine')}`}
              secondary={[
                formatDisplayDate(item.at, locale),
                item.comment,
                typeof item.details.action === 'string' ? item.details.action : null,
                typeof item.details.to_role === 'string' ? t('history.to', { role: item.details.to_role }) : null,
              ]
                .filter(Boolean)
                .join(' · ')}
            />
          </ListItem>
        ))}
      </List>
    </Box>
  );
}
