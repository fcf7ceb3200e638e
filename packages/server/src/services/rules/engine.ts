import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Bus, BusEvents } from '../../bus/bus.ts';
import { alarmTick } from '../alarms/alarm-tick.ts';
import type { Db, Dialect } from '../../db/connection.ts';
import { evaluateConnectivity } from './connectivity-rules.ts';
import { dataQualityNodes, evaluateDataQuality } from './data-quality-rules.ts';
import { readThenWrite } from '../../db/read-then-write.ts';
import { registryVersion } from '../../db/registry-version.ts';
import { unchangedSince, type Trx } from './engine-entity.ts';
import { engineEntities } from './held-entities.ts';
import { applyEvaluations } from './apply-evaluations.ts';
import { claimBacklog, forgetBacklog } from '../metrics/evaluation-backlog-store.ts';
import { findLatestOfEntity } from '../metrics/reading-store.ts';
import { findTickedEntityIds } from '../registry/entity-evaluation-store.ts';
import { Evaluation, type EngineReading } from './evaluation.ts';
import type { ExecutionInput } from './event-recorder.ts';
import { recordPayloadEvent } from './payload-events.ts';
import { FLUSH_SECONDS, ruleMemories } from './rule-memories.ts';
import { evaluateReading } from './reading-rules.ts';
import { evaluateMetricLimits } from './metric-limit-rules.ts';
import { fromJson } from '../../db/values.ts';
import { StatisticsWindows } from './statistics-windows.ts';

export interface RulesEngineHost {
  db: Db;
  dialect: Dialect;
  bus: Bus;
  log: FastifyBaseLogger;
}

export interface RulesEngine {
  /** whose readings ingest notes in the evaluation backlog (ADR 0015): one per server instance */
  readonly instanceId: string;
  /** Evaluates the time-based states (connectivity) of every entity, and interface nodes' data quality, as of `now`. */
  tick(now?: Date): Promise<void>;
  /** Resolves when everything queued so far has been evaluated and written. */
  idle(): Promise<void>;
  stop(): Promise<void>;
}

/** Entities per transaction on the tick. */
const TICK_CHUNK = 200;
/** Evaluations of one batch started again because a registry edit changed an entity meanwhile. */
const MAX_ATTEMPTS = 5;
type StoredReading = BusEvents['readings.stored']['readings'][number];
/** Backlog batches some of whose readings wait for a retry (ADR 0015). */
interface Retrying {
  backlog: readonly number[];
  waiting: number;
}
/** Delays before an entity's readings whose evaluation failed are tried again; then they are given up. */
const RETRY_SECONDS = [1, 5, 30];
/** Backlog batches claimed and evaluated together. */
const BACKLOG_CHUNK = 20;
/** On PostgreSQL, another instance's backlog batches older than this are presumed orphaned (ADR 0015). */
const ORPHANED_AFTER_MS = 5 * 60_000;
const METRIC_EVENTS = new Set(['metric_limits_state_changed', 'metric_limit_reached', 'metric_quality_state_changed']);

/** Whether an entity's readings are in time order already, as a logger sends them. */
function inTimeOrder(list: readonly EngineReading[]): boolean {
  for (let i = 1; i < list.length; i++) if (list[i - 1]!.t > list[i]!.t) return false;
  return true;
}

/**
 * The rules engine (ADR 0011): evaluates readings as ingest stores them, payloads it could not
 * use, and on a tick the states that change with time alone. Work runs one job at a time in this
 * instance; on PostgreSQL the entity rows are locked, so several instances never evaluate one
 * entity at once. A failing job is logged and the engine goes on; readings whose evaluation failed
 * are evaluated again (evaluateReadings).
 */
