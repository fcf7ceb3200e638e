import { Box, ButtonBase, Stack, Typography } from '@mui/material';
import type { Alarm } from '@vigil/domain';
import { useTranslation } from 'react-i18next';
import { AlarmActions } from '../../components/alarms/alarm-actions.tsx';
import { AlarmStateChips } from '../../components/alarms/alarm-state-chip.tsx';
import { alarmTitle } from '../../components/alarms/alarm-title.ts';
import { relativeTime } from '../../components/dates/display-date.ts';
import { useNow } from '../../components/dates/use-now.ts';
import { STATE_PAINT } from '../../components/state/state-paint.ts';

/** The hour and minute of a time (a deadline is later today, or just past). */
const clockTime = (iso: string, locale: string) =>
  new Date(iso).toLocaleTimeString(locale, { hour: '2-digit', minute: '2-digit' });

/** One alarm in the list: its colour, what it is about, its state and what it waits for, and its actions. */
export function AlarmRow({ alarm, onOpen }: { alarm: Alarm; onOpen(): void }) {
  const { t, i18n } = useTranslation('alarms');
  const now = useNow();
  const locale = i18n.resolvedLanguage ?? 'en-US';
  const title = alarmTitle(t, alarm);
  const overdue = alarm.ack_deadline && Date.parse(alarm.ack_deadline) < now.getTime();
  return (
    <Box
      component="li"
      aria-label={title}
      sx={{
        border: 1,
        borderColor: 'divider',
        borderLeft: 6,
        borderLeftColor: STATE_PAINT[alarm.colour],
        borderRadius: 1,
        bgcolor: 'background.paper',
        p: 1.5,
        display: 'flex',
        flexDirection: { xs: 'column', md: 'row' },
        gap: 1.5,
        alignItems: { md: 'center' },
      }}
    >
      <ButtonBase
        onClick={onOpen}
        sx={{ flex: 1, minWidth: 0, justifyContent: 'flex-start', textAlign: 'left', borderRadius: 1 }}
      >
        <Box sx={{ minWidth: 0 }}>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 0.5 }}>
            <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{title}</Typography>
            <AlarmStateChips alarm={alarm} />
          </Stack>
          <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
            {[
              t(`levels.${alarm.level}`),
              alarm.tarp_level && t('row.tarp', { level: alarm.tarp_level }),
              t('row.count', { count: alarm.occurrence_count }),
              t('row.raised', { when: relativeTime(alarm.last_raised_at, now, locale) }),
            ]
              .filter(Boolean)
              .join(' · ')}
          </Typography>
          {alarm.ack_deadline && (
            <Typography variant="body2" color={overdue ? 'error' : 'text.secondary'}>
              {alarm.escalated_at
                ? t('row.escalated')
                : t(overdue ? 'row.overdue' : 'row.deadline', { when: clockTime(alarm.ack_deadline, locale) })}
            </Typography>
          )}
        </Box>
      </ButtonBase>
      <AlarmActions alarm={alarm} title={title} />
    </Box>
  );
}
