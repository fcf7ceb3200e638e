import type { DashboardCard, HeatmapBody } from '@vigil/domain';

type Card = Extract<DashboardCard, { type: 'heatmap' }>;

/** Cells of the interpolated grid each way: fine enough for a card, cheap for the server. */
export const HEATMAP_GRID = { width: 64, height: 64 } as const;

/**
 * The card's one provider call: each device's newest value in the `time_interval_oversampling`
 * seconds before `now`, over the group's devices (`memberIds`) or every device (null).
 */
export function heatmapRequest(
  card: Pick<Card, 'metric' | 'method' | 'time_interval_oversampling'>,
  memberIds: readonly string[] | null,
  now: Date,
): HeatmapBody {
  return {
    metric: card.metric,
    time: now.toISOString(),
    interpolation: { method: card.method, grid: HEATMAP_GRID },
    time_interval_oversampling: card.time_interval_oversampling,
    ...(memberIds ? { filters: { monitored_entity_ids: [...memberIds] } } : {}),
  };
}
