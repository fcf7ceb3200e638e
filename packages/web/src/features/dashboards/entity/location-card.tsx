import { Box, Link, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { MAP_ZOOM, stateColour, type DeviceProfile } from '@vigil/domain';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { siteMapQuery } from '../../../api/ui.ts';
import { useSession } from '../../../session/session-context.ts';
import { LazyVigilMap } from '../../../components/map/lazy-vigil-map.tsx';
import { useDashboardContext } from '../cards/card-context.ts';
import { CardFrame } from '../cards/card-frame.tsx';
import { stateOf } from '../model/device-index.ts';
import { useDashboardData } from '../model/use-dashboard-data.ts';

/**
 * The single-device map opens close in: building scale, within the cards' zoom range
 * (requirements#monitoring-constants).
 */
export const DEVICE_MAP_ZOOM = Math.min(16, MAP_ZOOM.max);

/**
 * Where the device is (requirements#monitoring-screens: the entity dashboard's location map): one marker in its state's
 * colour over the site map, and its coordinates (longitude then latitude on the wire,
 * requirements#monitoring-entities).
 */
export function LocationCard({ device }: { device: DeviceProfile }) {
  const { t, i18n } = useTranslation('dashboards');
  const { project } = useSession();
  const { stateType, openDevice } = useDashboardContext();
  const { devices } = useDashboardData();
  const siteMap = useQuery(siteMapQuery(project.id));
  // The summaries follow the stream: the marker changes colour with the device's state.
  const summary = devices.data?.find((d) => d.id === device.id);
  const state = summary ? stateOf(summary, stateType) : stateOf(device, stateType);
  const point = device.location?.coordinates;
  const markers = useMemo(
    () =>
      point
        ? [
            {
              id: device.id,
              title: device.title,
              longitude: point[0],
              latitude: point[1],
              colour: stateColour(state),
              entityType: device.monitored_entity_type,
            },
          ]
        : [],
    [device.id, device.title, device.monitored_entity_type, point, state],
  );
  const number = (n: number) =>
    n.toLocaleString(i18n.resolvedLanguage, { minimumFractionDigits: 6, maximumFractionDigits: 6 });
  return (
    <CardFrame title={t('location.heading')} empty={point ? null : t('location.none')}>
      {point && (
        <>
          <Box sx={{ flex: 1, minHeight: 200, display: 'flex', flexDirection: 'column' }}>
            <LazyVigilMap
              markers={markers}
              siteMap={siteMap.isError ? null : siteMap.data}
              zoom={DEVICE_MAP_ZOOM}
              cluster={false}
              displayNames
              nameSwitch={false}
              height="fill"
              emptyText={t('location.none')}
              ariaLabel={t('location.mapLabel', { title: device.title })}
              onMarkerClick={() =>
                openDevice({ id: device.id, entity_type: device.monitored_entity_type, title: device.title })
              }
            />
          </Box>
          <Box sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 2, alignItems: 'baseline', mt: 1 }}>
            <Typography variant="body2">
              {t('location.latitude')}: <strong>{number(point[1])}</strong>
            </Typography>
            <Typography variant="body2">
              {t('location.longitude')}: <strong>{number(point[0])}</strong>
            </Typography>
            <Link
              variant="body2"
              href={`https://www.openstreetmap.org/?mlat=${point[1]}&mlon=${point[0]}#map=17/${point[1]}/${point[0]}`}
              target="_blank"
              rel="noopener"
            >
              {t('location.openMap')}
            </Link>
          </Box>
        </>
      )}
    </CardFrame>
  );
}
