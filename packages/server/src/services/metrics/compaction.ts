import type { FastifyBaseLogger } from 'fastify';
import type { Db, Dialect } from '../../db/connection.ts';
import { fromJson } from '../../db/values.ts';
import { compactionMark, findBlocksBetween, findReadingsAfterSeq, setCompactedSeq } from './block-store.ts';
import { holdCompactionLock } from './compaction-lock-store.ts';
import { findSeriesOfEntities } from './series-store.ts';
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
import { readThenWrite } from '../../db/read-then-write.ts';
import { newBlockVersion } from './block-cache.ts';
import { HeldValues } from './stored-values.ts';
import { purgeDelay, purgeReadings } from './reading-purge.ts';
import { ReadingDayEntries } from './reading-day-merge.ts';
import { saveReadingDays, type SavedChannel, type SavedDay } from './reading-day-store.ts';
import { INDEXED_GROUPS, restOf } from './reading-rest.ts';
import { createSeries, insertRows, type ReadingMetrics, type StoredValues } from './write-store.ts';

/**
 * Compaction (ADR 0014): readings arrive in any order of devices and are stored in arrival order;
 * their series values are gathered here, afterwards, into one block per series and UTC day. Readers
 * take the blocks and the readings not compacted yet (`series-values.ts`), so what compaction has
 * not done yet is never missing, only slower to read.
 *
 * The same run keeps what each reading holds beyond its values in its channel's reading day
 * (ADR 0048): every reading up to `days_seq`, and no other, is in reading days. They follow
 * compacted_seq; a database from before them is caught up from the table first, COMPACTION_BATCH
 * rows a run. Readers take them from there (stored-readings.ts), and the rows go once ingest is idle
 * (reading-purge.ts), but for those the rules engine has still to evaluate.
 */

/** Readings per compaction transaction: bounds the memory and the time the database is held. */
export const COMPACTION_BATCH = 50_000;
/** How often an instance compacts whatever was stored, however little. */
export const COMPACTION_INTERVAL_SECONDS = 10;

export const BLOCK_ROWS = {
  head: 'insert into metric_blocks (series_id, day, data, version)',
  tail: 'on conflict (series_id, day) do update set data = excluded.data, version = excluded.version',
  columns: 4,
};
export const DAY_ROWS = {
  head: 'insert into metric_days (series_id, day, "count", "sum", "min", "max", first_t, "first", last_t, "last")',
  tail: `on conflict (series_id, day) do update set "count" = excluded."count", "sum" = excluded."sum",
    "min" = excluded."min", "max" = excluded."max", first_t = excluded.first_t, "first" = excluded."first",
    last_t = excluded.last_t, "last" = excluded."last"`,
  columns: 10,
};

/** Values ingest handed over (SQLite), and whether to compact only those (and gaps before them). */
export interface Handed {
  values: HeldValues;
  only: boolean;
}

/**
 * Compacts up to `limit` readings, and builds the reading days of up to `limit` readings compacted
 * before reading days existed; returns how many it took of both. The readings and blocks are read
 * and merged first; the result is written only if no other compaction moved the mark meanwhile.
 */
export async function compactOnce(
  db: Db,
  dialect: Dialect,
  limit = COMPACTION_BATCH,
  handed?: Handed,
): Promise<number> {
  let source = handed;
  for (;;) {
    let tookHanded = false;
    try {
      const compacted = await readThenWrite(
        db,
        dialect,
        async (trx) => {
          const merged = await mergeNext(trx, dialect, limit, source);
          tookHanded = merged.tookHanded;
          return merged;
        },
        (trx, merged) => writeMerged(trx, dialect, merged),
      );
      if (compacted !== null) return compacted;
    } catch (error) {
      // A series deleted (with its entity) after ingest handed its values over: read the readings instead.
      if (!tookHanded) throw error;
      source?.values.clear();
      source = undefined;
    }
  }
}

