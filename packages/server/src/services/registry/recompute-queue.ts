import { nowIso } from '../../db/values.ts';
import { runRecompute, type RecomputeHost } from './recompute-runner.ts';
import { claimRecompute, STALE_RECOMPUTE_MS, waitingRecomputes } from './recompute-store.ts';

/** How often a worker looks for jobs whose request it missed, or that a stopped server left. */
const POLL_SECONDS = 10;

/**
 * The recomputations of a server's background worker, one at a time (ADR 0040): a job is claimed in
 * the database before it runs, so that one server runs it. At start-up the waiting ones are taken up, and running ones whose
 * server stopped (no heartbeat for two minutes; on SQLite, which one server serves, all of them):
 * they go on after the last batch they committed.
 */
export function recomputeQueue(host: RecomputeHost) {
  let running: Promise<void> | null = null;
  let again = false;
  let stopping = false;
  const idleWaiters: Array<() => void> = [];
  const staleBefore = () =>
    host.dialect === 'sqlite' ? nowIso() : new Date(Date.now() - STALE_RECOMPUTE_MS).toISOString();

  async function drain() {
    do {
      again = false;
      for (const id of await waitingRecomputes(host.db, staleBefore())) {
        if (stopping) return;
        const job = await claimRecompute(host.db, id, nowIso(), staleBefore());
        if (job) await runRecompute(host, job, () => stopping);
      }
    } while (again && !stopping);
  }

  function wake() {
    if (stopping) return;
    if (running) {
      again = true;
      return;
    }
    running = drain()
      .catch((error: unknown) => host.log.error({ err: error }, 'recomputations could not run'))
      .finally(() => {
        running = null;
        if (again) wake();
        else for (const resolve of idleWaiters.splice(0)) resolve();
      });
  }

  const timer = setInterval(wake, POLL_SECONDS * 1000);
  timer.unref();

  return {
    /** Looks for jobs to run now (a calibration changed, or at start-up). */
    wake,
    /** Resolves once no job is running (tests, bench). */
    idle(): Promise<void> {
      if (!running) return Promise.resolve();
      return new Promise((resolve) => idleWaiters.push(resolve));
    },
    /** Lets the running job finish its batch; it stays `running` and goes on at the next start. */
    async stop() {
      stopping = true;
      clearInterval(timer);
      await running;
      for (const resolve of idleWaiters.splice(0)) resolve();
    },
  };
}

export type RecomputeQueue = ReturnType<typeof recomputeQueue>;
