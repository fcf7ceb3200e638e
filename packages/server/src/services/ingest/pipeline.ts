import { factorsInEffect } from '@vigil/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { Bus } from '../../bus/bus.ts';
import type { Config } from '../../config.ts';
import type { Db, Dialect } from '../../db/connection.ts';
import { findCalibrations } from '../registry/calibration-store.ts';
import { newId } from '../../db/values.ts';
import { addDetail, validationError, type ErrorDetails } from '../../http/errors.ts';
import { writeBatch, type NewReading, type NewUnknownPayload, type StoredValues } from '../metrics/write-store.ts';
import { compileScheme, deriveMetrics, numericContext, type CompiledScheme } from './metric-rules.ts';
import { findOpenSessions, recordCorrection, recordManualReadings, type ManualEntry } from './manual-reading-store.ts';
import { parsePayloads, type IngestResult, type Payload } from './payload-shape.ts';
import { findDataPointEntities, findEntitiesByEid, findSchemeSpecs, type EntityRow } from './store.ts';

/**
 * Where payloads come from. `history` is a back-fill (the demo's 90 days): stored like any other
 * payload but announced on no bus topic, so that old readings raise no fresh events.
 */
export type IngestSource = 'http' | 'mqtt' | 'simulator' | 'history' | 'import';

/** Manual readings (ADR 0027): who enters them, or the correction a payload makes of one. */
export interface IngestOptions {
  /** the signed-in user sending manual readings */
  enteredBy?: string;
  /** the payload replaces the stored manual reading `readingId` */
  correction?: { readingId: string; by: string; reason: string };
  /**
   * The devices an ingest key covers (ADR 0035): payloads of the project's other devices are not
   * stored, only counted as out_of_scope. Unset or null: every device.
   */
  scope?: ReadonlySet<string> | null;
}

/** What ingest tells compaction (ADR 0014, 0016); the background worker's compactor is one. */
export interface StoredValuesSink {
  /** takes the values just stored, so that they are compacted soon */
  noteStored(stored: StoredValues): void;
  /** forgets the values handed over, before a reading they came from is replaced */
  forgetHeld(): Promise<void>;
}

/** Whose evaluation backlog stored readings are noted in (ADR 0015); the rules engine is one. */
export interface BacklogOwner {
  readonly instanceId: string;
}

/** What the pipeline needs of the app; a FastifyInstance is one. */
export interface IngestHost {
  db: Db;
  dialect: Dialect;
  bus: Bus;
  log: FastifyBaseLogger;
  /** EARLIEST_READ_AT: no reading may be read before it (epoch ms) */
  config: Pick<Config, 'EARLIEST_READ_AT'>;
  /** handed the values just stored, so that it compacts them soon (ADR 0014, 0016) */
  compactor?: StoredValuesSink | null;
  /** when this instance runs the rules engine, stored readings are noted in its backlog (ADR 0015) */
  rulesEngine?: BacklogOwner | null;
}

/** How far ahead of the server's clock a read_at may be (clock skew of field loggers). */
export const MAX_FUTURE_MS = 5 * 60_000;

const schemeCaches = new WeakMap<object, Map<string, { updatedAt: string; compiled: CompiledScheme }>>();
const NO_SCHEME = compileScheme('{}');

/** The compiled schemes of `entities`, recompiled only when a scheme's updated_at changed. */
async function schemesOf(db: Db, entities: Iterable<EntityRow>): Promise<Map<string, CompiledScheme>> {
  let cache = schemeCaches.get(db);
  if (!cache) schemeCaches.set(db, (cache = new Map()));
  const stale = new Set<string>();
  for (const e of entities) {
    if (e.schemeId && cache.get(e.schemeId)?.updatedAt !== e.schemeUpdatedAt) stale.add(e.schemeId);
  }
  if (stale.size) {
    if (cache.size > 10_000) cache.clear();
    for (const row of await findSchemeSpecs(db, [...stale])) {
      cache.set(row.id, { updatedAt: row.updatedAt, compiled: compileScheme(row.spec) });
    }
  }
  const out = new Map<string, CompiledScheme>();
  for (const [id, entry] of cache) out.set(id, entry.compiled);
  return out;
}

