import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { FastifyBaseLogger } from 'fastify';
import type { Bus } from '../bus/bus.ts';
import type { DbOptions } from '../db/connection.ts';
import type { Compactor } from '../services/metrics/compaction.ts';
import type { FromRecompute, ToRecompute } from './recompute-protocol.ts';

const THREAD_FILE = join(dirname(fileURLToPath(import.meta.url)), 'recompute-thread.ts');

/**
 * The recomputation thread (ADR 0040) of the background worker, started at the first wake: its
 * announcements go on the worker's bus, its log to the worker's log, and it asks the worker's
 * compactor to run. A thread that stops unexpectedly is logged, and started again at the next wake;
 * its running job is resumable.
 */
export function startRecomputeThread(
  database: DbOptions,
  host: { bus: Bus; log: FastifyBaseLogger; compactor: Compactor },
) {
  let thread: Worker | null = null;
  let stopping = false;
  let exited = false;
  const post = (message: ToRecompute) => thread?.postMessage(message);
  /** Started at the first job: most servers never recompute, and a thread costs a module load. */
  const start = () => {
    const started = new Worker(THREAD_FILE, { workerData: database });
    started.unref();
    started.on('message', (message: FromRecompute) => {
      if (message.type === 'publish') host.bus.publish(message.topic, message.event as never);
      else if (message.type === 'log') host.log[message.level](message.object, message.message);
      else if (message.type === 'compact') {
        const answer = () => started.postMessage({ type: 'compacted', id: message.id } satisfies ToRecompute);
        host.compactor.run().then(answer, answer);
      }
    });
    started.on('error', (error) => host.log.error({ err: error }, 'recomputation thread failed'));
    started.on('exit', (code) => {
      exited = true;
      if (!stopping) host.log.error({ code }, 'recomputation thread stopped');
    });
    return started;
  };
  return {
    wake() {
      if (stopping) return;
      if (!thread || exited) {
        exited = false;
        thread = start(); // the thread takes up every waiting job as it starts
      } else post({ type: 'wake' });
    },
    async stop() {
      stopping = true;
      if (!thread || exited) return;
      const running = thread;
      const stopped = new Promise<void>((resolve) => {
        running.on('message', (message: FromRecompute) => message.type === 'stopped' && resolve());
        running.once('exit', () => resolve());
      });
      post({ type: 'stop' });
      await stopped;
      await running.terminate();
    },
  };
}
