import {
  CARD_PRESETS,
  DEFAULT_CARD_PRESET,
  GRID_COLUMNS,
  type DashboardCard,
  type DashboardEntityRef,
  type MetricLimit,
  type SchemeRef,
  chartableMetrics,
} from '@vigil/domain';
import { inclinometerKind } from './inclinometer-data.ts';

const GAUGE_WIDTH = 4;
const ROW = 2;

export interface EntityCardOptions {
  /** how many data points the entity has (the nodes of an in-place inclinometer chain) */
  dataPoints?: number;
  /** the entity's limits in force; the scheme's without them */
  limits?: readonly MetricLimit[];
}

/**
 * The cards of an entity dashboard (requirements#monitoring-screens): for each raw, calculated and context metric of
 * its
 * scheme, a gauge and, beside it, a chart over the default period (seven days). An instrument whose
 * data points report axes A and B (an in-place inclinometer chain) or a probe's deviations along them
 * (a probe inclinometer's survey depths) gets its profile first.
 */
export function entityCards(
  entity: DashboardEntityRef,
  scheme: Pick<SchemeRef, 'spec'> | null | undefined,
  options: EntityCardOptions = {},
): DashboardCard[] {
  const profile = isChain(entity, scheme, options.dataPoints ?? 0) ? [profileCard(entity, scheme!, options)] : [];
  const top = profile.length ? CARD_PRESETS.fullWidthTall.h : 0;
  return [
    ...profile,
    ...chartableMetrics(scheme).flatMap((m, i): DashboardCard[] => [
      {
        id: `gauge-${m.group}-${m.key}`,
        type: 'gauge',
        title: '',
        entity,
        metric: m.metric,
        layout: { x: 0, y: top + i * ROW, w: GAUGE_WIDTH, h: ROW },
      },
      {
        id: `chart-${m.group}-${m.key}`,
        type: 'chart',
        title: '',
        period: DEFAULT_CARD_PRESET,
        series: [{ entity_id: entity.id, entity_type: entity.entity_type, metric: m.metric, data_point_id: null }],
        layout: { x: GAUGE_WIDTH, y: top + i * ROW, w: GRID_COLUMNS - GAUGE_WIDTH, h: ROW },
      },
    ]),
  ];
}

/** An instrument read through data points: the nodes of a chain, or the depths of a probe's surveys. */
function isChain(entity: DashboardEntityRef, scheme: Pick<SchemeRef, 'spec'> | null | undefined, dataPoints: number) {
  const raw = scheme?.spec.metrics.raw_metrics.map((m) => m.key) ?? [];
  return entity.entity_type === 'instrument' && dataPoints > 0 && inclinometerKind(raw) !== null;
}

/** The chain's profile, full width and tall; its limit profile is the critical upper limit of the resultant. */
function profileCard(
  entity: DashboardEntityRef,
  scheme: Pick<SchemeRef, 'spec'>,
  options: EntityCardOptions,
): DashboardCard {
  const limit = (options.limits ?? scheme.spec.metric_limits).find(
    (l) => l.metric === 'resultant' && l.level === 'critical' && l.bound === 'upper',
  );
  return {
    id: 'inclinometer-profile',
    type: 'inclinometer-profile',
    title: '',
    entity,
    mode: 'cumulative',
    datum: null,
    overlay_days: [0, 7, 30],
    limit: limit && limit.value > 0 ? limit.value : null,
    layout: { x: 0, y: 0, ...CARD_PRESETS.fullWidthTall },
  };
}
