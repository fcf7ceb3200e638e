import type { ReadingGroups } from '@vigil/domain';
import { CompiledQuery } from 'kysely';
import type { Db, Dialect } from '../../db/connection.ts';
import { deleteReplaced } from './replaced-readings.ts';
import { holdCompactionLock } from './compaction-lock-store.ts';
import { handReadings, type HandedReadings } from './handed-readings.ts';
import { INDEXED_GROUPS } from './reading-rest.ts';
import { insertRows, type Executor } from './insert-rows.ts';
import { findResent, markOf } from './resent-readings.ts';

/**
 * Longer than 400 lines on purpose: the statements of one ingest transaction, and the order in which
 * they lock rows, are easier to check in one file than across several.
 *
 * The write side of ingest (ADR 0007, 0008, 0014): the ONE module that writes readings,
 * metric_series, latest_readings and unknown_payloads. A batch goes in one transaction, as multi-row
 * statements with bound parameters; rows are sorted by key so that concurrent batches on PostgreSQL
 * lock in the same order and do not deadlock each other. Series values reach their day blocks later,
 * by compaction (compaction.ts).
 */

/** The metric groups of a stored reading, as JSON in readings.metrics and latest_readings.metrics. */
export type ReadingMetrics = ReadingGroups;

export interface NewReading {
  entityId: string;
  /** '' when the reading is not of a data point */
  dataPointId: string;
  /** canonical ISO-8601 UTC (`Date#toISOString`), so that equal instants are equal keys */
  readAt: string;
  /** epoch milliseconds of readAt */
  t: number;
  metrics: ReadingMetrics;
}

export interface NewUnknownPayload {
  id: string;
  eid: string | null;
  payloadType: 'unknown_eid' | 'invalid_payload';
  reason: string;
  /** the payload as received: JSON text for an unknown eid, the raw text of an unparsable one */
  incomingPayload: string;
}

/**
 * The series values of the readings a batch stored, for compaction to merge without reading them
 * back (ADR 0016): four numbers per value, its reading's seq, its series id, its time (epoch ms)
 * and the value. Null when a series id was not at hand (compaction then reads the readings).
 */
export interface StoredValues {
  /** readings stored, whose seq run from `first` to `last` */
  readings: number;
  first: number;
  last: number;
  values: Float64Array<ArrayBuffer> | null;
  /** what the readings' reading days keep (ADR 0048); on SQLite only, where compaction takes values handed over */
  days: HandedReadings | null;
}

export interface WriteBatch {
  projectId: string;
  receivedAt: string;
  readings: NewReading[];
  unknownPayloads: NewUnknownPayload[];
  /** notes the readings inserted in the evaluation backlog, as this engine's (ADR 0015) */
  backlogOwner?: string | undefined;
  /**
   * Replaces readings already stored under the same keys (a manual reading corrected, ADR 0027): the
   * old row and its values in day blocks go, and the new one takes a new seq to be compacted.
   */
  replace?: boolean;
  /** writes what belongs with the readings inserted (manual readings' audit, ADR 0027), in the same transaction */
  onInserted?: (trx: Db, inserted: readonly NewReading[]) => Promise<void>;
}

/** What a batch wrote: the readings inserted, their series values, and its evaluation backlog row. */
export interface WrittenBatch {
  inserted: NewReading[];
  stored: StoredValues;
  backlogId?: number;
}

export { insertRows, type Executor } from './insert-rows.ts';

const SERIES = {
  head: 'insert into metric_series (entity_id, data_point_id, metric_group, metric)',
  tail: 'on conflict do nothing',
  columns: 4,
};

/** An entity's own readings are keyed by its id alone: no string is built per reading. */
const channelKey = (entityId: string, dataPointId: string) =>
  dataPointId ? `${entityId}\u0000${dataPointId}` : entityId;
const readingKey = (r: { entityId: string; dataPointId: string; readAt: string }) =>
  `${r.entityId}\u0000${r.dataPointId}\u0000${r.readAt}`;

