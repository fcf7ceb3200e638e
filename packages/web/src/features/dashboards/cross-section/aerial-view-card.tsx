import { Box } from '@mui/material';
import type { EntityType } from '@vigil/domain';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { devicesByIdQuery } from '../../../api/registry.ts';
import { useSession } from '../../../session/session-context.ts';
import { AerialView } from '../../../components/cross-section/aerial-view.tsx';
import { SENSOR_DEVICE_FIELDS } from '../../../components/cross-section/use-side-view-data.ts';
import { useDashboardContext } from '../cards/card-context.ts';
import { CardFrame } from '../cards/card-frame.tsx';
import type { SectionCardProps } from './section-card-props.ts';

/** The aerial view card: the section's topo image, its line and its sensors; a marker opens its device. */
export function AerialViewCard({ section, title, toDashboard }: SectionCardProps) {
  const { t } = useTranslation('crossSections');
  const { project } = useSession();
  const { openDevice } = useDashboardContext();
  const ids = [...new Set(section.sensors.map((s) => s.device_id))].sort();
  const devices = useQuery(devicesByIdQuery(ids, SENSOR_DEVICE_FIELDS));
  return (
    <CardFrame title={title || t('aerial.cardTitle', { name: section.name })} actions={toDashboard}>
      <Box sx={{ flex: 1, minHeight: 0, display: 'flex', flexDirection: 'column' }}>
        <AerialView
          section={section}
          projectId={project.id}
          height="fill"
          onSensorClick={(deviceId) => {
            const device = devices.data?.find((d) => d.id === deviceId);
            openDevice({
              id: deviceId,
              entity_type: (device?.monitored_entity_type ?? 'instrument') as EntityType,
              title: device?.title ?? deviceId,
            });
          }}
        />
      </Box>
    </CardFrame>
  );
}