/**
 * The one ingest pipeline of HTTP, MQTT, the simulator and the demo history: checks the payloads
 * (one or an array, each read between EARLIEST_READ_AT and 5 minutes from now), resolves their eids
 * in the project, moves values beyond invalid bounds to invalid_metrics, computes calculated metrics,
 * and writes the batch in one transaction. Bad input throws a ValidationError naming item and field,
 * before anything is written. Unknown eids are kept as unknown payloads. Readings already stored
 * count as duplicates and change nothing.
 */
export async function ingestPayloads(
  app: IngestHost,
  projectId: string,
  input: unknown,
  source: IngestSource,
  options: IngestOptions = {},
): Promise<IngestResult> {
  const receivedAt = new Date();
  const { payloads, prefixes, details } = parsePayloads(input);
  const fail = (d: ErrorDetails) => validationError('The payloads were not stored: fix the fields named', d);
  if (Object.keys(details).length) throw fail(details);
  const add = (field: string, message: string) => addDetail(details, field, message);

  // A batch's payloads mostly share a few times (a logger's channels, a site's scan): each is parsed
  // and written canonically once.
  const parsed = new Map<string, number>();
  const canonical = new Map<number, string>();
  const earliest = app.config.EARLIEST_READ_AT;
  const times = payloads.map((p, i) => {
    let t = parsed.get(p.read_at);
    if (t === undefined) parsed.set(p.read_at, (t = Date.parse(p.read_at)));
    if (!Number.isFinite(t)) add(`${prefixes[i]}read_at`, 'Not a valid date and time');
    else if (t < earliest) add(`${prefixes[i]}read_at`, `Must not be before ${new Date(earliest).toISOString()}`);
    else if (t > receivedAt.getTime() + MAX_FUTURE_MS)
      add(`${prefixes[i]}read_at`, 'Must not be more than 5 minutes ahead');
    return t;
  });

  const entities = new Map(
    (await findEntitiesByEid(app.db, projectId, [...new Set(payloads.map((p) => p.eid))])).map((e) => [e.eid, e]),
  );
  const schemes = await schemesOf(app.db, entities.values());
  const schemeOf = (entity: EntityRow) => (entity.schemeId && schemes.get(entity.schemeId)) || NO_SCHEME;
  // Calibrations are read once a batch, and only for devices whose formulas read `cal.<name>`.
  const calibrations = await findCalibrations(
    app.db,
    [...entities.values()].filter((e) => schemeOf(e).readsCalibration).map((e) => e.id),
  );
  const dataPointIds = [...new Set(payloads.flatMap((p) => (p.data_point_id ? [p.data_point_id] : [])))];
  const dataPoints = dataPointIds.length ? await findDataPointEntities(app.db, projectId, dataPointIds) : new Map();

  const sessionIds = [...new Set(payloads.flatMap((p) => (p.data_session ? [p.data_session] : [])))];
  const openSessions = await findOpenSessions(app.db, projectId, sessionIds);
  const manual = new Map<NewReading, ManualEntry>();

  const readings: NewReading[] = [];
  const unknownPayloads: NewUnknownPayload[] = [];
  const contexts = new Map<string, Record<string, number>>();
  let outOfScope = 0;
  payloads.forEach((payload, i) => {
    const entity = entities.get(payload.eid);
    if (entity && options.scope && !options.scope.has(entity.id)) {
      outOfScope += 1;
      return;
    }
    const sessionProblem = manualProblem(payload, openSessions, options.enteredBy);
    if (sessionProblem) add(`${prefixes[i]}${sessionProblem[0]}`, sessionProblem[1]);
    if (!entity && payload.source === 'manual') {
      add(`${prefixes[i]}eid`, `No device with the id ${payload.eid} in this project`);
      return;
    }
    if (!entity) {
      unknownPayloads.push({
        id: newId(),
        eid: payload.eid,
        payloadType: 'unknown_eid',
        reason: `No device with the id ${payload.eid} in this project`,
        incomingPayload: JSON.stringify(payload),
      });
      return;
    }
    const scheme = schemeOf(entity);
    for (const key of Object.keys(payload.raw_metrics)) {
      if (!scheme.rawKeys.has(key)) add(`${prefixes[i]}raw_metrics.${key}`, `Not a raw metric of ${payload.eid}`);
    }
    if (payload.data_point_id && dataPoints.get(payload.data_point_id) !== entity.id) {
      add(`${prefixes[i]}data_point_id`, `Not a data point of ${payload.eid}`);
    }
    let context = contexts.get(entity.id);
    if (!context) contexts.set(entity.id, (context = numericContext(entity.context)));
    const t = times[i]!;
    let readAt = canonical.get(t);
    if (readAt === undefined) canonical.set(t, (readAt = new Date(t).toISOString()));
    const reading: NewReading = {
      entityId: entity.id,
      dataPointId: payload.data_point_id ?? '',
      readAt,
      t,
      metrics: deriveMetrics(
        scheme,
        payload.raw_metrics,
        context,
        scheme.readsCalibration ? factorsInEffect(calibrations.get(entity.id) ?? [], t) : undefined,
      ),
    };
    readings.push(reading);
    if (payload.data_session) manual.set(reading, { sessionId: payload.data_session, raw: payload.raw_metrics });
  });
  if (Object.keys(details).length) throw fail(details);

  const receivedIso = receivedAt.toISOString();
  if (options.correction) await app.compactor?.forgetHeld();
  const { inserted, stored, backlogId } = await writeBatch(app.db, app.dialect, {
    projectId,
    receivedAt: receivedIso,
    readings,
    unknownPayloads,
    backlogOwner: source === 'history' ? undefined : app.rulesEngine?.instanceId,
    ...(manual.size && options.enteredBy
      ? { onInserted: recordManualReadings(projectId, manual, options.enteredBy, receivedAt.toISOString()) }
      : {}),
    ...(options.correction
      ? {
          replace: true,
          onInserted: recordCorrection(options.correction, payloads[0]!.raw_metrics, receivedAt.toISOString()),
        }
      : {}),
  });
  if (stored.readings) app.compactor?.noteStored(stored);

  let invalidValues = 0;
  for (const r of inserted) invalidValues += Object.keys(r.metrics.invalid_metrics).length;
  if (source !== 'history') {
    for (const u of unknownPayloads) {
      app.bus.publish('payload.unknown', {
        projectId,
        unknownPayloadId: u.id,
        eid: u.eid,
        payloadType: u.payloadType,
        reason: u.reason,
      });
    }
    if (inserted.length) {
      app.bus.publish('readings.stored', {
        projectId,
        ...(backlogId === undefined ? {} : { backlogId }),
        readings: inserted.map((r) => ({
          entityId: r.entityId,
          dataPointId: r.dataPointId,
          readAt: r.readAt,
          t: r.t,
          receivedAt: receivedIso,
          metrics: busMetrics(r.metrics),
        })),
      });
    }
  }
  return {
    accepted: inserted.length,
    duplicates: readings.length - inserted.length,
    unknown: unknownPayloads.length,
    invalid_values: invalidValues,
    out_of_scope: outOfScope,
  };
}

