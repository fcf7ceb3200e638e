import type { Db, Dialect } from '../../db/connection.ts';
import { fromJson } from '../../db/values.ts';
import { saturated } from './finite-sums.ts';
import { blockCacheOf, type BlockCache } from './block-cache.ts';
import {
  findBlockDataFrom,
  findBlocksBefore,
  findBlocksOfDay,
  findBlockVersionsFrom,
  findDaySummaryRows,
  findVersionedBlocksBetween,
} from './block-store.ts';
import { compactedSeq, holdCompactionLock } from './compaction-lock-store.ts';
import { findReadingsOfEntitiesInSeqs, lastReadingSeq } from './reading-store.ts';
import { dayOf, decodeBlock, type Block } from './series-blocks.ts';
import type { SeriesRef } from './series-store.ts';
import { DAY_MS } from './time-units.ts';
import type { ReadingMetrics } from './write-store.ts';

/**
 * Longer than 400 lines on purpose: every read of series values takes the same consistent view of
 * blocks and tail (`readConsistently`), and keeping its readers together keeps that rule in sight.
 *
 * The read side of series values (ADR 0014): day blocks, plus the readings that compaction has not
 * reached yet (the tail). Every reader goes through here, inside `readConsistently`.
 */

/** A series' values in time order. */
export interface Values {
  times: ArrayLike<number>;
  values: ArrayLike<number>;
}

/** A stored day of a series, without its values. */
export interface DaySummary {
  seriesId: number;
  day: number;
  count: number;
  sum: number;
  min: number;
  max: number;
  firstT: number;
  first: number;
  lastT: number;
  last: number;
}

const BLOCK_QUERY_SERIES = 500;

/**
 * One consistent read of series values: blocks and the tail as of one moment. The tail of each
 * series is read once, the first time it is asked for, and then cut to each range asked.
 */
export class SeriesReader {
  readonly trx: Db;
  /** decoded blocks kept between reads, if this reader may use them */
  readonly cache: BlockCache | undefined;
  readonly #tails = new Map<number, Array<[number, number]>>();
  #range: [after: number, last: number] | undefined;

  constructor(trx: Db, cache?: BlockCache) {
    this.trx = trx;
    this.cache = cache;
  }

  /** The series' values in [from, end) that are not in blocks yet, in time order. */
  async tail(series: readonly SeriesRef[], from: number, end: number): Promise<Map<number, Array<[number, number]>>> {
    await this.#load(series.filter((s) => !this.#tails.has(s.id)));
    const out = new Map<number, Array<[number, number]>>();
    for (const s of series) {
      const pairs = this.#tails.get(s.id)!;
      if (!pairs.length) continue;
      const lo = pairs.findIndex((p) => p[0] >= from);
      if (lo < 0) continue;
      let hi = lo;
      while (hi < pairs.length && pairs[hi]![0] < end) hi++;
      if (hi > lo) out.set(s.id, pairs.slice(lo, hi));
    }
    return out;
  }

  /** The tail is short (compaction follows ingest): read in arrival order, sorted here. */
  async #load(series: readonly SeriesRef[]) {
    if (!series.length) return;
    const byChannel = new Map<string, SeriesRef[]>();
    for (const s of series) {
      this.#tails.set(s.id, []);
      const channel = `${s.entityId}\u0000${s.dataPointId}`;
      byChannel.set(channel, [...(byChannel.get(channel) ?? []), s]);
    }
    // Both ends of the tail, so that a planner without statistics (PostgreSQL after a bulk load)
    // still sees a short range of the key, not a third of the table.
    this.#range ??= await tailRange(this.trx);
    const [after, last] = this.#range;
    if (last <= after) return;
    const entityIds = [...new Set(series.map((s) => s.entityId))];
    for (let i = 0; i < entityIds.length; i += 1000) {
      const rows = await findReadingsOfEntitiesInSeqs(this.trx, entityIds.slice(i, i + 1000), after, last);
      for (const r of rows) {
        const wanted = byChannel.get(`${r.entity_id}\u0000${r.data_point_id}`);
        if (!wanted) continue;
        const metrics = fromJson<Partial<ReadingMetrics>>(r.metrics, {});
        const t = Date.parse(r.read_at);
        for (const s of wanted) {
          const value = metrics[s.group as keyof ReadingMetrics]?.[s.metric];
          if (typeof value === 'number') this.#tails.get(s.id)!.push([t, value]);
        }
      }
    }
    for (const s of series) this.#tails.get(s.id)!.sort((a, b) => a[0] - b[0]);
  }
}