const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
/** The order of the readings' unique key: read_at, entity, data point. */
const inKeyOrder = (a: NewReading, b: NewReading) =>
  compare(a.readAt, b.readAt) || compare(a.entityId, b.entityId) || compare(a.dataPointId, b.dataPointId);

/** Series ids of one (entity, data point): group → metric → id. */
type ChannelSeries = Record<string, Map<string, number>>;

/** Committed series ids, per database: series rows are never renumbered, so a committed id stays valid. */
const seriesCaches = new WeakMap<object, Map<string, ChannelSeries>>();
const SERIES_CACHE_CHANNELS = 100_000;

function seriesOf(cache: Map<string, ChannelSeries>, channel: string): ChannelSeries {
  let series = cache.get(channel);
  if (!series) cache.set(channel, (series = {}));
  return series;
}

/**
 * Creates the series (entity, data point, group, metric) not stored yet, in key order, so that
 * concurrent transactions on PostgreSQL lock them in one order.
 */
export async function createSeries(
  trx: Executor,
  dialect: Dialect,
  series: ReadonlyArray<readonly [string, string, string, string]>,
): Promise<void> {
  const keyed = new Map(series.map((s) => [s.join('\u0000'), s]));
  const sorted = [...keyed].sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
  await insertRows(
    trx,
    dialect,
    SERIES,
    sorted.flatMap((entry) => entry[1]),
  );
}

/** The series of `readings` whose ids are not cached, as [entity, data point, group, metric]. */
function missingSeries(
  committed: Map<string, ChannelSeries>,
  readings: readonly NewReading[],
): Array<[string, string, string, string]> {
  const missing: Array<[string, string, string, string]> = [];
  const asked = new Set<string>();
  for (const r of readings) {
    const channel = channelKey(r.entityId, r.dataPointId);
    const known = committed.get(channel);
    for (const group of INDEXED_GROUPS) {
      for (const metric in r.metrics[group]) {
        if (known?.[group]?.has(metric)) continue;
        const key = `${channel}\u0000${group}\u0000${metric}`;
        if (asked.has(key)) continue;
        asked.add(key);
        missing.push([r.entityId, r.dataPointId, group, metric]);
      }
    }
  }
  return missing;
}

/** Finds or creates `missing` series; returns the ids of every series of their entities. */
async function resolveSeries(
  trx: Executor,
  dialect: Dialect,
  missing: ReadonlyArray<[string, string, string, string]>,
): Promise<Map<string, ChannelSeries>> {
  const fresh = new Map<string, ChannelSeries>();
  if (!missing.length) return fresh;
  await createSeries(trx, dialect, missing);
  // Read back every series of those entities: rows inserted now and rows another transaction inserted first.
  const entityIds = [...new Set(missing.map((m) => m[0]))];
  for (let i = 0; i < entityIds.length; i += 1000) {
    const ids = entityIds.slice(i, i + 1000);
    const marks = ids.map((_, n) => (dialect === 'postgres' ? `$${n + 1}` : '?')).join(',');
    const result = await trx.executeQuery<{
      id: number;
      entity_id: string;
      data_point_id: string;
      metric_group: string;
      metric: string;
    }>(
      CompiledQuery.raw(
        `select id, entity_id, data_point_id, metric_group, metric from metric_series where entity_id in (${marks})`,
        ids,
      ),
    );
    for (const row of result.rows) {
      const series = seriesOf(fresh, channelKey(row.entity_id, row.data_point_id));
      (series[row.metric_group] ??= new Map()).set(row.metric, Number(row.id));
    }
  }
  return fresh;
}

const UNKNOWN_PAYLOADS = {
  head: 'insert into unknown_payloads (id, project_id, eid, payload_type, reason, incoming_payload, received_at)',
  tail: '',
  columns: 7,
};
const READINGS = {
  head: 'insert into readings (read_at, entity_id, data_point_id, project_id, received_at, metrics)',
  tail: 'on conflict do nothing returning seq, entity_id, data_point_id, read_at',
  columns: 6,
};
const READINGS_UNRETURNED = { ...READINGS, tail: 'on conflict do nothing' };
const LATEST = {
  head: 'insert into latest_readings (entity_id, data_point_id, project_id, read_at, received_at, metrics)',
  tail: `on conflict (entity_id, data_point_id) do update set read_at = excluded.read_at,
    received_at = excluded.received_at, metrics = excluded.metrics
    where excluded.read_at > latest_readings.read_at`,
  columns: 6,
};

