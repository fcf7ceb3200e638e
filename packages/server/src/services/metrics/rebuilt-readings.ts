import { channelKeyOf } from './reading-day-store.ts';
import { withValues, type IndexedGroup } from './reading-rest.ts';
import type { ReadingRecord } from './reading-store.ts';
import { dayOf } from './series-blocks.ts';
import { findSeriesOfEntities, type SeriesRef } from './series-store.ts';
import { readValues, type SeriesReader, type Values } from './series-values.ts';
import { DAY_MS } from './time-units.ts';

/**
 * Rebuilding stored readings (ADR 0048): an entry found in a reading day holds its time,
 * received_at and rest; its values are the ones its channel's series hold at its time (the
 * invariant: a series holds a value at t exactly when the reading at t had that metric). Apart from
 * stored-readings.ts, which finds the entries, because readers rebuild only the ones they keep.
 */

/** A stored reading found, not rebuilt yet. */
export interface StoredEntry {
  entityId: string;
  dataPointId: string;
  /** read_at and received_at, epoch ms */
  t: number;
  received: number;
  /** in a reading day: the rest of its metrics (reading-rest.ts) */
  rest: string | null;
  /** in the table still: its row's seq and metrics (JSON) */
  seq: number | null;
  metrics: string | null;
}

/** A stored reading rebuilt: its row as it was stored (metrics as JSON), and its seq while it has a row. */
export interface StoredReading extends ReadingRecord {
  t: number;
  seq: number | null;
}

/**
 * The entries as readings, in the same order: a row's as stored, a reading day's rest filled with
 * the values its channel's series hold at its time (decoded a day at a time, from the block cache).
 */
export async function rebuildReadings(reader: SeriesReader, entries: readonly StoredEntry[]): Promise<StoredReading[]> {
  const compacted = entries.filter((e) => e.rest !== null);
  const seriesOf = await channelSeries(
    reader,
    compacted.map((e) => e.entityId),
  );
  // day → the series of the channels with a reading that day → their values of the day
  const byDay = new Map<number, Set<SeriesRef>>();
  for (const e of compacted) {
    const day = dayOf(e.t);
    let series = byDay.get(day);
    if (!series) byDay.set(day, (series = new Set()));
    for (const s of seriesOf.get(channelKeyOf(e.entityId, e.dataPointId)) ?? []) series.add(s);
  }
  const values = new Map<number, Map<number, Values>>();
  for (const [day, series] of byDay) values.set(day, await readValues(reader, [...series], day, day + DAY_MS));
  return entries.map((e) => {
    let metrics = e.metrics;
    if (metrics === null) {
      const ofDay = values.get(dayOf(e.t))!;
      const found: Array<{ group: IndexedGroup; metric: string; value: number }> = [];
      for (const s of seriesOf.get(channelKeyOf(e.entityId, e.dataPointId)) ?? []) {
        const v = ofDay.get(s.id);
        const at = v ? indexOf(v.times, e.t) : -1;
        if (at >= 0) found.push({ group: s.group as IndexedGroup, metric: s.metric, value: v!.values[at]! });
      }
      metrics = JSON.stringify(withValues(e.rest!, found));
    }
    return {
      entity_id: e.entityId,
      data_point_id: e.dataPointId,
      read_at: new Date(e.t).toISOString(),
      received_at: new Date(e.received).toISOString(),
      metrics,
      t: e.t,
      seq: e.seq,
    };
  });
}

/** channel key → its series, in the order of their ids (a rebuilt reading's keys follow it) */
async function channelSeries(reader: SeriesReader, entityIds: readonly string[]): Promise<Map<string, SeriesRef[]>> {
  const out = new Map<string, SeriesRef[]>();
  const unique = [...new Set(entityIds)];
  for (let i = 0; i < unique.length; i += 500) {
    for (const r of await findSeriesOfEntities(reader.trx, unique.slice(i, i + 500))) {
      const key = channelKeyOf(r.entity_id, r.data_point_id);
      const ref: SeriesRef = {
        id: Number(r.id),
        entityId: r.entity_id,
        dataPointId: r.data_point_id,
        group: r.metric_group,
        metric: r.metric,
      };
      out.set(key, [...(out.get(key) ?? []), ref]);
    }
  }
  for (const series of out.values()) series.sort((a, b) => a.id - b.id);
  return out;
}

function indexOf(times: ArrayLike<number>, t: number): number {
  let lo = 0;
  let hi = times.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (times[mid]! < t) lo = mid + 1;
    else hi = mid;
  }
  return lo < times.length && times[lo] === t ? lo : -1;
}
