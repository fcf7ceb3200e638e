import { Button, MenuItem, Stack, TextField } from '@mui/material';
import { MAX_SHELVE_HOURS, type Alarm } from '@vigil/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ReasonDialog } from './reason-dialog.tsx';
import { useAlarmActions } from './use-alarm-actions.ts';

/** How long an alarm may be shelved, in hours: never past the day ISA-18.2 practice allows. */
const SHELVE_HOURS = [1, 2, 4, 8, 12, MAX_SHELVE_HOURS] as const;

type ReasonAction = 'acknowledge' | 'shelve';

/** The label of the words an action asks for: a comment to acknowledge, a reason to shelve. */
const REASON_FIELD = { acknowledge: 'acknowledge.comment', shelve: 'shelve.reason' } as const;

/** What an operator can do with an alarm: acknowledge it while it waits for that, shelve or unshelve it. */
export function AlarmActions({ alarm, title }: { alarm: Alarm; title: string }) {
  const { t } = useTranslation('alarms');
  const actions = useAlarmActions();
  const [open, setOpen] = useState<ReasonAction | null>(null);
  const [hours, setHours] = useState<number>(2);
  const waiting = alarm.state === 'active_unacknowledged' || alarm.state === 'cleared_unacknowledged';
  const close = () => setOpen(null);
  const reasonTexts = (action: ReasonAction) => ({
    heading: t(`${action}.title`),
    label: t(REASON_FIELD[action]),
    hint: t(`${action}.hint`),
    required: t(`${action}.required`),
    confirm: t(`actions.${action}`),
  });
  return (
    <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
      {waiting && (
        <Button size="small" variant="contained" onClick={() => setOpen('acknowledge')}>
          {t('actions.acknowledge')}
        </Button>
      )}
      {alarm.state !== 'normal' &&
        (alarm.shelved ? (
          <Button
            size="small"
            variant="outlined"
            disabled={actions.unshelve.isPending}
            onClick={() => actions.unshelve.mutate(alarm.id)}
          >
            {t('actions.unshelve')}
          </Button>
        ) : (
          <Button size="small" variant="outlined" onClick={() => setOpen('shelve')}>
            {t('actions.shelve')}
          </Button>
        ))}
      <ReasonDialog
        open={open === 'acknowledge'}
        {...reasonTexts('acknowledge')}
        alarmTitle={title}
        busy={actions.acknowledge.isPending}
        onClose={close}
        onConfirm={(comment) => actions.acknowledge.mutate({ id: alarm.id, comment }, { onSuccess: close })}
      />
      <ReasonDialog
        open={open === 'shelve'}
        {...reasonTexts('shelve')}
        alarmTitle={title}
        busy={actions.shelve.isPending}
        onClose={close}
        onConfirm={(reason) => actions.shelve.mutate({ id: alarm.id, reason, hours }, { onSuccess: close })}
      >
        <TextField
          select
          fullWidth
          label={t('shelve.duration')}
          value={hours}
          onChange={(event) => setHours(Number(event.target.value))}
        >
          {SHELVE_HOURS.map((h) => (
            <MenuItem key={h} value={h}>
              {t('shelve.hours', { count: h })}
            </MenuItem>
          ))}
        </TextField>
      </ReasonDialog>
    </Stack>
  );
}