/** The seq after which readings are not compacted yet, and the last seq stored. */
async function tailRange(trx: Db): Promise<[number, number]> {
  const after = await compactedSeq(trx);
  return [after, await lastReadingSeq(trx)];
}

/**
 * Runs `read` in one read-only transaction that compaction cannot interleave with (blocks and tail
 * agree). On SQLite it is a snapshot and waits for no writer.
 */
export async function readConsistently<T>(
  db: Db,
  dialect: Dialect,
  read: (reader: SeriesReader) => Promise<T>,
): Promise<T> {
  return db
    .transaction()
    .setAccessMode('read only')
    .execute(async (trx) => {
      await holdCompactionLock(trx, dialect, 'shared');
      return read(new SeriesReader(trx, blockCacheOf(db)));
    });
}

/** Each series' values in [from, end), in time order: its blocks, then its tail merged in. */
export async function readValues(
  reader: SeriesReader,
  series: readonly SeriesRef[],
  from: number,
  end: number,
): Promise<Map<number, Values>> {
  const out = new Map<number, Values>();
  for (const [id, parts] of await readValueParts(reader, series, from, end)) {
    out.set(id, parts.length === 1 ? parts[0]! : concat(parts, undefined));
  }
  return out;
}

/**
 * Each series' values in [from, end) as parts in time order (a block's, then the tail's), without
 * copying them into one array: a reader that walks them in order needs no copy of a year.
 */
export async function readValueParts(
  reader: SeriesReader,
  series: readonly SeriesRef[],
  from: number,
  end: number,
): Promise<Map<number, Values[]>> {
  const parts = new Map<number, Values[]>();
  for (let i = 0; i < series.length; i += BLOCK_QUERY_SERIES) {
    const ids = series.slice(i, i + BLOCK_QUERY_SERIES).map((s) => s.id);
    for (const b of await readBlocks(reader, ids, dayOf(from), end)) {
      const block = clip(b.block, from, end);
      if (!block.times.length) continue;
      const own = parts.get(b.seriesId);
      if (own) own.push(block);
      else parts.set(b.seriesId, [block]);
    }
  }
  const tail = await reader.tail(series, from, end);
  for (const [id, extra] of tail) {
    const own = parts.get(id);
    const lastBlock = own?.at(-1);
    if (!own) parts.set(id, [pairsToValues(extra)]);
    else if (extra[0]![0] > lastBlock!.times[lastBlock!.times.length - 1]!) own.push(pairsToValues(extra));
    // A back-fill or a correction not compacted yet: merged into the blocks in time order.
    else parts.set(id, [concat(own, extra)]);
  }
  return parts;
}

/**
 * The decoded blocks of the series in days [firstDay, end), by series then day. With a cache, the
 * versions are read first and only the data of the blocks not held at their version.
 */
async function readBlocks(
  reader: SeriesReader,
  seriesIds: readonly number[],
  firstDay: number,
  end: number,
): Promise<Array<{ seriesId: number; day: number; block: Block }>> {
  const cache = reader.cache;
  if (!cache) {
    const rows = await findBlockDataFrom(reader.trx, seriesIds, firstDay, end);
    return rows.map((r) => ({ seriesId: Number(r.series_id), day: Number(r.day), block: decodeBlock(r.data) }));
  }
  const versions = await findBlockVersionsFrom(reader.trx, seriesIds, firstDay, end);
  const out = versions.map((r) => {
    const seriesId = Number(r.series_id);
    const day = Number(r.day);
    const version = Number(r.version);
    return { seriesId, day, version, block: cache.get(seriesId, day, version) };
  });
  const missing = out.filter((b) => !b.block);
  if (missing.length) {
    const days = missing.map((b) => b.day);
    const missingIds = [...new Set(missing.map((b) => b.seriesId))];
    const rows = await findVersionedBlocksBetween(reader.trx, missingIds, Math.min(...days), Math.max(...days));
    const read = new Map(rows.map((r) => [`${r.series_id}:${Number(r.day)}`, r]));
    for (const b of missing) {
      const row = read.get(`${b.seriesId}:${b.day}`);
      if (!row) continue; // not in one snapshot's two reads: cannot happen, and is skipped
      b.block = decodeBlock(row.data);
      cache.set(b.seriesId, b.day, Number(row.version), b.block);
    }
  }
  return out.filter((b): b is typeof b & { block: Block } => b.block !== undefined);
}

