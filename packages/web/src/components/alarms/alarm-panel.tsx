import { Alert, Box, Link, Stack, Typography, useTheme } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router';
import { alarmQuery } from '../../api/alarms.ts';
import { useSession } from '../../session/session-context.ts';
import { formatDisplayDate } from '../dates/display-date.ts';
import { AlarmActions } from './alarm-actions.tsx';
import { AlarmStateChips } from './alarm-state-chip.tsx';
import { alarmTitle } from './alarm-title.ts';

/**
 * The alarm a notification raised or cleared, as it stands now: its state, what it still waits for,
 * who acknowledged or shelved it, and the operator's actions (from the event detail, issue 20).
 */
export function AlarmPanel({ alarmId, onNavigate }: { alarmId: string; onNavigate?(): void }) {
  const { t, i18n } = useTranslation('alarms');
  const { project } = useSession();
  const query = useQuery(alarmQuery(project.id, alarmId));
  const navigate = useNavigate();
  const leaving = useTheme().transitions.duration.leavingScreen;
  const alarm = query.data;
  if (query.isError) return <Alert severity="warning">{t('panel.failed')}</Alert>;
  if (!alarm) return null;
  const title = alarmTitle(t, alarm);
  return (
    <Box
      component="section"
      aria-label={t('panel.label')}
      sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 1.5 }}
    >
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1, mb: 1 }}>
        <Typography variant="subtitle2" component="h3">
          {t('panel.heading')}
        </Typography>
        <AlarmStateChips alarm={alarm} />
      </Stack>
      <Typography variant="body2" sx={{ mb: 0.5 }}>
        {title}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {t('panel.count', { count: alarm.occurrence_count })}
        {alarm.tarp_level ? ` · ${t('panel.tarp', { level: alarm.tarp_level })}` : ''}
      </Typography>
      {alarm.ack_deadline && (
        // a deadline is ahead: its date and time, not a time ago
        <Typography variant="body2" color={alarm.escalated_at ? 'error' : 'text.secondary'}>
          {alarm.escalated_at ? t('panel.escalated') : t('panel.deadline')}{' '}
          {formatDisplayDate(alarm.ack_deadline, i18n.resolvedLanguage ?? 'en-US')}
        </Typography>
      )}
      {alarm.acknowledged && (
        <Typography variant="body2" sx={{ mt: 0.5 }}>
          {t('panel.acknowledgedBy', { user: alarm.acknowledged.by })}: “{alarm.acknowledged.comment}”
        </Typography>
      )}
      {alarm.shelved && (
        <Typography variant="body2" sx={{ mt: 0.5 }}>
          {t('panel.shelvedBy', { user: alarm.shelved.by, reason: alarm.shelved.reason })}
        </Typography>
      )}
      <Stack direction="row" spacing={2} sx={{ mt: 1.5, alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
        <AlarmActions alarm={alarm} title={title} />
        <Link
          component={RouterLink}
          to={`/alarms?alarm=${alarm.id}`}
          variant="body2"
          onClick={(event) => {
            if (!onNavigate) return;
            // The alarm opens in a dialog of its own: MUI would leave it aria-hidden were it to open
            // while the dialog around this panel is still closing.
            event.preventDefault();
            onNavigate();
            setTimeout(() => void navigate(`/alarms?alarm=${alarm.id}`), leaving);
          }}
        >
          {t('panel.open')}
        </Link>
      </Stack>
    </Box>
  );
}
