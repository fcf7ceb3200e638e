import type { HeatmapBody, HeatmapResult } from '@vigil/domain';
import type { Db, Dialect } from '../../db/connection.ts';
import { fromJson } from '../../db/values.ts';
import { validationError } from '../../http/errors.ts';
import { wholeRange } from './bucketing.ts';
import { boundsOf, interpolateGrid, type LocatedValue } from './interpolation.ts';
import { keysOf, parseMetric, seriesSelector } from './metric-selection.ts';
import { findLocatedEntities, findSeries } from './series-store.ts';
import { aggregate } from './aggregate.ts';
import { findSeriesEnds, readConsistently } from './series-values.ts';

const DEFAULT_GRID = { width: 50, height: 50 };
const DEFAULT_LOOKBACK_S = 3600;
const iso = (t: number) => new Date(t).toISOString();

/** Per located entity, its value of the metric: the newest in the look-back, or the range's average. */
async function valuesByEntity(
  db: Db,
  dialect: Dialect,
  projectId: string,
  body: HeatmapBody,
  range: { from: number; end: number; pointInTime: boolean },
): Promise<Map<string, number>> {
  const series = await findSeries(db, projectId, seriesSelector(body.metric, true, body.filters, 'monitored_entity'));
  const { keys, keyIndex } = keysOf(series, 'monitored_entity');
  const values = new Map<string, number>();
  if (range.pointInTime) {
    const newest = new Map<string, number>();
    const found = await readConsistently(db, dialect, (reader) =>
      findSeriesEnds(reader, series, range.from, range.end),
    );
    for (const e of found) {
      const key = keys[keyIndex.get(e.seriesId)!]!;
      if ((newest.get(key) ?? -Infinity) < e.lastT) {
        newest.set(key, e.lastT);
        values.set(key, e.last);
      }
    }
    return values;
  }
  const plan = {
    bucketing: wholeRange(range.from, range.end),
    from: range.from,
    end: range.end,
    fn: 'avg' as const,
    excludeZero: false,
    envelope: false,
  };
  await aggregate(db, dialect, series, keyIndex, keys.length, plan, {
    window: () => undefined,
    point: (k, _, value) => values.set(keys[k]!, value),
  });
  return values;
}

/**
 * POST metrics/heatmap/: the metric over the project's located devices, interpolated on a grid
 * spanning them. Context metrics, which are constants of a device, come from the device itself.
 */
export async function heatmap(db: Db, dialect: Dialect, projectId: string, body: HeatmapBody): Promise<HeatmapResult> {
  const pointInTime = !body.from_time;
  const oversamplingMs = (body.time_interval_oversampling ?? (pointInTime ? DEFAULT_LOOKBACK_S : 0)) * 1000;
  const to = Date.parse((pointInTime ? body.time : body.to_time) ?? new Date().toISOString());
  const from = (pointInTime ? to : Date.parse(body.from_time!)) - oversamplingMs;
  if (from > to) throw validationError('Invalid time range', { from_time: ['Must not be after to_time'] });

  const entities = await findLocatedEntities(db, projectId, body.filters?.monitored_entity_ids);
  const { key, groups } = parseMetric(body.metric, true);
  let values = await valuesByEntity(db, dialect, projectId, body, { from, end: to + 1, pointInTime });
  if (!values.size && groups.includes('context_metrics')) {
    values = new Map();
    for (const e of entities) {
      const value = fromJson<Record<string, unknown>>(e.context, {})[key];
      if (typeof value === 'number' && Number.isFinite(value)) values.set(e.id, value);
    }
  }

  const points = entities.map((e) => ({
    monitored_entity: e.id,
    longitude: e.longitude,
    latitude: e.latitude,
    value: values.get(e.id) ?? null,
  }));
  const located: LocatedValue[] = points.flatMap((p) => (p.value === null ? [] : [{ ...p, value: p.value }]));
  const bounds = boundsOf(located);
  const grid = body.interpolation.grid ?? DEFAULT_GRID;
  const options = { method: body.interpolation.method, power: body.interpolation.power ?? 2, ...grid };
  return {
    metric: body.metric,
    from_time: iso(from),
    to_time: iso(to),
    method: options.method,
    bounds,
    grid: { ...grid, values: bounds ? interpolateGrid(located, bounds, options) : [] },
    points,
  };
}
