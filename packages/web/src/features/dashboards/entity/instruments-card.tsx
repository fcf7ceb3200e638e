import { List, ListItemButton, ListItemIcon, ListItemText } from '@mui/material';
import type { DeviceProfile } from '@vigil/domain';
import { useTranslation } from 'react-i18next';
import { StateDot } from '../../../components/state/state-dot.tsx';
import { useDashboardContext } from '../cards/card-context.ts';
import { CardFrame } from '../cards/card-frame.tsx';
import { stateOf, worstFirst } from '../model/device-index.ts';
import { useDashboardData } from '../model/use-dashboard-data.ts';

/** An interface node's instruments with their states, worst first. */
export function InstrumentsCard({ device }: { device: DeviceProfile }) {
  const { t } = useTranslation('dashboards');
  const { stateType, openDevice } = useDashboardContext();
  const { devices } = useDashboardData();
  const ids = new Set(device.instruments.map((i) => i.id));
  const instruments = worstFirst(
    (devices.data ?? []).filter((d) => ids.has(d.id)),
    stateType,
  );
  return (
    <CardFrame
      title={t('instruments.heading', { count: device.instruments.length })}
      loading={devices.isPending}
      empty={device.instruments.length ? null : t('instruments.none')}
    >
      <List dense sx={{ overflow: 'auto', flex: 1 }}>
        {instruments.map((d) => (
          <ListItemButton
            key={d.id}
            onClick={() => openDevice({ id: d.id, entity_type: d.monitored_entity_type, title: d.title })}
          >
            <ListItemIcon sx={{ minWidth: 28 }}>
              <StateDot state={stateOf(d, stateType)} size={12} />
            </ListItemIcon>
            <ListItemText primary={d.title} secondary={d.scheme?.name} />
          </ListItemButton>
        ))}
      </List>
    </CardFrame>
  );
}