/** The entities' latest payload times (ADR 0019): never moved back by a late reading or a slow clock. */
const PAYLOAD_TIMES = {
  head: 'insert into entity_payload_times (entity_id, latest_payload_read_at, latest_payload_received_at)',
  tail: `on conflict (entity_id) do update set
    latest_payload_read_at = case when excluded.latest_payload_read_at > entity_payload_times.latest_payload_read_at
      then excluded.latest_payload_read_at else entity_payload_times.latest_payload_read_at end,
    latest_payload_received_at = case
      when excluded.latest_payload_received_at > entity_payload_times.latest_payload_received_at
      then excluded.latest_payload_received_at else entity_payload_times.latest_payload_received_at end`,
  columns: 3,
};

/**
 * Writes one batch in one transaction and returns the readings really inserted: a reading whose
 * (entity, data point, read_at) is already stored is skipped, and so is everything derived from it
 * (its series values, the latest reading, the entity's latest_payload_*): resends are idempotent.
 */
export async function writeBatch(db: Db, dialect: Dialect, batch: WriteBatch): Promise<WrittenBatch> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await writeOnce(db, dialect, batch);
    } catch (error) {
      // PostgreSQL may still pick a deadlock victim when batches overlap (e.g. with a registry update).
      const code = (error as { code?: unknown }).code;
      if (attempt >= 3 || (code !== '40P01' && code !== '40001')) throw error;
    }
  }
}

async function writeOnce(db: Db, dialect: Dialect, batch: WriteBatch): Promise<WrittenBatch> {
  let committed = seriesCaches.get(db);
  if (!committed) seriesCaches.set(db, (committed = new Map()));
  // Keyed and sorted as the readings' unique key, time first: appended together, locked in one order.
  // A reading sent twice in one batch counts once (the first: the sort is stable).
  let readings = [...batch.readings]
    .sort(inKeyOrder)
    .filter((r, i, sorted) => i === 0 || inKeyOrder(sorted[i - 1]!, r) !== 0);
  // Resent readings already in reading days (ADR 0048) are duplicates too; a correction is meant to be there.
  const resent = batch.replace ? null : await findResent(db, db, readings);
  if (resent?.resent.size) readings = readings.filter((r) => !resent.resent.has(r));
  // Everything is put together before the transaction: SQLite's one write lock is held only to write.
  const texts = new Map<NewReading, string>();
  for (const r of readings) texts.set(r, JSON.stringify(r.metrics));
  let params = readingParams(readings, batch, texts);
  const missing = missingSeries(committed, readings);
  let latest = latestRows(readings, batch, texts);
  let created = new Map<string, ChannelSeries>();
  let seqs = new Map<NewReading, number>();
  let backlogId: number | undefined;

  const inserted = await db.transaction().execute(async (trx) => {
    await holdCompactionLock(trx, dialect, 'shared');
    if (batch.unknownPayloads.length) {
      const params = batch.unknownPayloads.flatMap((u) => [
        u.id,
        batch.projectId,
        u.eid,
        u.payloadType,
        u.reason,
        u.incomingPayload,
        batch.receivedAt,
      ]);
      await insertRows(trx, dialect, UNKNOWN_PAYLOADS, params);
    }
    if (!readings.length) return [];
    // Compaction committed since the check above (rare): checked again, as of now.
    if (resent && (await markOf(trx)) !== resent.mark) {
      const again = await findResent(trx, db, readings);
      if (again.resent.size) {
        readings = readings.filter((r) => !again.resent.has(r));
        if (!readings.length) return [];
        params = readingParams(readings, batch, texts);
        latest = latestRows(readings, batch, texts);
      }
    }
    if (batch.replace) await deleteReplaced(trx, dialect, batch.projectId, readings);

    seqs = await insertReadings(trx, dialect, readings, params);
    if (!seqs.size) return [];
    const fresh = seqs.size === readings.length ? readings : readings.filter((r) => seqs.has(r));
    if (fresh !== readings) latest = latestRows(fresh, batch, texts);
    created = await resolveSeries(trx, dialect, missing);
    await insertRows(trx, dialect, LATEST, latest.readings);
    if (batch.replace) await replaceLatest(trx, fresh, texts, batch.receivedAt);
    await insertRows(
      trx,
      dialect,
      PAYLOAD_TIMES,
      latest.entities.flatMap(([id, readAt]) => [id, readAt, batch.receivedAt]),
    );
    if (batch.backlogOwner) backlogId = await noteBacklog(trx, dialect, batch, batch.backlogOwner, [...seqs.values()]);
    await batch.onInserted?.(trx, fresh);
    return fresh;
  });

  // Only ids of committed rows are cached: a rolled-back series id may be handed out again.
  if (committed.size + created.size > SERIES_CACHE_CHANNELS) committed.clear();
  for (const [channel, groups] of created) {
    const series = seriesOf(committed, channel);
    for (const group in groups) {
      const ids = (series[group] ??= new Map());
      for (const [metric, id] of groups[group]!) ids.set(metric, id);
    }
  }
  const stored = storedValues(inserted, seqs, committed);
  if (stored.values && dialect === 'sqlite')
    stored.days = handReadings(batch.projectId, batch.receivedAt, inserted, seqs);
  return { inserted, stored, backlogId };
}

