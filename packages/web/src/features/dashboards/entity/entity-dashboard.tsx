import { Alert, Box, Breadcrumbs, Link, LinearProgress, Typography } from '@mui/material';
import { ENTITY_TYPES, type EntityType, type StateType } from '@vigil/domain';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { dataPointsQuery, deviceProfileQuery } from '../../../api/registry.ts';
import { pagePath } from '../model/dashboard-paths.ts';
import { entityCards } from '../model/entity-cards.ts';
import { CardGrid } from '../page/card-grid.tsx';
import { DashboardFrame } from '../page/dashboard-frame.tsx';
import { GRID_GAP, ROW_HEIGHT } from '../page/grid-metrics.ts';
import { DetailsCard } from './details-card.tsx';
import { InstrumentsCard } from './instruments-card.tsx';
import { LocationCard } from './location-card.tsx';
import { RecentReadings } from './recent-readings.tsx';

/**
 * The dashboard of one instrument, interface node or virtual device, made from its scheme (not
 * stored): details and location, an interface node's instruments, and a gauge and a chart per metric.
 */
export function EntityDashboard({
  stateType,
  entityType,
  entityId,
}: {
  stateType: StateType;
  entityType: string;
  entityId: string;
}) {
  const { t } = useTranslation('dashboards');
  const type = (ENTITY_TYPES as readonly string[]).includes(entityType) ? (entityType as EntityType) : null;
  const profile = useQuery({ ...deviceProfileQuery(type ?? 'instrument', entityId), enabled: Boolean(type) });
  const device = profile.data;
  // an in-place inclinometer chain's nodes are its data points: its profile card needs them
  const dataPoints = useQuery({ ...dataPointsQuery([entityId]), enabled: type === 'instrument' });
  if (!type || profile.isError) return <Alert severity="warning">{t('entity.notFound')}</Alert>;
  if (!device) return <LinearProgress aria-label={t('card.loading')} />;
  const isNode = device.monitored_entity_type === 'interface-node';
  return (
    <DashboardFrame stateType={stateType} pageKey={`device/${entityId}`}>
      <Breadcrumbs aria-label={t('page.breadcrumbs')} sx={{ fontSize: 13 }}>
        <Link component={RouterLink} to={pagePath(stateType, 'root')} underline="hover" color="inherit">
          {t(`stateType.${stateType}`)}
        </Link>
        <Typography variant="caption" color="text.secondary">
          {t(`entityTypes.${device.monitored_entity_type}`)}
        </Typography>
      </Breadcrumbs>
      <Typography variant="h5" component="h1" sx={{ fontWeight: 600, mb: 2 }}>
        {device.title}
      </Typography>
      <Box
        sx={{
          display: 'grid',
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: isNode ? '2fr 1fr 1fr' : '3fr 1fr' },
          gridAutoRows: { xs: 'auto', md: `${ROW_HEIGHT * 3 + GRID_GAP * 2}px` },
          gap: `${GRID_GAP}px`,
          mb: `${GRID_GAP}px`,
        }}
      >
        <DetailsCard device={device} />
        <LocationCard device={device} />
        {isNode && <InstrumentsCard device={device} />}
      </Box>
      <CardGrid
        cards={entityCards({ id: device.id, entity_type: device.monitored_entity_type }, device.scheme, {
          dataPoints: dataPoints.data?.length ?? 0,
          limits: device.metric_limits,
        })}
      />
      {/* an inclinometer chain's readings are its nodes': its profile shows them */}
      {!dataPoints.data?.length && <RecentReadings entityId={device.id} title={device.title} scheme={device.scheme} />}
    </DashboardFrame>
  );
}
