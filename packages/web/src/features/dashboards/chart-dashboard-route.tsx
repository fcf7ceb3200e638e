import DashboardOutlined from '@mui/icons-material/DashboardOutlined';
import { Alert, Box, Button, LinearProgress, Typography } from '@mui/material';
import { ENTITY_TYPES, STATE_TYPES, type EntityType, type StateType } from '@vigil/domain';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams, useSearchParams } from 'react-router';
import { deviceProfileQuery } from '../../api/registry.ts';
import { chartDashboardCards, markerParam, rangeParam } from './model/chart-dashboard-cards.ts';
import { entityDashboardPath } from './model/dashboard-paths.ts';
import { CardGrid } from './page/card-grid.tsx';
import { DashboardFrame } from './page/dashboard-frame.tsx';

/**
 * The metric drill-down `/metrics/{stateType}/{entityId}/{entityType}[/{dataPointId}]`
 * (requirements#monitoring-screens):
 * every metric of the entity (or of one data point) charted full width, from dashboards, the device
 * detail panel and the notification event detail. `?from&to` (ISO) open the charts zoomed to that range,
 * `?metric` (`group.key`) puts that metric's chart first and `?at` (ISO) marks a moment: the event detail's
 * window around an alert, with the reading that raised it.
 */
export function ChartDashboardRoute() {
  const { t } = useTranslation('dashboards');
  const params = useParams();
  const [search] = useSearchParams();
  const zoom = rangeParam(search.get('from'), search.get('to'));
  const type = (ENTITY_TYPES as readonly string[]).includes(params.entityType ?? '')
    ? (params.entityType as EntityType)
    : null;
  const stateType: StateType = (STATE_TYPES as readonly string[]).includes(params.stateType ?? '')
    ? (params.stateType as StateType)
    : 'safety-state';
  const profile = useQuery({
    ...deviceProfileQuery(type ?? 'instrument', params.entityId ?? ''),
    enabled: Boolean(type),
  });
  const device = profile.data;
  if (!type || profile.isError) return <Alert severity="warning">{t('entity.notFound')}</Alert>;
  if (!device) return <LinearProgress aria-label={t('card.loading')} />;
  const entity = { id: device.id, entity_type: device.monitored_entity_type };
  return (
    <DashboardFrame
      stateType={stateType}
      pageKey={`metrics/${device.id}`}
      initialZoom={zoom}
      marker={markerParam(search)}
    >
      <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 1, flexWrap: 'wrap', mb: 2 }}>
        <Box sx={{ flex: 1, minWidth: 200 }}>
          <Typography variant="caption" color="text.secondary">
            {t('chartDashboard.heading')}
          </Typography>
          <Typography variant="h5" component="h1" sx={{ fontWeight: 600 }}>
            {device.title}
          </Typography>
        </Box>
        <Button
          component={RouterLink}
          to={entityDashboardPath(stateType, entity)}
          startIcon={<DashboardOutlined />}
          variant="outlined"
        >
          {t('detail.showEntityDashboard')}
        </Button>
      </Box>
      <CardGrid
        // a new window or metric (another alert's link) opens the cards anew, on it
        key={`${search.get('from')}|${search.get('to')}|${search.get('metric')}`}
        cards={chartDashboardCards(entity, device.scheme, params.dataPointId ?? null, search.get('metric'))}
      />
    </DashboardFrame>
  );
}
