import type { ReadingGroups } from '@vigil/domain';
import type { Db, Dialect } from '../../db/connection.ts';
import { newBlockVersion } from './block-cache.ts';
import {
  countBlockRewrite,
  deleteBlockDay,
  findBlockVersionsBetween,
  findVersionedBlocksBetweenForUpdate,
} from './block-store.ts';
import { BLOCK_ROWS, DAY_ROWS } from './compaction.ts';
import { holdCompactionLock } from './compaction-lock-store.ts';
import { editReadingDays } from './reading-day-edits.ts';
import { restOf } from './reading-rest.ts';
import { rewriteLatestMetrics, rewriteReadingMetrics } from './reading-store.ts';
import {
  dayOf,
  decodeBlock,
  encodeBlock,
  mergeBlock,
  noValuesAdded,
  summarize,
  type AddedValues,
  type Block,
} from './series-blocks.ts';
import { findSeriesOfEntities } from './series-store.ts';
import { createSeries, insertRows } from './write-store.ts';

/**
 * Stored readings rewritten in place with new derived values (ADR 0040: a calibration's
 * recomputation): they keep their received_at and raw values; the groups that change
 * (calculated_metrics, invalid_metrics) are rewritten in their day blocks and summaries in the same
 * transaction, and what a reading keeps beyond its values (its `invalid_reasons`) in its reading day
 * (ADR 0048), or in its row while it is not in one. Only readings already compacted are rewritten, so that compaction never merges a
 * value handed over before the rewrite (ADR 0016).
 */

/** The groups a recomputation changes: raw values stay where ingest put them. */
const CHANGED_GROUPS = ['calculated_metrics', 'invalid_metrics'] as const;

export interface RewrittenReading {
  /** its row's, while it is not in a reading day (ADR 0048); null when it is */
  seq: number | null;
  dataPointId: string;
  readAt: string;
  t: number;
  before: ReadingGroups;
  after: ReadingGroups;
  /** `after` as JSON, as the row stores it */
  text: string;
}

/** One series' block of one day as it is to be written: null when it holds no value any more. */
interface PlannedBlock {
  key: string;
  seriesId: number | undefined;
  day: number;
  /** the version read, null when there was no block */
  version: number | null;
  block: Block | null;
}

export interface RewritePlan {
  entityId: string;
  readings: RewrittenReading[];
  blocks: PlannedBlock[];
  /** series to create, as [entity, data point, group, metric] */
  missing: Array<[string, string, string, string]>;
}

const seriesKey = (dataPointId: string, group: string, metric: string) => `${dataPointId}\u0000${group}\u0000${metric}`;

/** The blocks' new contents once `readings` are rewritten (read, merged, not written). */
export async function planRewrite(
  trx: Db,
  dialect: Dialect,
  entityId: string,
  readings: RewrittenReading[],
): Promise<RewritePlan> {
  await holdCompactionLock(trx, dialect, 'shared');
  const ids = await seriesIds(trx, entityId);
  // series key → day → the times to take out and the values to put in
  const changes = new Map<string, Map<number, { out: number[]; in: AddedValues }>>();
  const change = (key: string, t: number) => {
    let days = changes.get(key);
    if (!days) changes.set(key, (days = new Map()));
    const day = dayOf(t);
    let c = days.get(day);
    if (!c) days.set(day, (c = { out: [], in: noValuesAdded() }));
    return c;
  };
  for (const r of readings) {
    for (const group of CHANGED_GROUPS) {
      const before = r.before[group] ?? {};
      const after = r.after[group] ?? {};
      for (const metric in before) {
        if (!(metric in after)) change(seriesKey(r.dataPointId, group, metric), r.t).out.push(r.t);
      }
      for (const metric in after) {
        if (before[metric] !== after[metric]) {
          const added = change(seriesKey(r.dataPointId, group, metric), r.t).in;
          added.times.push(r.t);
          added.values.push(after[metric]!);
        }
      }
    }
  }
  const known = [...changes.keys()].flatMap((key) => (ids.has(key) ? [ids.get(key)!] : []));
  const days = [...changes.values()].flatMap((byDay) => [...byDay.keys()]);
  const stored = new Map<string, { data: Uint8Array; version: number }>();
  for (let i = 0; i < known.length && days.length; i += 500) {
    const part = known.slice(i, i + 500);
    const rows = await findVersionedBlocksBetweenForUpdate(trx, dialect, part, Math.min(...days), Math.max(...days));
    for (const b of rows) stored.set(`${b.series_id}:${Number(b.day)}`, { data: b.data, version: Number(b.version) });
  }
  const plan: RewritePlan = { entityId, readings, blocks: [], missing: [] };
  for (const [key, byDay] of changes) {
    const seriesId = ids.get(key);
    if (seriesId === undefined) {
      const [dataPointId, group, metric] = key.split('\u0000') as [string, string, string];
      plan.missing.push([entityId, dataPointId, group, metric]);
    }
    for (const [day, c] of byDay) {
      const old = seriesId === undefined ? undefined : stored.get(`${seriesId}:${day}`);
      let block: Block | undefined = old && withoutTimes(decodeBlock(old.data), c.out);
      if (c.in.times.length) block = mergeBlock(block, c.in);
      plan.blocks.push({
        key,
        seriesId,
        day,
        version: old?.version ?? null,
        block: block?.times.length ? block : null,
      });
    }
  }
  return plan;
}

