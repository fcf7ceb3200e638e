import { Skeleton } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import type { CrossSection, LatLng } from '@vigil/domain';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { devicesByIdQuery } from '../../api/registry.ts';
import { siteMapQuery } from '../../api/ui.ts';
import { moduleLoader } from '../lazy/module-loader.ts';
import { boundsAround } from './section-geometry.ts';
import { sensorMarkers } from './section-markers.ts';
import { crossSectionPath } from './section-paths.ts';
import { SENSOR_DEVICE_FIELDS } from './use-side-view-data.ts';

const allSectionsMap = moduleLoader(() => import('./all-sections-map-view.tsx'));

/**
 * The all-cross-sections map (requirements#monitoring-screens): where each section runs, with its sensors; a line opens
 * its section.
 */
export function AllSectionsMap({
  sections,
  projectId,
  height,
}: {
  sections: readonly CrossSection[];
  projectId: string;
  height: number | 'fill';
}) {
  const { t } = useTranslation('crossSections');
  const map = allSectionsMap.useModule();
  const navigate = useNavigate();
  const sensors = useMemo(() => sections.flatMap((s) => s.sensors), [sections]);
  const ids = useMemo(() => [...new Set(sensors.map((s) => s.device_id))].sort(), [sensors]);
  const devices = useQuery(devicesByIdQuery(ids, SENSOR_DEVICE_FIELDS));
  const siteMap = useQuery(siteMapQuery(projectId));
  const markers = useMemo(() => sensorMarkers(sensors, devices.data), [sensors, devices.data]);
  const bounds = useMemo(
    () =>
      boundsAround(sections.flatMap((s) => [s.x0_location, s.x_max_location]).filter((p): p is LatLng => p !== null)),
    [sections],
  );
  if (!map) return <Skeleton variant="rectangular" height={height === 'fill' ? 240 : height} />;
  return (
    <map.AllSectionsMapView
      sections={sections}
      markers={markers}
      siteMap={siteMap.isError ? null : siteMap.data}
      bounds={bounds}
      height={height}
      ariaLabel={t('allSections.label')}
      onSectionClick={(id) => navigate(crossSectionPath(id))}
    />
  );
}