const pairsToValues = (pairs: Array<[number, number]>): Values => ({
  times: Float64Array.from(pairs, (p) => p[0]),
  values: Float64Array.from(pairs, (p) => p[1]),
});

/** The part of a block in [from, end). */
function clip(block: { times: Float64Array; values: Float64Array }, from: number, end: number) {
  const { times, values } = block;
  let lo = 0;
  let hi = times.length;
  if (times[0]! < from) lo = lowerBound(times, from);
  if (times[hi - 1]! >= end) hi = lowerBound(times, end);
  return lo === 0 && hi === times.length
    ? block
    : { times: times.subarray(lo, hi), values: values.subarray(lo, Math.max(lo, hi)) };
}

function lowerBound(times: Float64Array, t: number): number {
  let lo = 0;
  let hi = times.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (times[mid]! < t) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Blocks (in day order) and tail values as one time-ordered series. */
function concat(blocks: Values[], extra: Array<[number, number]> | undefined): Values {
  const n = blocks.reduce((sum, b) => sum + b.times.length, 0) + (extra?.length ?? 0);
  const times = new Float64Array(n);
  const values = new Float64Array(n);
  let at = 0;
  for (const b of blocks) {
    times.set(b.times, at);
    values.set(b.values, at);
    at += b.times.length;
  }
  if (!extra) return { times, values };
  // The tail may hold older times than the blocks (a back-fill): merge in time order.
  for (const [t, v] of extra) {
    times[at] = t;
    values[at++] = v;
  }
  // A sort that keeps equal times in place: a value of the tail at a block's time (a corrected
  // reading, not compacted yet) comes after the block's and replaces it.
  const order = Array.from({ length: n }, (_, i) => i).sort((a, b) => times[a]! - times[b]!);
  const kept = order.filter((i, k) => k + 1 === order.length || times[order[k + 1]!] !== times[i]);
  return { times: Float64Array.from(kept, (i) => times[i]!), values: Float64Array.from(kept, (i) => values[i]!) };
}

/** The summary columns each use reads (a row is built per column: Q3 reads thousands of rows). */
const SUMMARY_COLUMNS = {
  avg: ['sum'],
  sum: ['sum'],
  count: [],
  min: ['min'],
  max: ['max'],
  first: ['first_t', 'first'],
  ends: ['first_t', 'first', 'last_t', 'last'],
} as const;

/**
 * Summaries of the stored days in [from, end) (whole days); the tail is not in them. Only what
 * `use` needs (and min and max `withExtent`) is read: the other fields are left neutral (sum 0, min +∞, max −∞, first at +∞).
 */
export async function findDaySummaries(
  trx: Db,
  seriesIds: readonly number[],
  from: number,
  end: number,
  use: keyof typeof SUMMARY_COLUMNS,
  withExtent = false,
): Promise<DaySummary[]> {
  const out: DaySummary[] = [];
  const columns = [...new Set([...SUMMARY_COLUMNS[use], ...(withExtent ? (['min', 'max'] as const) : [])])];
  for (let i = 0; i < seriesIds.length; i += BLOCK_QUERY_SERIES) {
    const rows = await findDaySummaryRows(trx, seriesIds.slice(i, i + BLOCK_QUERY_SERIES), from, end, columns);
    for (const r of rows) {
      out.push({
        seriesId: Number(r.series_id),
        day: Number(r.day),
        count: Number(r.count),
        // a sum stored as ±Infinity by compaction before sums were kept finite
        sum: saturated(r.sum ?? 0),
        min: r.min ?? Infinity,
        max: r.max ?? -Infinity,
        firstT: r.first_t === undefined ? Infinity : Number(r.first_t),
        first: r.first ?? 0,
        lastT: r.last_t === undefined ? -Infinity : Number(r.last_t),
        last: r.last ?? 0,
      });
    }
  }
  return out;
}

/** The first and last value of a series in a window. */
export interface SeriesEnds {
  seriesId: number;
  firstT: number;
  first: number;
  lastT: number;
  last: number;
}

/**
 * First and last value of each series in [from, end): whole days from their summaries, the days
 * cut by the window's edges from their values, and the tail.
 */
export async function findSeriesEnds(
  reader: SeriesReader,
  series: readonly SeriesRef[],
  from: number,
  end: number,
): Promise<SeriesEnds[]> {
  const ends = new Map<number, SeriesEnds>();
  const note = (seriesId: number, t: number, value: number) => {
    const e = ends.get(seriesId);
    if (!e) ends.set(seriesId, { seriesId, firstT: t, first: value, lastT: t, last: value });
    else {
      if (t < e.firstT) [e.firstT, e.first] = [t, value];
      if (t > e.lastT) [e.lastT, e.last] = [t, value];
    }
  };
  const firstDay = dayOf(from);
  const summaries = await findDaySummaries(
    reader.trx,
    series.map((s) => s.id),
    firstDay,
    end,
    'ends',
  );
  const cut = new Set<number>();
  for (const d of summaries) {
    if (d.day < from || d.day + DAY_MS > end) cut.add(d.seriesId);
    else {
      note(d.seriesId, d.firstT, d.first);
      note(d.seriesId, d.lastT, d.last);
    }
  }
  // Only the edge days of series that have one are read value by value.
  const edges = series.filter((s) => cut.has(s.id));
  const edgeDays = [...new Set([firstDay, dayOf(end - 1)])];
  for (const day of edgeDays) {
    const values = await readBlockValues(reader.trx, edges, day, Math.max(from, day), Math.min(end, day + DAY_MS));
    for (const [id, v] of values) for (let i = 0; i < v.times.length; i++) note(id, v.times[i]!, v.values[i]!);
  }
  for (const [id, pairs] of await reader.tail(series, from, end)) for (const [t, v] of pairs) note(id, t, v);
  return series.flatMap((s) => ends.get(s.id) ?? []);
}

/** Block values of one day, cut to [from, end). */
async function readBlockValues(trx: Db, series: readonly SeriesRef[], day: number, from: number, end: number) {
  const out = new Map<number, Values>();
  for (let i = 0; i < series.length; i += BLOCK_QUERY_SERIES) {
    const ids = series.slice(i, i + BLOCK_QUERY_SERIES).map((s) => s.id);
    const rows = await findBlocksOfDay(trx, ids, day);
    for (const r of rows) out.set(Number(r.series_id), clip(decodeBlock(r.data), from, end));
  }
  return out;
}

/** The newest `count` values of each series (fewer if it has fewer), in time order. */
export async function readNewest(
  reader: SeriesReader,
  series: readonly SeriesRef[],
  count: number,
): Promise<Map<number, Values>> {
  const out = new Map<number, Values>();
  const tail = await reader.tail(series, -Infinity, Infinity);
  for (const s of series) {
    const newest: Array<[number, number]> = [...(tail.get(s.id) ?? [])];
    // Days newest first until enough values: one block is a day, so this is a few rows. (Tail
    // values may be older than blocks, after a back-fill: only block values count here.)
    let before: number | undefined;
    let fromBlocks = 0;
    for (let limit = 3; fromBlocks < count; limit = 64) {
      const blocks = await findBlocksBefore(reader.trx, s.id, before, limit);
      for (const b of blocks) {
        const { times, values } = decodeBlock(b.data);
        for (let i = 0; i < times.length; i++) newest.push([times[i]!, values[i]!]);
        fromBlocks += times.length;
        before = Number(b.day);
      }
      if (blocks.length < limit) break;
    }
    if (!newest.length) continue;
    newest.sort((a, b) => a[0] - b[0]);
    const kept = newest.slice(-count);
    out.set(s.id, { times: kept.map((p) => p[0]), values: kept.map((p) => p[1]) });
  }
  return out;
}