interface Merged {
  /** compacted_seq when the readings were read */
  after: number;
  /** metric_compaction.rewrites then: blocks rewritten since (ADR 0040) are merged again */
  rewrites: number;
  /** the last seq merged */
  last: number;
  readings: number;
  /** days_seq when the readings were read, and the last seq whose reading is in its reading day now */
  daysAfter: number;
  daysLast: number;
  /** readings compacted before, put in reading days now */
  backfilled: number;
  /** reading days to write, and their channels */
  readingDays: { channels: SavedChannel[]; days: SavedDay[] };
  /** BLOCKS and DAYS rows, flat */
  blocks: unknown[];
  days: unknown[];
  /** whether values handed over were taken */
  tookHanded: boolean;
  /** series of the readings not found, as [entity, data point, group, metric]: created, then merged again */
  missing: Array<[string, string, string, string]>;
}

async function writeMerged(trx: Db, dialect: Dialect, merged: Merged): Promise<number | null> {
  if (merged.last === merged.after && merged.daysLast === merged.daysAfter) return 0;
  const mark = await compactionMark(trx);
  if (mark.compacted !== merged.after || mark.rewrites !== merged.rewrites || mark.days !== merged.daysAfter)
    return null;
  if (merged.missing.length) {
    await createSeries(trx, dialect, merged.missing);
    return null;
  }
  await insertRows(trx, dialect, BLOCK_ROWS, merged.blocks);
  await insertRows(trx, dialect, DAY_ROWS, merged.days);
  await saveReadingDays(trx, dialect, merged.readingDays.channels, merged.readingDays.days);
  await setCompactedSeq(trx, merged.last, merged.daysLast);
  return merged.readings + merged.backfilled;
}

/** series id → day → the values to merge */
type Added = Map<number, Map<number, AddedValues>>;

function add(added: Added, id: number, t: number, value: number) {
  const day = dayOf(t);
  let days = added.get(id);
  if (!days) added.set(id, (days = new Map()));
  let values = days.get(day);
  if (!values) days.set(day, (values = noValuesAdded()));
  values.times.push(t);
  values.values.push(value);
}

/**
 * The next `limit` readings after compacted_seq, merged into the blocks and summaries of their days:
 * the values ingest handed over, and the readings before and between them read from the table; when
 * nothing is held, every reading stored, unless only what was handed over is to be compacted.
 */
async function mergeNext(trx: Db, dialect: Dialect, limit: number, handed?: Handed): Promise<Merged> {
  // On PostgreSQL, waits until no ingest transaction that may still commit a lower seq is open.
  await holdCompactionLock(trx, dialect, 'exclusive');
  const { compacted: after, rewrites, days: daysAfter } = await compactionMark(trx);
  const merged: Merged = {
    after,
    rewrites,
    last: after,
    readings: 0,
    daysAfter,
    daysLast: daysAfter,
    backfilled: 0,
    readingDays: { channels: [], days: [] },
    blocks: [],
    days: [],
    tookHanded: false,
    missing: [],
  };
  const added: Added = new Map();
  const dayEntries = new ReadingDayEntries();
  if (daysAfter < after) await backfillReadingDays(trx, limit, merged, dayEntries);
  // the readings compacted now go to their reading days too, once these have caught up
  const days = merged.daysLast === after ? dayEntries : undefined;
  // The readings before the first value handed over are read from the table (seq also runs on past
  // readings not stored: a resent reading takes one too), then the values handed over, and so on.
  while (merged.readings < limit) {
    const next = handed?.values.firstAfter(merged.last) ?? (handed?.only ? merged.last + 1 : Infinity);
    await readValues(trx, next, limit, merged, added, days);
    if (merged.missing.length || merged.last !== next - 1) break;
    const taken = handed?.values.take(merged.last, limit - merged.readings);
    if (!taken) break;
    for (const values of taken.values) {
      for (let i = 0; i < values.length; i += 4) {
        if (values[i]! > merged.last) add(added, values[i + 1]!, values[i + 2]!, values[i + 3]!);
      }
    }
    for (const handedDays of taken.days) days?.addHanded(handedDays, merged.last);
    merged.readings += taken.readings;
    merged.last = taken.last;
    merged.tookHanded = true;
  }
  if (merged.missing.length) return merged;
  if (days) merged.daysLast = merged.last;
  merged.readingDays = await dayEntries.merge(trx);

  const ids = [...added.keys()].sort((a, b) => a - b);
  for (let i = 0; i < ids.length; i += 500) {
    const part = ids.slice(i, i + 500);
    const touched = part.flatMap((id) => [...added.get(id)!.keys()]);
    const existing = await findBlocksBetween(trx, part, Math.min(...touched), Math.max(...touched));
    const old = new Map<string, Block>();
    for (const b of existing) old.set(`${b.series_id}:${Number(b.day)}`, decodeBlock(b.data));
    for (const id of part) {
      const byDay = [...added.get(id)!].sort((a, b) => a[0] - b[0]);
      for (const [day, values] of byDay) {
        const block = mergeBlock(old.get(`${id}:${day}`), values);
        const s = summarize(block);
        merged.blocks.push(id, day, encodeBlock(block), newBlockVersion());
        merged.days.push(id, day, s.count, s.sum, s.min, s.max, s.first_t, s.first, s.last_t, s.last);
      }
    }
  }
  return merged;
}

