import { randomUUID } from 'node:crypto';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { FastifyBaseLogger } from 'fastify';
import type { Bus } from '../bus/bus.ts';
import type { Compactor } from '../services/metrics/compaction.ts';
import type { RulesEngine } from '../services/rules/engine.ts';
import type { BackgroundCall, BackgroundSetup, EngineWork, FromWorker, ToWorker, WorkerStart } from './protocol.ts';
import { encodeReadings } from './readings-codec.ts';

/** How often work that was with a worker when it stopped is posted again; then it is given up. */
const MAX_REPOSTS = 2;

// A path, not a URL object: browser-like test environments replace the global URL class.
const WORKER_FILE = join(dirname(fileURLToPath(import.meta.url)), 'worker.ts');

/** The rules engine and compaction as the server sees them, running in the background worker. */
export interface Background {
  rulesEngine: RulesEngine | null;
  compactor: Compactor | null;
  /** The worker's thread as it runs now (a new one after a restart). */
  thread(): Promise<Worker>;
  /** Stops the worker's jobs, closes its connection and ends the thread. */
  close(): Promise<void>;
}

/**
 * Starts the background worker (ADR 0015) and resolves once it is running. The server's thread then
 * only receives, checks and stores; the engine's evaluations and compaction run on another core.
 */
export async function startBackground(
  setup: BackgroundSetup,
  host: { bus: Bus; log: FastifyBaseLogger },
): Promise<Background> {
  const pending = new Map<number, { resolve: () => void; reject: (error: Error) => void }>();
  let nextId = 1;
  // The engine's work posted and not yet evaluated, in order: posted again to the worker started after a stop.
  const unevaluated = new Map<number, { work: EngineWork; reposts: number }>();
  let nextWorkId = 1;
  let closing = false;
  let closed = false;

  const instanceId = randomUUID();
  /**
   * Starts a worker; one that stops unexpectedly is logged and started again, so that evaluation goes
   * on. The first takes over the backlog stopped engines left (ADR 0015); later ones get the work of
   * the one before from `unevaluated`.
   */
  const spawn = (claimBacklog: boolean) =>
    new Promise<Worker>((resolve, reject) => {
      const workerData: WorkerStart = { ...setup, instanceId, claimBacklog };
      const started = new Worker(WORKER_FILE, { workerData });
      started.unref();
      let up = false;
      started.on('message', (message: FromWorker) => {
        switch (message.type) {
          case 'ready':
            up = true;
            return resolve(started);
          case 'publish':
            return host.bus.publish(message.topic, message.event as never);
          case 'log':
            return host.log[message.level](message.object, message.message);
          case 'evaluated':
            for (const id of unevaluated.keys()) {
              if (id > message.upTo) break;
              unevaluated.delete(id);
            }
            return;
          case 'done': {
            const waiting = pending.get(message.id);
            pending.delete(message.id);
            if (message.error) waiting?.reject(new Error(message.error));
            else waiting?.resolve();
          }
        }
      });
      started.on('error', (error) => host.log.error({ err: error }, 'background worker failed'));
      started.on('exit', (code) => {
        for (const waiting of pending.values()) waiting.reject(new Error(`background worker exited (${code})`));
        pending.clear();
        if (!up) return reject(new Error(`background worker exited (${code}) while starting`));
        if (closing) return;
        host.log.error({ code }, 'background worker stopped: starting it again');
        worker = spawn(false);
        worker.catch((error: unknown) => host.log.error({ err: error }, 'background worker could not start again'));
        postAgain();
      });
    });

  let worker = spawn(true);
  await worker;
  const post = (message: ToWorker, transfer?: ArrayBuffer[]) =>
    void worker.then(
      (w) => w.postMessage(message, transfer),
      () => {
        // No worker could be started again: the failure is logged; a call must not wait forever.
        if (message.type !== 'call') return;
        pending.get(message.id)?.reject(new Error('the background worker is not running'));
        pending.delete(message.id);
      },
    );
  const postWork = (work: EngineWork) => {
    unevaluated.set(work.id, { work, reposts: 0 });
    post(work);
  };
  /**
   * Posts the work the stopped worker had not evaluated to the new one, before anything newer. Work
   * that was with the worker at each of its last MAX_REPOSTS + 1 stops (maybe what stops it) is given up.
   */
  const postAgain = () => {
    let givenUp = 0;
    for (const [id, entry] of unevaluated) {
      if (entry.reposts >= MAX_REPOSTS) {
        unevaluated.delete(id);
        givenUp++;
      } else {
        entry.reposts++;
        post(entry.work);
      }
    }
    if (givenUp)
      host.log.error({ items: givenUp }, 'background worker kept stopping: work given up without evaluation');
  };
  const call = (name: BackgroundCall, at?: Date): Promise<void> => {
    if (closed) return Promise.resolve();
    const id = nextId++;
    return new Promise<void>((resolve, reject) => {
      pending.set(id, { resolve, reject });
      post({ type: 'call', id, call: name, ...(at ? { at: at.toISOString() } : {}) });
    });
  };

  // A calibration changed (ADR 0040): the worker's queue looks for the recomputation asked for.
  const recomputeAsked = setup.compaction
    ? host.bus.subscribe('recompute.requested', () => {
        call('recompute').catch((error: unknown) => host.log.error({ err: error }, 'recomputation not started'));
      })
    : () => {};
  const unsubscribe =
    setup.rulesTickSeconds === null
      ? [recomputeAsked]
      : [
          recomputeAsked,
          // Copied, not transferred: the batch is kept until the worker has evaluated it.
          host.bus.subscribe('readings.stored', (event) =>
            postWork({ type: 'readings', id: nextWorkId++, batch: encodeReadings(event) }),
          ),
          host.bus.subscribe('payload.unknown', (event) => postWork({ type: 'payload', id: nextWorkId++, event })),
          host.bus.subscribe('readings.recomputed', (event) =>
            postWork({ type: 'recomputed', id: nextWorkId++, event }),
          ),
        ];

  const rulesEngine: RulesEngine | null =
    setup.rulesTickSeconds === null
      ? null
      : {
          instanceId,
          tick: (now = new Date()) => call('tick', now),
          idle: async () => {
            // Bus deliveries are queued as microtasks: let them reach the worker first.
            await new Promise((resolve) => setImmediate(resolve));
            await call('idle');
          },
          stop: async () => {
            for (const off of unsubscribe) off();
            await call('stop-rules');
          },
        };
  const compactor: Background['compactor'] = setup.compaction
    ? {
        noteStored: (stored) => post({ type: 'stored', stored }, stored.values ? [stored.values.buffer] : []),
        run: () => call('compact'),
        forgetHeld: () => call('forget-held'),
      }
    : null;

  return {
    rulesEngine,
    compactor,
    thread: () => worker,
    async close() {
      closing = true;
      for (const off of unsubscribe) off();
      await call('stop');
      closed = true;
      await (await worker).terminate();
    },
  };
}
