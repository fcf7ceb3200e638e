import type { FastifyBaseLogger } from 'fastify';
import type { Db, Dialect } from '../../db/connection.ts';
import type { RetentionPolicy } from './retention-policy.ts';
import { runRetention } from './run-retention.ts';

/** How often retention runs, and how long after a start it first runs (a restart loop deletes nothing twice). */
export const RETENTION_INTERVAL_MS = 60 * 60_000;
export const RETENTION_FIRST_RUN_MS = 5 * 60_000;

export interface Retention {
  stop(): Promise<void>;
}

/**
 * Runs retention in the background worker of an instance that runs the rules engine (ADR 0046):
 * first a few minutes after the start, then every hour; one run at a time.
 */
export function startRetention(
  ctx: { db: Db; dialect: Dialect; log: FastifyBaseLogger },
  policy: RetentionPolicy,
  timing = { firstRunMs: RETENTION_FIRST_RUN_MS, intervalMs: RETENTION_INTERVAL_MS },
): Retention {
  let running: Promise<void> = Promise.resolve();
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  const stopping = new AbortController();
  const run = async () => {
    try {
      const report = await runRetention(ctx.db, ctx.dialect, policy, { signal: stopping.signal });
      const deleted = report && report.ruleExecutions.rows + report.snapshots.rows + report.notifications.rows;
      if (report) ctx.log[deleted ? 'info' : 'debug']({ retention: report }, 'retention ran');
    } catch (error) {
      ctx.log.error({ err: error }, 'retention failed');
    }
  };
  const schedule = (ms: number) => {
    if (stopped) return;
    timer = setTimeout(() => {
      running = run().then(() => schedule(timing.intervalMs));
    }, ms);
    timer.unref();
  };
  schedule(timing.firstRunMs);
  return {
    async stop() {
      stopped = true;
      stopping.abort();
      clearTimeout(timer);
      await running;
    },
  };
}
