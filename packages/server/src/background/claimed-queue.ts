import type { FastifyBaseLogger } from 'fastify';
import type { Dialect } from '../db/connection.ts';
import { nowIso } from '../db/values.ts';

/** What a queue needs of its jobs' table: a claim that one server wins, and the jobs still to do. */
export interface ClaimStore {
  /** true when this server took the job: waiting, or running on a server that stopped (before `staleBefore`) */
  claim(id: string, at: string, staleBefore: string): Promise<boolean>;
  /** ids of the jobs waiting, or running on a server that stopped */
  waiting(staleBefore: string): Promise<string[]>;
}

/**
 * A server's background jobs of one kind (logger imports, ADR 0035; reports, ADR 0051), one at a time:
 * a job is claimed in the database before it runs, so that one server runs it; at start-up the waiting
 * ones are taken up, and running ones whose server stopped (no heartbeat for `staleMs`; on SQLite,
 * which one server serves, all of them).
 */
export function claimedQueue(options: {
  host: { dialect: Dialect; log: FastifyBaseLogger };
  store: ClaimStore;
  staleMs: number;
  /** the job's name in the log ("import", "report") */
  what: string;
  /** runs a claimed job; `stopping` tells a long job to stop at its next step */
  run: (id: string, stopping: () => boolean) => Promise<void>;
}) {
  const { host, store, staleMs, what, run } = options;
  const pending: string[] = [];
  let running: Promise<void> | null = null;
  let stopping = false;
  const idleWaiters: Array<() => void> = [];
  const staleBefore = () => (host.dialect === 'sqlite' ? nowIso() : new Date(Date.now() - staleMs).toISOString());

  async function runOne(id: string) {
    if (!(await store.claim(id, nowIso(), staleBefore()))) return;
    await run(id, () => stopping);
  }

  function pump() {
    if (running || stopping) return;
    const id = pending.shift();
    if (id === undefined) {
      for (const resolve of idleWaiters.splice(0)) resolve();
      return;
    }
    running = runOne(id)
      .catch((error: unknown) => host.log.error({ err: error, jobId: id }, `${what} could not run`))
      .finally(() => {
        running = null;
        pump();
      });
  }

  return {
    enqueue(id: string) {
      if (!pending.includes(id)) pending.push(id);
      pump();
    },
    /** Takes up the jobs waiting in the database (at start-up). */
    async resume() {
      for (const id of await store.waiting(staleBefore())) this.enqueue(id);
    },
    /** Resolves once nothing is queued or running (tests). */
    idle(): Promise<void> {
      if (!running && !pending.length) return Promise.resolve();
      return new Promise((resolve) => idleWaiters.push(resolve));
    },
    /** Lets the running job finish (or stop at its next step) and stops; the rest wait for the next start. */
    async stop() {
      stopping = true;
      await running;
      for (const resolve of idleWaiters.splice(0)) resolve();
    },
  };
}

export type ClaimedQueue = ReturnType<typeof claimedQueue>;