/** The rows of `readings` as READINGS' parameters, flat. */
function readingParams(readings: readonly NewReading[], batch: WriteBatch, texts: Map<NewReading, string>) {
  const params: unknown[] = [];
  for (const r of readings)
    params.push(r.readAt, r.entityId, r.dataPointId, batch.projectId, batch.receivedAt, texts.get(r));
  return params;
}

/** A replaced reading that is its entity's newest is the latest reading with its new values. */
async function replaceLatest(
  trx: Db,
  readings: readonly NewReading[],
  texts: Map<NewReading, string>,
  receivedAt: string,
) {
  for (const r of readings) {
    await trx
      .updateTable('latest_readings')
      .set({ metrics: texts.get(r)!, received_at: receivedAt })
      .where('entity_id', '=', r.entityId)
      .where('data_point_id', '=', r.dataPointId)
      .where('read_at', '=', r.readAt)
      .execute();
  }
}

/**
 * Notes the batch's readings in the evaluation backlog: the project's readings from the first seq to
 * the last, and when other batches' readings fell in between (concurrent inserts on PostgreSQL;
 * never on SQLite, whose one writer hands a batch consecutive seqs), the batch's own seqs.
 */
async function noteBacklog(
  trx: Executor,
  dialect: Dialect,
  batch: WriteBatch,
  owner: string,
  seqs: number[],
): Promise<number> {
  let first = Infinity;
  let last = -Infinity;
  for (const seq of seqs) {
    if (seq < first) first = seq;
    if (seq > last) last = seq;
  }
  const listed = last - first + 1 === seqs.length ? null : JSON.stringify(seqs);
  const { rows } = await insertRows<{ id: number }>(
    trx,
    dialect,
    {
      head: 'insert into evaluation_backlog (project_id, first_seq, last_seq, seqs, received_at, owner)',
      tail: 'returning id',
      columns: 6,
    },
    [batch.projectId, first, last, listed, batch.receivedAt, owner],
  );
  return Number(rows[0]!.id);
}

/**
 * The latest_readings rows of `readings` (the newest of each entity and data point) and the newest
 * read_at of each entity, in key order.
 */
function latestRows(readings: readonly NewReading[], batch: WriteBatch, texts: Map<NewReading, string>) {
  const newest = new Map<string, NewReading>();
  const byEntity = new Map<string, string>();
  for (const r of readings) {
    const key = channelKey(r.entityId, r.dataPointId);
    const known = newest.get(key);
    if (!known || known.readAt < r.readAt) newest.set(key, r);
    const entityReadAt = byEntity.get(r.entityId);
    if (!entityReadAt || entityReadAt < r.readAt) byEntity.set(r.entityId, r.readAt);
  }
  const rows: unknown[] = [];
  for (const r of newest.values()) {
    rows.push(r.entityId, r.dataPointId, batch.projectId, r.readAt, batch.receivedAt, texts.get(r));
  }
  return { readings: rows, entities: [...byEntity].sort((a, b) => compare(a[0], b[0])) };
}