/**
 * The reading days of up to `limit` readings after days_seq, compacted before reading days existed
 * (ADR 0048's migration), read from the table: every one up to compacted_seq is committed.
 */
async function backfillReadingDays(trx: Db, limit: number, merged: Merged, days: ReadingDayEntries) {
  const readings = await findReadingsAfterSeq(trx, merged.daysAfter, merged.after + 1, limit);
  for (const r of readings) {
    const rest = restOf(fromJson<object>(r.metrics, {}));
    days.add(r.entity_id, r.data_point_id, r.project_id, Date.parse(r.read_at), Date.parse(r.received_at), rest);
  }
  merged.backfilled = readings.length;
  merged.daysLast = readings.length < limit ? merged.after : Number(readings.at(-1)!.seq);
}

/**
 * The values of the readings after `merged.last` and before `next`, up to `limit` in the run, read
 * from the readings (their series ids from metric_series), and what their reading days keep when
 * `days` is given. When fewer are found, the run up to `next` is done: on SQLite, where `next` is
 * set, no reading of a lower seq can still be committed.
 */
async function readValues(
  trx: Db,
  next: number,
  limit: number,
  merged: Merged,
  added: Added,
  days: ReadingDayEntries | undefined,
) {
  const after = merged.last;
  if (next <= after + 1) return;
  const room = limit - merged.readings;
  const readings = await findReadingsAfterSeq(trx, after, next, room);
  merged.readings += readings.length;
  if (readings.length < room && next !== Infinity) merged.last = next - 1;
  else if (readings.length) merged.last = Number(readings.at(-1)!.seq);
  if (!readings.length) return;
  const seriesRows = await findSeriesOfEntities(trx, [...new Set(readings.map((r) => r.entity_id))]);
  // channel (entity, data point) → group → metric → series id
  const seriesIds = new Map<string, Record<string, Map<string, number>>>();
  for (const row of seriesRows) {
    const channel = `${row.entity_id}\u0000${row.data_point_id}`;
    let groups = seriesIds.get(channel);
    if (!groups) seriesIds.set(channel, (groups = {}));
    (groups[row.metric_group] ??= new Map()).set(row.metric, Number(row.id));
  }
  for (const r of readings) {
    const metrics = fromJson<Partial<ReadingMetrics>>(r.metrics, {});
    const t = Date.parse(r.read_at);
    days?.add(r.entity_id, r.data_point_id, r.project_id, t, Date.parse(r.received_at), restOf(metrics));
    const groups = seriesIds.get(`${r.entity_id}\u0000${r.data_point_id}`);
    for (const group of INDEXED_GROUPS) {
      const values = metrics[group];
      for (const metric in values) {
        const id = groups?.[group]?.get(metric);
        // Ingest creates a reading's series in the reading's own transaction; should one be missing
        // all the same (a restored backup), it is created rather than compaction stalling for good.
        if (id === undefined) merged.missing.push([r.entity_id, r.data_point_id, group, metric]);
        else add(added, id, t, values[metric]!);
      }
    }
  }
}

