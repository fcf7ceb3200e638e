import { Skeleton } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import type { CrossSection, LatLng } from '@vigil/domain';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { devicesByIdQuery } from '../../api/registry.ts';
import { siteMapQuery } from '../../api/ui.ts';
import { moduleLoader } from '../lazy/module-loader.ts';
import { boundsAround } from './section-geometry.ts';
import { sensorMarkers } from './section-markers.ts';
import { SENSOR_DEVICE_FIELDS } from './use-side-view-data.ts';

// Leaflet is a chunk of its own, loaded with the first map shown.
const aerialMap = moduleLoader(() => import('./aerial-map.tsx'));

/**
 * The aerial view of a cross section (requirements#monitoring-screens): its topo image over its bounds, its line from
 * x0 to xMax, and its sensors in their safety state's colour, over the project's site map.
 */
export function AerialView({
  section,
  projectId,
  height,
  onSensorClick,
}: {
  section: CrossSection;
  projectId: string;
  height: number | 'fill';
  onSensorClick?: (deviceId: string) => void;
}) {
  const { t } = useTranslation('crossSections');
  const map = aerialMap.useModule();
  const ids = useMemo(() => [...new Set(section.sensors.map((s) => s.device_id))].sort(), [section.sensors]);
  const devices = useQuery(devicesByIdQuery(ids, SENSOR_DEVICE_FIELDS));
  const siteMap = useQuery(siteMapQuery(projectId));
  const markers = useMemo(() => sensorMarkers(section.sensors, devices.data), [section.sensors, devices.data]);
  const bounds = useMemo(
    () =>
      boundsAround(
        [section.x0_location, section.x_max_location, ...section.sensors.map((s) => s.location)].filter(
          (p): p is LatLng => p !== null,
        ),
      ),
    [section.x0_location, section.x_max_location, section.sensors],
  );
  const fill = height === 'fill';
  if (!map)
    return (
      <Skeleton
        variant="rectangular"
        sx={fill ? { flex: 1, minHeight: 240, height: 'auto' } : { height }}
        aria-label={t('aerial.label', { name: section.name })}
      />
    );
  return (
    <map.AerialMap
      section={section}
      markers={markers}
      siteMap={siteMap.isError ? null : siteMap.data}
      bounds={bounds}
      height={height}
      ariaLabel={t('aerial.label', { name: section.name })}
      emptyText={bounds ? undefined : t('aerial.noLine')}
      onMarkerClick={onSensorClick}
    />
  );
}
