import { Alert, Box, Breadcrumbs, Link, LinearProgress, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import type { EntityType, StateType } from '@vigil/domain';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { ApiError } from '../../../api/api-error.ts';
import { crossSectionQuery } from '../../../api/cross-sections.ts';
import { devicesByIdQuery } from '../../../api/registry.ts';
import { useSession } from '../../../session/session-context.ts';
import { sectionMidpoint } from '../../../components/cross-section/section-geometry.ts';
import { crossSectionPath } from '../../../components/cross-section/section-paths.ts';
import { SENSOR_DEVICE_FIELDS } from '../../../components/cross-section/use-side-view-data.ts';
import { DashboardCard } from '../cards/dashboard-card.tsx';
import { sectionChartCards, sectionWeatherCard } from '../model/cross-section-cards.ts';
import { useDashboardData } from '../model/use-dashboard-data.ts';
import { pagePath } from '../model/dashboard-paths.ts';
import { CardGrid } from '../page/card-grid.tsx';
import { DashboardFrame } from '../page/dashboard-frame.tsx';
import { GRID_GAP, ROW_HEIGHT } from '../page/grid-metrics.ts';
import { AerialViewCard } from './aerial-view-card.tsx';
import { SectionImageCard } from './section-image-card.tsx';
import { SideViewCard } from './side-view-card.tsx';

/**
 * The virtual dashboard of a cross section (requirements#monitoring-screens: entity id, title, type cross-section),
 * made
 * from the section (not stored): its side and aerial views, the weather over it, its images, and a
 * chart of each metric its sensors show; without sensors, the spec's words and the way to add them.
 */
export function CrossSectionDashboard({ stateType, id }: { stateType: StateType; id: string }) {
  const { t } = useTranslation(['crossSections', 'dashboards']);
  const { project } = useSession();
  const section = useQuery(crossSectionQuery(project.id, id));
  const cs = section.data;
  const ids = useMemo(() => [...new Set((cs?.sensors ?? []).map((s) => s.device_id))].sort(), [cs?.sensors]);
  const devices = useQuery(devicesByIdQuery(ids, SENSOR_DEVICE_FIELDS));
  const { schemes } = useDashboardData();
  const charts = useMemo(() => {
    if (!cs || (ids.length > 0 && !devices.data)) return [];
    const types = new Map((devices.data ?? []).map((d) => [d.id, d.monitored_entity_type]));
    const labels = new Map(
      (schemes.data ?? []).flatMap((scheme) =>
        (['raw_metrics', 'calculated_metrics', 'context_metrics'] as const).flatMap((group) =>
          scheme.spec.metrics[group].map((m): [string, string] => [`${group}.${m.key}`, m.label]),
        ),
      ),
    );
    return sectionChartCards(
      cs,
      (deviceId) => (types.get(deviceId) ?? 'instrument') as EntityType,
      (metric) => t('dashboard.chartTitle', { metric: labels.get(metric) ?? metric, name: cs.name }),
    );
  }, [cs, ids.length, devices.data, schemes.data, t]);
  if (section.isError)
    return (
      <Alert severity="warning">
        {section.error instanceof ApiError && section.error.isNotFound ? t('view.notFound') : t('view.loadError')}
      </Alert>
    );
  if (!cs) return <LinearProgress aria-label={t('dashboards:card.loading')} />;
  // Named after the section rather than the coordinates of its middle.
  const weather = sectionWeatherCard(
    sectionMidpoint(cs.x0_location, cs.x_max_location),
    t('dashboards:weather.title', { place: cs.name }),
  );
  const images = [cs.tracing_image, cs.topo_image].filter((image) => image?.url);
  return (
    <DashboardFrame stateType={stateType} pageKey={`cross-section/${cs.id}`}>
      <Breadcrumbs aria-label={t('dashboards:page.breadcrumbs')} sx={{ fontSize: 13 }}>
        <Link component={RouterLink} to={pagePath(stateType, 'root')} underline="hover" color="inherit">
          {t(`dashboards:stateType.${stateType}`)}
        </Link>
        <Typography variant="caption" color="text.secondary">
          {t('dashboard.type')}
        </Typography>
      </Breadcrumbs>
      <Box sx={{ display: 'flex', alignItems: 'baseline', gap: 2, flexWrap: 'wrap', mb: 2 }}>
        <Typography variant="h5" component="h1" sx={{ fontWeight: 600 }}>
          {cs.name}
        </Typography>
        <Link component={RouterLink} to={crossSectionPath(cs.id)} variant="body2">
          {t('dashboard.openSection')}
        </Link>
      </Box>
      {cs.sensors.length === 0 && (
        <Alert severity="info" sx={{ mb: 2 }}>
          {t('dashboard.noDevices')}{' '}
          <Link component={RouterLink} to={crossSectionPath(cs.id)}>
            {t('dashboard.toSections')}
          </Link>
        </Alert>
      )}
      <Box
        sx={{
          display: 'grid',
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: '2fr 1fr' },
          gridAutoRows: { xs: 'auto', md: `${ROW_HEIGHT * 3 + GRID_GAP * 2}px` },
          gap: `${GRID_GAP}px`,
          mb: `${GRID_GAP}px`,
        }}
      >
        <Box sx={{ minWidth: 0, height: { xs: 640, md: 'auto' } }}>
          <SideViewCard section={cs} />
        </Box>
        <Box sx={{ minWidth: 0, height: { xs: 380, md: 'auto' } }}>
          <AerialViewCard section={cs} />
        </Box>
      </Box>
      <Box
        sx={{
          display: 'grid',
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'repeat(2, minmax(0, 1fr))', lg: '2fr 1fr 1fr' },
          gridAutoRows: { xs: 'auto', sm: `${ROW_HEIGHT * 2 + GRID_GAP}px` },
          gap: `${GRID_GAP}px`,
          mb: `${GRID_GAP}px`,
        }}
      >
        <Box sx={{ minWidth: 0, minHeight: { xs: 260, sm: 0 } }}>
          <DashboardCard card={weather} />
        </Box>
        {images.map((image) => (
          <Box key={image!.file_id ?? image!.url} sx={{ minWidth: 0, height: { xs: 260, sm: 'auto' } }}>
            <SectionImageCard
              image={image!}
              title={image === cs.tracing_image ? t('images.tracing') : t('images.topo')}
            />
          </Box>
        ))}
      </Box>
      <CardGrid cards={charts} />
    </DashboardFrame>
  );
}
