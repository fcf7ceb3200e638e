import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Stack,
  useMediaQuery,
  type Theme,
} from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { alarmQuery } from '../../api/alarms.ts';
import { useSession } from '../../session/session-context.ts';
import { AlarmPanel } from '../../components/alarms/alarm-panel.tsx';
import { alarmTitle } from '../../components/alarms/alarm-title.ts';
import { AlarmHistory } from './alarm-history.tsx';
import { DeliveriesLog } from './deliveries-log.tsx';
import { TarpChecklist } from './tarp-checklist.tsx';

/**
 * One alarm: where it stands and the operator's actions, its TARP checklist, the messages its
 * call-out sent, and everything that happened to it.
 */
export function AlarmDetailDialog({ alarmId, onClose }: { alarmId: string | null; onClose(): void }) {
  const { t } = useTranslation('alarms');
  const { project } = useSession();
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const alarm = useQuery(alarmQuery(project.id, alarmId)).data;
  const titleId = useId();
  return (
    <Dialog
      open={Boolean(alarmId)}
      onClose={onClose}
      fullWidth
      maxWidth="md"
      fullScreen={phone}
      aria-labelledby={titleId}
    >
      <DialogTitle id={titleId}>{alarm ? alarmTitle(t, alarm) : t('detail.title')}</DialogTitle>
      <DialogContent dividers>
        {alarmId && (
          <Stack spacing={2}>
            <AlarmPanel alarmId={alarmId} />
            {alarm?.tarp_level && <TarpChecklist alarm={alarm} />}
            <DeliveriesLog alarmId={alarmId} />
            <AlarmHistory alarmId={alarmId} />
          </Stack>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('actions.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
