import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  List,
  ListItemButton,
  ListItemIcon,
  ListItemText,
} from '@mui/material';
import { useTranslation } from 'react-i18next';
import type { DeviceSummary } from '../../../api/registry.ts';
import { StateDot } from '../../../components/state/state-dot.tsx';
import { stateOf } from '../model/device-index.ts';
import { useDashboardContext } from './card-context.ts';

/** A list of devices; choosing one opens its detail panel. */
export function DeviceListDialog({
  open,
  title,
  devices,
  onClose,
}: {
  open: boolean;
  title: string;
  devices: DeviceSummary[];
  onClose(): void;
}) {
  const { t } = useTranslation('dashboards');
  const { stateType, openDevice } = useDashboardContext();
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="xs">
      <DialogTitle>{title}</DialogTitle>
      <DialogContent dividers sx={{ p: 0, maxHeight: 400 }}>
        <List dense>
          {devices.map((d) => (
            <ListItemButton
              key={d.id}
              onClick={() => {
                onClose();
                openDevice({ id: d.id, entity_type: d.monitored_entity_type, title: d.title });
              }}
            >
              <ListItemIcon sx={{ minWidth: 28 }}>
                <StateDot state={stateOf(d, stateType)} />
              </ListItemIcon>
              <ListItemText primary={d.title} secondary={d.scheme?.name} />
            </ListItemButton>
          ))}
        </List>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('actions.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