interface ReturnedReading {
  seq: number;
  entity_id: string;
  data_point_id: string;
  read_at: string;
}

/**
 * Inserts the readings (a stored one is skipped) and returns the seq of each one inserted. On SQLite
 * the rows are not returned one by one (a third of the insert's time): under the write lock this
 * transaction holds since `begin immediate`, AUTOINCREMENT hands out seqs in the order of the rows,
 * so when every row went in they are the n after the last one before. When some did not (a stored
 * reading still consumes a seq), the rows after that one are read back. PostgreSQL returns them.
 */
async function insertReadings(
  trx: Executor,
  dialect: Dialect,
  readings: readonly NewReading[],
  params: readonly unknown[],
): Promise<Map<NewReading, number>> {
  if (dialect === 'postgres')
    return seqsOf(readings, (await insertRows<ReturnedReading>(trx, dialect, READINGS, params)).rows);
  const last = await trx.executeQuery<{ seq: number }>(
    CompiledQuery.raw(`select seq from sqlite_sequence where name = 'readings'`),
  );
  const before = Number(last.rows[0]?.seq ?? 0);
  const { changed } = await insertRows(trx, dialect, READINGS_UNRETURNED, params);
  if (changed === readings.length) return new Map(readings.map((r, i) => [r, before + 1 + i]));
  const { rows } = await trx.executeQuery<ReturnedReading>(
    CompiledQuery.raw('select seq, entity_id, data_point_id, read_at from readings where seq > ?', [before]),
  );
  return seqsOf(readings, rows);
}

/** The seq of each reading inserted (a duplicate has none). */
function seqsOf(readings: readonly NewReading[], returned: ReturnedReading[]): Map<NewReading, number> {
  // RETURNING gives the rows in the order inserted, in practice: checked, and matched by key if not.
  const inOrder =
    returned.length === readings.length &&
    returned.every((row, i) => {
      const r = readings[i]!;
      return row.read_at === r.readAt && row.entity_id === r.entityId && row.data_point_id === r.dataPointId;
    });
  if (inOrder) return new Map(readings.map((r, i) => [r, Number(returned[i]!.seq)]));
  const byKey = new Map(
    returned.map((row) => [
      readingKey({ entityId: row.entity_id, dataPointId: row.data_point_id, readAt: row.read_at }),
      Number(row.seq),
    ]),
  );
  const seqs = new Map<NewReading, number>();
  for (const r of readings) {
    const seq = byKey.get(readingKey(r));
    if (seq !== undefined) seqs.set(r, seq);
  }
  return seqs;
}

function storedValues(
  readings: readonly NewReading[],
  seqs: Map<NewReading, number>,
  committed: Map<string, ChannelSeries>,
): StoredValues {
  let values = new Float64Array(readings.length * 16);
  let n = 0;
  let first = Infinity;
  let last = -Infinity;
  for (const r of readings) {
    const seq = seqs.get(r)!;
    if (seq < first) first = seq;
    if (seq > last) last = seq;
    const series = committed.get(channelKey(r.entityId, r.dataPointId));
    for (const group of INDEXED_GROUPS) {
      const metrics = r.metrics[group];
      for (const metric in metrics) {
        const id = series?.[group]?.get(metric);
        if (id === undefined) return { readings: readings.length, first, last, values: null, days: null };
        if (n + 4 > values.length) {
          const grown = new Float64Array(values.length * 2);
          grown.set(values);
          values = grown;
        }
        values[n++] = seq;
        values[n++] = id;
        values[n++] = r.t;
        values[n++] = metrics[metric]!;
      }
    }
  }
  return { readings: readings.length, first, last, values: values.slice(0, n), days: null };
}
