import LandscapeOutlined from '@mui/icons-material/LandscapeOutlined';
import { Box, IconButton, Tooltip } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import type { DashboardCard } from '@vigil/domain';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { crossSectionsQuery } from '../../../api/cross-sections.ts';
import { siteMapQuery } from '../../../api/ui.ts';
import { useSession } from '../../../session/session-context.ts';
import { crossSectionDashboardPath } from '../../../components/cross-section/section-paths.ts';
import { SectionsLayer } from '../../../components/cross-section/sections-layer.tsx';
import { LazyVigilMap } from '../../../components/map/lazy-vigil-map.tsx';
import { tableExport } from '../../../components/export-dialog/export-settings.ts';
import { devicesOf } from '../model/device-index.ts';
import { useDashboardData } from '../model/use-dashboard-data.ts';
import { useDashboardContext } from './card-context.ts';
import { CardFrame } from './card-frame.tsx';
import { deviceMarkers } from './state-map-markers.ts';

type Card = Extract<DashboardCard, { type: 'state-map' }>;

/**
 * A Safety State or Operational State map (requirements#monitoring-screens): the group's located devices as markers in
 * their state's colour, clustered, over the project's site map; a marker opens the device's detail panel.
 */
export function StateMapCard({ card }: { card: Card }) {
  const { t } = useTranslation(['dashboards', 'crossSections']);
  const { project } = useSession();
  const { stateType, openDevice } = useDashboardContext();
  const { devices, groups } = useDashboardData();
  const siteMap = useQuery(siteMapQuery(project.id));
  const navigate = useNavigate();
  // The optional cross-sections layer (requirements#monitoring-screens): the sections' lines, each opening its
  // dashboard;
  // shown at first as the card says, switched for the moment by anyone.
  const [showSections, setShowSections] = useState(card.cross_sections_layer);
  const sections = useQuery({ ...crossSectionsQuery(project.id), enabled: showSections });
  const members = useMemo(
    () => devicesOf(devices.data ?? [], groups.data ?? [], card.group_id),
    [devices.data, groups.data, card.group_id],
  );
  // A new list of summaries (the stream refreshes it on every state change) recolours the markers.
  const { markers, unlocated } = useMemo(() => deviceMarkers(members, stateType), [members, stateType]);
  const group = card.group_id ? groups.data?.find((g) => g.id === card.group_id) : null;
  const title = card.title || t(`map.title.${stateType}`, { scope: group?.title ?? t('summary.allDevices') });
  const loading = devices.isPending || groups.isPending;
  const subtitle = loading
    ? undefined
    : [
        t('map.shown', { count: markers.length }),
        ...(unlocated ? [t('map.unlocated', { count: unlocated })] : []),
      ].join(' · ');
  return (
    <CardFrame
      title={title}
      subtitle={subtitle}
      loading={loading}
      error={devices.isError || groups.isError}
      onRetry={() => void devices.refetch()}
      actions={
        <Tooltip title={t('crossSections:stateMapLayer')}>
          <IconButton
            size="small"
            aria-label={t('crossSections:stateMapLayer')}
            aria-pressed={showSections}
            color={showSections ? 'primary' : 'default'}
            onClick={() => setShowSections((on) => !on)}
          >
            <LandscapeOutlined fontSize="small" />
          </IconButton>
        </Tooltip>
      }
      exportSettings={() =>
        tableExport(
          title,
          markers.map((m) => ({
            title: m.title,
            state: t(`states.${m.colour}`),
            latitude: m.latitude,
            longitude: m.longitude,
          })),
          [
            { heading: t('columns.device'), key: 'title' },
            { heading: t(`stateType.${stateType}`), key: 'state' },
            { heading: t('location.latitude'), key: 'latitude' },
            { heading: t('location.longitude'), key: 'longitude' },
          ],
        )
      }
    >
      {!loading && (
        <Box sx={{ flex: 1, minHeight: 0, display: 'flex', flexDirection: 'column' }}>
          <LazyVigilMap
            markers={markers}
            // An unreachable site map leaves the world background: the markers still show.
            siteMap={siteMap.isError ? null : siteMap.data}
            zoom={card.zoom}
            cluster
            displayNames={card.display_names}
            search
            fitToMarkers
            height="fill"
            emptyText={t('map.empty')}
            ariaLabel={t('map.label', { title })}
            onMarkerClick={(id) => {
              const device = members.find((d) => d.id === id);
              if (device) openDevice({ id, entity_type: device.monitored_entity_type, title: device.title });
            }}
          >
            {showSections && sections.data && (
              <SectionsLayer
                sections={sections.data}
                onSectionClick={(id) => navigate(crossSectionDashboardPath(stateType, id))}
              />
            )}
          </LazyVigilMap>
        </Box>
      )}
    </CardFrame>
  );
}