export function startRulesEngine(
  host: RulesEngineHost,
  options: {
    tickSeconds: number;
    /** this server instance's; a new one by default */
    instanceId?: string | undefined;
    /** first takes over the backlog of stopped engines: the server's first worker does (ADR 0015) */
    claimBacklog?: boolean | undefined;
  },
): RulesEngine {
  const { db, dialect, bus, log } = host;
  const instanceId = options.instanceId ?? randomUUID();
  let chain: Promise<void> = Promise.resolve();
  const windows = new StatisticsWindows();
  const retries = new Set<NodeJS.Timeout>();
  const nodesOf = dataQualityNodes();
  const memories = ruleMemories(db, dialect);
  const entitiesOf = engineEntities(dialect);
  const enqueue = (name: string, job: () => Promise<void>) => {
    chain = chain.then(job).catch((error: unknown) => log.error({ err: error, job: name }, 'rules engine job failed'));
    return chain;
  };

  /**
   * Runs `run` on each entity, after `prepare` (what the rules need from the database), then the
   * data quality of the interface nodes over those entities. The nodes are loaded with the entities,
   * in one id order. What the rules found is written only if no entity changed since it was read
   * (a registry edit); otherwise the evaluation starts again from fresh rows. The backlog batches
   * `backlog` are forgotten with what it writes.
   */
  async function evaluate(
    entityIds: string[],
    run: (ev: Evaluation, failures: ExecutionInput[]) => void,
    prepare?: (trx: Trx, evaluations: Evaluation[]) => Promise<void>,
    backlog: readonly number[] = [],
  ) {
    for (let attempt = 1; ; attempt++) {
      const written = await readThenWrite(
        db,
        dialect,
        async (trx) => {
          const version = await registryVersion(trx);
          const nodeIds = await nodesOf(trx, entityIds, version);
          const entities = await entitiesOf.load(trx, [...entityIds, ...nodeIds], version);
          const memory = await memories.load(
            trx,
            entities.map((e) => e.id),
          );
          const evaluations = new Map(entities.map((e) => [e.id, new Evaluation(e, memory.get(e.id)!)]));
          const targets = new Set(entityIds);
          const evaluated = [...evaluations.values()].filter((ev) => targets.has(ev.entity.id));
          await prepare?.(trx, evaluated);
          const failures = new Map<Evaluation, ExecutionInput[]>();
          for (const ev of evaluated) {
            const list: ExecutionInput[] = [];
            run(ev, list);
            failures.set(ev, list);
          }
          return { version, nodeIds, entities, evaluations, failures };
        },
        async (trx, { version, nodeIds, entities, evaluations, failures }) => {
          if (!(await unchangedSince(trx, entities, version))) return null;
          await evaluateDataQuality(trx, evaluations, nodeIds, new Date().toISOString());
          const created = await applyEvaluations(trx, evaluations.values(), failures);
          const remembered = [...evaluations.values()].map((ev) => ({ entityId: ev.entity.id, memory: ev.memory }));
          await memories.save(trx, remembered);
          await forgetBacklog(trx, backlog);
          return { created, remembered, entities };
        },
      );
      if (written) {
        memories.committed(written.remembered);
        entitiesOf.committed(written.entities);
        return announce(written.created);
      }
      if (attempt >= MAX_ATTEMPTS) throw new Error(`entities kept changing during ${attempt} evaluations`);
    }
  }

  function announce(created: Array<BusEvents['notification.created']>) {
    for (const n of created) {
      bus.publish('notification.created', n);
      const type = n.notification.notification_type.name;
      if (METRIC_EVENTS.has(type)) {
        bus.publish('metrics.rule', {
          projectId: n.projectId,
          data: { notification_id: n.notification.id, event_type: type, ...(n.notification.extra as object) },
        });
      }
    }
  }

  /**
   * Evaluates stored readings, all entities in one transaction, and forgets their backlog batches
   * with what it writes. Should that fail, each entity is evaluated on its own, so that one entity's
   * failure holds back no other's readings; an entity that still fails is queued again RETRY_SECONDS
   * later, and its readings are given up (logged) only after the last try. The backlog is kept until
   * no reading of it waits for a retry, so that a server that stops meanwhile leaves them to the next.
   */
  async function evaluateReadings(
    readings: StoredReading[],
    tries = 0,
    backlog: readonly number[] = [],
    retrying?: Retrying,
  ) {
    const byEntity = new Map<string, EngineReading[]>();
    for (const r of readings) {
      const list = byEntity.get(r.entityId) ?? [];
      list.push(r);
      byEntity.set(r.entityId, list);
    }
    for (const list of byEntity.values()) if (!inTimeOrder(list)) list.sort((a, b) => a.t - b.t);
    const evaluateAll = (ids: string[], forget: readonly number[] = []) =>
      evaluate(
        ids,
        (ev, failures) => {
          for (const reading of byEntity.get(ev.entity.id) ?? []) evaluateReading(ev, reading, windows, failures);
          evaluateConnectivity(ev, new Date(), failures);
        },
        (trx, evaluations) => windows.load(trx, evaluations, byEntity),
        forget,
      );
    try {
      await evaluateAll([...byEntity.keys()], retrying ? [] : backlog);
      if (retrying) await settle(retrying);
      return;
    } catch (error) {
      // A retry is one entity's readings, already waiting.
      if (retrying) return retryLater(readings, tries, error, retrying);
      if (byEntity.size === 1) return retryLater(readings, tries, error, { backlog, waiting: 1 });
      log.warn({ err: error, entities: byEntity.size }, 'rules engine: evaluating the entities one by one');
    }
    const group: Retrying = { backlog, waiting: 0 };
    for (const id of byEntity.keys()) {
      try {
        await evaluateAll([id]);
      } catch (error) {
        group.waiting++;
        retryLater(
          readings.filter((r) => r.entityId === id),
          tries,
          error,
          group,
        );
      }
    }
    if (!group.waiting) await forget(backlog);
  }

  /** One reading group fewer waits for a retry: the backlog goes once none waits. */
  async function settle(group: Retrying) {
    if (--group.waiting === 0) await forget(group.backlog);
  }

  async function forget(backlog: readonly number[]) {
    await forgetBacklog(db, backlog).catch((error: unknown) =>
      log.error({ err: error }, 'rules engine: the evaluation backlog could not be cleared'),
    );
  }

  function retryLater(readings: StoredReading[], tries: number, error: unknown, group: Retrying) {
    const entityId = readings[0]?.entityId;
    if (tries >= RETRY_SECONDS.length) {
      log.error({ err: error, entityId, readings: readings.length }, 'rules engine gave up evaluating readings');
      void settle(group);
      return;
    }
    log.warn({ err: error, entityId, tries: tries + 1 }, 'rules engine: evaluating readings again later');
    const timer = setTimeout(() => {
      retries.delete(timer);
      void enqueue('readings again', () => evaluateReadings(readings, tries + 1, [], group));
    }, RETRY_SECONDS[tries]! * 1000);
    timer.unref();
    retries.add(timer);
  }

  async function tick(now: Date) {
    const rows = await findTickedEntityIds(db);
    for (let i = 0; i < rows.length; i += TICK_CHUNK) {
      const ids = rows.slice(i, i + TICK_CHUNK).map((r) => r.id);
      await evaluate(ids, (ev, failures) => evaluateConnectivity(ev, now, failures));
    }
    // Shelves expire and unacknowledged alarms escalate with time alone (ADR 0024).
    announce(await db.transaction().execute((trx) => alarmTick(trx, now.toISOString())));
    // Another instance may have stopped for good (on SQLite there is no other, and the start claimed).
    if (dialect === 'postgres') await evaluateOrphans(now);
  }

  /** Takes over and evaluates the backlog of engines that stopped: readings stored and never evaluated. */
  async function evaluateOrphans(now: Date) {
    const orphanedBefore = new Date(now.getTime() - ORPHANED_AFTER_MS).toISOString();
    for (;;) {
      const { ids, readings } = await claimBacklog(db, dialect, instanceId, orphanedBefore, BACKLOG_CHUNK);
      if (!ids.length) return;
      log.warn(
        { batches: ids.length, readings: readings.length },
        'rules engine: evaluating readings a stopped engine left',
      );
      await evaluateReadings(readings, 0, ids);
    }
  }
  if (options.claimBacklog) void enqueue('backlog', () => evaluateOrphans(new Date()));

  // Batches stored while the engine is busy are evaluated together: one transaction, one load of
  // each entity, however many batches arrived meanwhile. The job is queued once the events already
  // delivered (a worker's messages) have been taken in, so that a backlog becomes one evaluation.
  let waiting: { readings: StoredReading[]; backlog: number[] } | null = null;
  const onStored = (event: BusEvents['readings.stored']) => {
    if (waiting) {
      for (const r of event.readings) waiting.readings.push(r);
      if (event.backlogId !== undefined) waiting.backlog.push(event.backlogId);
      return;
    }
    waiting = { readings: [...event.readings], backlog: event.backlogId === undefined ? [] : [event.backlogId] };
    setImmediate(
      () =>
        void enqueue('readings', () => {
          const { readings, backlog } = waiting!;
          waiting = null;
          return evaluateReadings(readings, 0, backlog);
        }),
    );
  };

  /**
   * An entity's readings were derived again (ADR 0040): its limits are evaluated again on its latest
   * readings, the present, so that a state the new values no longer hold (or now reach) changes now.
   * The rewritten past raises nothing.
   */
  async function evaluateRecomputed(entityId: string) {
    const latest: EngineReading[] = [];
    await evaluate(
      [entityId],
      (ev) => {
        for (const reading of latest) evaluateMetricLimits(ev, reading);
      },
      async (trx) => {
        latest.length = 0;
        const rows = await findLatestOfEntity(trx, entityId);
        for (const row of rows) {
          const { invalid_reasons: _reasons, ...metrics } = fromJson<Record<string, Record<string, number>>>(
            row.metrics,
            {},
          );
          latest.push({
            dataPointId: row.data_point_id,
            readAt: row.read_at,
            t: Date.parse(row.read_at),
            receivedAt: row.received_at,
            metrics,
          });
        }
      },
    );
  }

  const unsubscribe = [
    bus.subscribe('readings.recomputed', (event) => {
      void enqueue('recomputed', () => evaluateRecomputed(event.entityId));
    }),
    bus.subscribe('readings.stored', onStored),
    bus.subscribe('payload.unknown', (event) => {
      void enqueue('payload', async () => {
        const created = await db.transaction().execute((trx) => recordPayloadEvent(trx, dialect, event));
        if (created) announce([created]);
      });
    }),
  ];
  const timers = [
    setInterval(() => void enqueue('tick', () => tick(new Date())), options.tickSeconds * 1000),
    setInterval(() => void enqueue('memories', () => memories.flush()), FLUSH_SECONDS * 1000),
  ];
  for (const timer of timers) timer.unref();

  return {
    instanceId,
    tick: (now = new Date()) => enqueue('tick', () => tick(now)),
    idle: async () => {
      // Bus deliveries are queued as microtasks: let them reach the chain first.
      await new Promise((resolve) => setImmediate(resolve));
      await chain;
    },
    stop: async () => {
      for (const timer of timers) clearInterval(timer);
      for (const timer of retries) clearTimeout(timer);
      for (const off of unsubscribe) off();
      // readings already delivered are evaluated (queued on the next turn), then memories written
      await new Promise((resolve) => setImmediate(resolve));
      await enqueue('memories', () => memories.flush());
    },
  };
}