export interface Compactor {
  /** Takes the values of readings just stored; compacts soon once enough have gathered. */
  noteStored(stored: StoredValues): void;
  /** Compacts everything stored so far and purges the rows kept in reading days, without waiting for ingest to be idle. */
  run(): Promise<void>;
  /**
   * Forgets the values handed over: compaction reads the readings instead. Before a reading is
   * replaced, so that its old values, perhaps handed over still, are not compacted after its row went.
   */
  forgetHeld(): Promise<void>;
}

/**
 * Compacts when COMPACTION_BATCH readings have been stored since the last run, and every
 * COMPACTION_INTERVAL_SECONDS whatever was stored (other instances' readings too, on PostgreSQL).
 */
export function startCompactor(host: {
  db: Db;
  dialect: Dialect;
  log: FastifyBaseLogger;
}): Compactor & { stop(): Promise<void> } {
  let stored = 0;
  // seq follows commit order only with SQLite's one writer (PostgreSQL hands out seq before commit)
  const held = host.dialect === 'sqlite' ? new HeldValues() : undefined;
  let running: Promise<void> | null = null;
  /** the run asked for next: of the values handed over only, or of everything stored */
  let asked: 'handed' | 'all' | null = null;
  let stopped = false;
  /** the purge: asked for with a run (it then purges at once), and what it waits for otherwise */
  const purge = { asked: false, lastStoredAt: 0, unpurged: 0 };
  let purgeTimer: NodeJS.Timeout | undefined;

  // The rows now kept in reading days go, in short transactions of their own (ADR 0048), once ingest is idle.
  const purgeOrWait = async () => {
    const delay = purgeDelay(purge, Date.now());
    if (delay > 0) {
      purgeTimer ??= setTimeout(() => {
        purgeTimer = undefined;
        void run('handed');
      }, delay);
      return;
    }
    purge.asked = false;
    purge.unpurged = 0;
    await purgeReadings(host.db, host.dialect);
  };
  const loop = async () => {
    while (asked && !stopped) {
      const handed = held && { values: held, only: asked === 'handed' };
      asked = null;
      stored = 0;
      while (!stopped && (await compactOnce(host.db, host.dialect, COMPACTION_BATCH, handed)) >= COMPACTION_BATCH);
      if (!stopped) await purgeOrWait();
    }
  };
  const run = (scope: 'handed' | 'all'): Promise<void> => {
    asked = asked === 'all' ? 'all' : scope;
    running ??= loop()
      .catch((error: unknown) => host.log.error({ err: error }, 'compaction failed'))
      .finally(() => (running = null));
    return running;
  };
  // While values are handed over, the readings before the first of them are read as a gap; the
  // rest of the table (another instance's readings, a restart's backlog) once no more arrive.
  let handedSinceTimer = false;
  const timer = setInterval(() => {
    void run(handedSinceTimer ? 'handed' : 'all');
    handedSinceTimer = false;
  }, COMPACTION_INTERVAL_SECONDS * 1000);
  timer.unref();

  return {
    noteStored(values) {
      held?.add(values);
      handedSinceTimer = true;
      stored += values.readings;
      purge.lastStoredAt = Date.now();
      purge.unpurged += values.readings;
      if (stored >= COMPACTION_BATCH && !running) void run('handed');
    },
    run: () => {
      purge.asked = true;
      return run('all');
    },
    forgetHeld: async () => void held?.clear(),
    async stop() {
      stopped = true;
      clearInterval(timer);
      clearTimeout(purgeTimer);
      await running;
    },
  };
}
