import { Chip } from '@mui/material';
import type { Alarm } from '@vigil/domain';
import { useTranslation } from 'react-i18next';

const COLOURS = {
  active_unacknowledged: 'error',
  active_acknowledged: 'warning',
  cleared_unacknowledged: 'info',
  normal: 'default',
} as const;

/** An alarm's ISA-18.2 state, and whether it is shelved or suppressed, as chips. */
export function AlarmStateChips({ alarm }: { alarm: Alarm }) {
  const { t } = useTranslation('alarms');
  return (
    <>
      <Chip
        size="small"
        color={COLOURS[alarm.state]}
        variant={alarm.state === 'active_unacknowledged' ? 'filled' : 'outlined'}
        label={t(`states.${alarm.state}`)}
      />
      {alarm.shelved && <Chip size="small" variant="outlined" label={t('shelved')} />}
      {alarm.suppressed && <Chip size="small" variant="outlined" label={t(`suppressed.${alarm.suppressed}`)} />}
    </>
  );
}