/**
 * Writes a plan: the readings' rows, the latest readings among them, their blocks and summaries.
 * Returns null when a block changed since it was planned (a correction, SQLite): plan again. Otherwise
 * whether a rewritten reading is its channel's latest reading.
 */
export async function writeRewrite(trx: Db, dialect: Dialect, plan: RewritePlan): Promise<{ latest: boolean } | null> {
  await holdCompactionLock(trx, dialect, 'shared');
  if (!(await blocksUnchanged(trx, plan))) return null;
  if (plan.missing.length) await createSeries(trx, dialect, plan.missing);
  const ids = plan.missing.length ? await seriesIds(trx, plan.entityId) : null;
  const blockRows: unknown[] = [];
  const dayRows: unknown[] = [];
  for (const b of plan.blocks) {
    const id = b.seriesId ?? ids!.get(b.key)!;
    if (!b.block) {
      await deleteBlockDay(trx, id, b.day);
      continue;
    }
    const s = summarize(b.block);
    blockRows.push(id, b.day, encodeBlock(b.block), newBlockVersion());
    dayRows.push(id, b.day, s.count, s.sum, s.min, s.max, s.first_t, s.first, s.last_t, s.last);
  }
  await insertRows(trx, dialect, BLOCK_ROWS, blockRows);
  await insertRows(trx, dialect, DAY_ROWS, dayRows);
  // Compaction that read blocks before this write must not write them back over it (compaction.ts).
  await countBlockRewrite(trx);
  const rows = plan.readings.flatMap((r) => (r.seq === null ? [] : [{ seq: r.seq, text: r.text }]));
  await rewriteReadingMetrics(trx, dialect, rows);
  const rests = plan.readings.flatMap((r) => {
    const rest = r.seq === null ? restOf(r.after) : null;
    return rest === null || rest === restOf(r.before) ? [] : [{ dataPointId: r.dataPointId, t: r.t, rest }];
  });
  await editReadingDays(trx, dialect, plan.entityId, rests);
  return { latest: await updateLatest(trx, plan) };
}

/** series key (data point, group, metric) → id, of every series of the entity */
async function seriesIds(trx: Db, entityId: string): Promise<Map<string, number>> {
  const rows = await findSeriesOfEntities(trx, [entityId]);
  return new Map(rows.map((r) => [seriesKey(r.data_point_id, r.metric_group, r.metric), Number(r.id)]));
}

/** Whether every planned block is still at the version read (or still absent). */
async function blocksUnchanged(trx: Db, plan: RewritePlan): Promise<boolean> {
  const planned = plan.blocks.filter((b) => b.seriesId !== undefined);
  if (!planned.length) return true;
  const ids = [...new Set(planned.map((b) => b.seriesId!))];
  const days = planned.map((b) => b.day);
  const now = new Map<string, number>();
  for (let i = 0; i < ids.length; i += 500) {
    const rows = await findBlockVersionsBetween(trx, ids.slice(i, i + 500), Math.min(...days), Math.max(...days));
    for (const r of rows) now.set(`${r.series_id}:${Number(r.day)}`, Number(r.version));
  }
  return planned.every((b) => (now.get(`${b.seriesId}:${b.day}`) ?? null) === b.version);
}

/** Rewrites latest_readings where a rewritten reading is its channel's newest; whether one was. */
async function updateLatest(trx: Db, plan: RewritePlan): Promise<boolean> {
  const newest = new Map<string, RewrittenReading>();
  for (const r of plan.readings) {
    const known = newest.get(r.dataPointId);
    if (!known || known.readAt < r.readAt) newest.set(r.dataPointId, r);
  }
  let latest = false;
  for (const r of newest.values()) {
    const channel = { entityId: plan.entityId, dataPointId: r.dataPointId, readAt: r.readAt };
    if (await rewriteLatestMetrics(trx, channel, r.text)) latest = true;
  }
  return latest;
}

/** The block without its values at `times`. */
export function withoutTimes(block: Block, times: readonly number[]): Block {
  if (!times.length) return block;
  const drop = new Set(times);
  const keep: number[] = [];
  for (let i = 0; i < block.times.length; i++) if (!drop.has(block.times[i]!)) keep.push(i);
  if (keep.length === block.times.length) return block;
  return {
    times: Float64Array.from(keep, (i) => block.times[i]!),
    values: Float64Array.from(keep, (i) => block.values[i]!),
  };
}