/** A reading's numeric groups as the bus carries them: the reasons of invalid values stay in the stored reading. */
function busMetrics({ invalid_reasons: _reasons, ...numeric }: NewReading['metrics']) {
  return numeric;
}

/**
 * What is wrong with a payload's manual fields, as [field, message]: a manual reading is entered by a
 * signed-in user into an open data session of the project, and only manual readings have a session.
 */
function manualProblem(payload: Payload, openSessions: Set<string>, enteredBy: string | undefined) {
  if (payload.source !== 'manual') {
    return payload.data_session
      ? (['source', 'Only manual readings (source: manual) have a data session'] as const)
      : null;
  }
  if (!enteredBy) return ['source', 'Manual readings are entered by a signed-in user, through HTTP'] as const;
  if (!payload.data_session) return ['data_session', 'A manual reading names its data session'] as const;
  if (!openSessions.has(payload.data_session)) return ['data_session', 'No open data session with this id'] as const;
  return null;
}

/** Keeps a payload that could not be read (not JSON, or refused) as an unknown payload of type invalid_payload. */
export async function recordInvalidPayload(
  app: IngestHost,
  projectId: string,
  incoming: { eid: string | null; text: string; reason: string },
): Promise<string> {
  const unknown: NewUnknownPayload = {
    id: newId(),
    eid: incoming.eid,
    payloadType: 'invalid_payload',
    reason: incoming.reason.slice(0, 2000),
    incomingPayload: incoming.text.slice(0, 65_536),
  };
  await writeBatch(app.db, app.dialect, {
    projectId,
    receivedAt: new Date().toISOString(),
    readings: [],
    unknownPayloads: [unknown],
  });
  app.bus.publish('payload.unknown', {
    projectId,
    unknownPayloadId: unknown.id,
    eid: unknown.eid,
    payloadType: unknown.payloadType,
    reason: unknown.reason,
  });
  return unknown.id;
}
