import { parentPort, workerData } from 'node:worker_threads';
import type { FastifyBaseLogger } from 'fastify';
import type { Bus, BusEvents } from '../bus/bus.ts';
import { openDatabase } from '../db/connection.ts';
import { startCompactor } from '../services/metrics/compaction.ts';
import { startRulesEngine } from '../services/rules/engine.ts';
import { startRetention } from '../services/retention/retention-schedule.ts';
import type { FromWorker, ToWorker, WorkerStart } from './protocol.ts';
import { decodeReadings } from './readings-codec.ts';
import { startRecomputeThread } from './recompute-host.ts';
import { STALE_RECOMPUTE_MS, waitingRecomputes } from '../services/registry/recompute-store.ts';

const staleSince = () => new Date(Date.now() - STALE_RECOMPUTE_MS).toISOString();

/**
 * The background worker (ADR 0015): the rules engine and compaction, on the second core, with a
 * database connection of their own, and the recomputations after calibration changes (ADR 0040). Started by `background.ts`; never imported by the server.
 */

const port = parentPort!;
const setup = workerData as WorkerStart;
const send = (message: FromWorker) => port.postMessage(message);

function relay(level: 'error' | 'warn' | 'info' | 'debug') {
  return (object: unknown, message?: string) => {
    const [fields, text] = typeof object === 'string' ? [{}, object] : [(object ?? {}) as object, message ?? ''];
    try {
      send({ type: 'log', level, object: fields, message: text });
    } catch {
      send({ type: 'log', level, object: { detail: String(fields) }, message: text });
    }
  };
}

/** Log records go to the server's logger, which filters and writes them with its own. */
const log = {
  level: 'trace',
  fatal: relay('error'),
  error: relay('error'),
  warn: relay('warn'),
  info: relay('info'),
  debug: relay('debug'),
  trace: relay('debug'),
  silent: () => {},
  child: () => log,
} as unknown as FastifyBaseLogger; // pino's overloaded signatures, of which the engine uses (object, message)

type Handler = (event: never) => void | Promise<void>;
const handlers = new Map<string, Set<Handler>>();

/** The engine's bus: what it publishes goes to the server's bus; what it follows comes from there. */
const bus: Bus = {
  publish(topic, event) {
    send({ type: 'publish', topic, event });
  },
  subscribe(topic, handler) {
    const set = handlers.get(topic) ?? new Set();
    set.add(handler as Handler);
    handlers.set(topic, set);
    return () => void set.delete(handler as Handler);
  },
};

function deliver<K extends keyof BusEvents>(topic: K, event: BusEvents[K]) {
  for (const handler of handlers.get(topic) ?? []) {
    const failed = (error: unknown) => log.error({ err: error, topic }, 'event handler failed');
    try {
      Promise.resolve((handler as (e: BusEvents[K]) => void | Promise<void>)(event)).catch(failed);
    } catch (error) {
      failed(error);
    }
  }
}

const { db, dialect } = openDatabase(setup.database);
const rulesEngine =
  setup.rulesTickSeconds === null
    ? null
    : startRulesEngine(
        { db, dialect, bus, log },
        { tickSeconds: setup.rulesTickSeconds, instanceId: setup.instanceId, claimBacklog: setup.claimBacklog },
      );
const compactor = setup.compaction ? startCompactor({ db, dialect, log }) : null;
// Old logs deleted, an hour apart, in small transactions (ADR 0046).
const retention = setup.retention ? startRetention({ db, dialect, log }, setup.retention) : null;
// Recomputations after calibration changes (ADR 0040) run in a thread of their own, where compaction runs.
const recomputes = compactor ? startRecomputeThread(setup.database, { bus, log, compactor }) : null;
// Jobs left waiting or running when a server stopped are taken up at start.
if (recomputes) {
  waitingRecomputes(db, dialect === 'sqlite' ? new Date().toISOString() : staleSince())
    .then((waiting) => waiting.length && recomputes.wake())
    .catch((error: unknown) => log.error({ err: error }, 'recomputations not looked for'));
}

async function answer(call: Extract<ToWorker, { type: 'call' }>): Promise<void> {
  switch (call.call) {
    case 'tick':
      return rulesEngine?.tick(call.at ? new Date(call.at) : new Date());
    case 'idle':
      return rulesEngine?.idle();
    case 'compact':
      return compactor?.run();
    case 'forget-held':
      return compactor?.forgetHeld();
    case 'recompute':
      return recomputes?.wake();
    case 'stop-rules':
      return rulesEngine?.stop();
    case 'stop':
      await retention?.stop();
      await recomputes?.stop();
      await rulesEngine?.stop();
      await compactor?.stop();
      await db.destroy();
  }
}

/** Tells the server once everything delivered so far is evaluated, so that it forgets work up to `id`. */
function acknowledge(id: number) {
  void rulesEngine?.idle().then(() => send({ type: 'evaluated', upTo: id }));
}

port.on('message', (message: ToWorker) => {
  if (message.type === 'readings') {
    deliver('readings.stored', decodeReadings(message.batch));
    acknowledge(message.id);
  } else if (message.type === 'payload') {
    deliver('payload.unknown', message.event);
    acknowledge(message.id);
  } else if (message.type === 'recomputed') {
    deliver('readings.recomputed', message.event);
    acknowledge(message.id);
  } else if (message.type === 'stored') compactor?.noteStored(message.stored);
  else {
    answer(message).then(
      () => send({ type: 'done', id: message.id }),
      (error: unknown) => send({ type: 'done', id: message.id, error: String(error) }),
    );
  }
});
send({ type: 'ready' });
