import { parentPort, workerData } from 'node:worker_threads';
import type { FastifyBaseLogger } from 'fastify';
import type { Bus } from '../bus/bus.ts';
import { openDatabase, type DbOptions } from '../db/connection.ts';
import { recomputeQueue } from '../services/registry/recompute-queue.ts';
import type { FromRecompute, ToRecompute } from './recompute-protocol.ts';

/**
 * The recomputations after calibration changes (ADR 0040), in a thread of their own started by the
 * background worker, with a connection of their own: a year of readings derived again is seconds of
 * CPU, which neither ingest (the server's thread) nor the rules engine (the worker's) can spare.
 */

const port = parentPort!;
const send = (message: FromRecompute) => port.postMessage(message);
const { db, dialect } = openDatabase(workerData as DbOptions);

const relay = (level: 'error' | 'warn' | 'info' | 'debug') => (object: unknown, message?: string) => {
  const fields =
    typeof object === 'object' && object ? { detail: String((object as { err?: unknown }).err ?? '') } : {};
  send({ type: 'log', level, object: fields, message: typeof object === 'string' ? object : (message ?? '') });
};
const log = {
  error: relay('error'),
  warn: relay('warn'),
  info: relay('info'),
  debug: relay('debug'),
} as unknown as FastifyBaseLogger; // the queue logs with (object, message) only

/** Only publishes: what the jobs announce goes to the worker's bus. */
const bus: Bus = {
  publish: (topic, event) => send({ type: 'publish', topic, event }),
  subscribe: () => () => {},
};

let nextId = 1;
const compactions = new Map<number, () => void>();
/** Compaction runs in the worker: asked for, and waited for, over messages. */
const compactor = {
  noteStored: () => {},
  forgetHeld: async () => {},
  run: () =>
    new Promise<void>((resolve) => {
      const id = nextId++;
      compactions.set(id, resolve);
      send({ type: 'compact', id });
    }),
};

const queue = recomputeQueue({ db, dialect, bus, log, compactor });
port.on('message', (message: ToRecompute) => {
  if (message.type === 'wake') queue.wake();
  else if (message.type === 'compacted') {
    compactions.get(message.id)?.();
    compactions.delete(message.id);
  } else {
    void queue
      .stop()
      .then(() => db.destroy())
      .then(() => send({ type: 'stopped' }));
  }
});
queue.wake();
