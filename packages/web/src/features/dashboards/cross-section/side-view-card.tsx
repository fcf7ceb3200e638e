import EditOutlined from '@mui/icons-material/EditOutlined';
import { Box, IconButton, Tooltip } from '@mui/material';
import type { EntityType } from '@vigil/domain';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { devicesByIdQuery } from '../../../api/registry.ts';
import { useSession } from '../../../session/session-context.ts';
import { crossSectionPath } from '../../../components/cross-section/section-paths.ts';
import { SideView } from '../../../components/cross-section/side-view.tsx';
import { SENSOR_DEVICE_FIELDS } from '../../../components/cross-section/use-side-view-data.ts';
import { useDashboardContext } from '../cards/card-context.ts';
import { CardFrame } from '../cards/card-frame.tsx';
import type { SectionCardProps } from './section-card-props.ts';

/** The side-section card: the section drawn with its levels; a sensor opens its device's detail panel. */
export function SideViewCard({ section, title, toDashboard }: SectionCardProps) {
  const { t } = useTranslation('crossSections');
  const { project } = useSession();
  const { openDevice } = useDashboardContext();
  const ids = [...new Set(section.sensors.map((s) => s.device_id))].sort();
  const devices = useQuery(devicesByIdQuery(ids, SENSOR_DEVICE_FIELDS));
  return (
    <CardFrame
      title={title || t('sideView.cardTitle', { name: section.name })}
      actions={
        <>
          {toDashboard}
          <Tooltip title={t('dashboard.openSection')}>
            <IconButton
              size="small"
              component={RouterLink}
              to={crossSectionPath(section.id)}
              aria-label={t('dashboard.openSection')}
            >
              <EditOutlined fontSize="small" />
            </IconButton>
          </Tooltip>
        </>
      }
    >
      <Box sx={{ flex: 1, minHeight: 0, display: 'flex', flexDirection: 'column' }}>
        <SideView
          section={section}
          projectId={project.id}
          height="fill"
          onSensorClick={(deviceId) => {
            const device = devices.data?.find((d) => d.id === deviceId);
            const sensor = section.sensors.find((s) => s.device_id === deviceId);
            openDevice({
              id: deviceId,
              entity_type: (device?.monitored_entity_type ?? 'instrument') as EntityType,
              title: device?.title ?? sensor?.title ?? deviceId,
            });
          }}
        />
      </Box>
    </CardFrame>
  );
}
