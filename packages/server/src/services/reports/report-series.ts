import type { AggregationFunction, TimeseriesResult } from '@vigil/domain';
import type { Db, Dialect } from '../../db/connection.ts';
import { timeseries } from '../metrics/timeseries-service.ts';

/** One read of the metrics service's timeseries over [from, to), by device. */
export interface SeriesRequest {
  metric: string;
  entityIds: readonly string[];
  from: number;
  to: number;
  intervalSec: number;
  fn: AggregationFunction;
  envelope?: boolean;
  validOnly?: boolean;
}

/** The series of the request keyed by device id, through the metrics service's public timeseries. */
export async function readSeries(
  db: Db,
  dialect: Dialect,
  projectId: string,
  request: SeriesRequest,
): Promise<Map<string, TimeseriesResult['data'][number]>> {
  if (!request.entityIds.length) return new Map();
  const json = await timeseries(db, dialect, projectId, {
    metric: request.metric,
    from_time: new Date(request.from).toISOString(),
    // to_time is inclusive: the period ends just before `to`
    to_time: new Date(request.to - 1).toISOString(),
    aggregation: {
      function: request.fn,
      group_by: 'monitored_entity',
      interval_sec: request.intervalSec,
      ...(request.envelope ? { envelope: true } : {}),
    },
    filters: { monitored_entity_ids: [...request.entityIds], valid_only: request.validOnly ?? true },
  });
  const result = JSON.parse(json.toString('utf8')) as TimeseriesResult;
  return new Map(result.data.map((s) => [s.monitored_entity ?? '', s]));
}
