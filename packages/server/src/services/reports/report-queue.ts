import type { FastifyBaseLogger } from 'fastify';
import { claimedQueue } from '../../background/claimed-queue.ts';
import type { Dialect } from '../../db/connection.ts';
import { nowIso } from '../../db/values.ts';
import { STALE_REPORT_MS, type ReportRow, type ReportStore } from './report-store.ts';

/** How often a running report tells the others its server is alive. */
const HEARTBEAT_MS = 20_000;

/** The server's reports, one at a time, claimed across servers as logger imports are (ADR 0051). */
export function reportQueue(
  host: { dialect: Dialect; log: FastifyBaseLogger },
  store: ReportStore,
  make: (row: ReportRow) => Promise<void>,
) {
  return claimedQueue({
    host,
    store,
    staleMs: STALE_REPORT_MS,
    what: 'report',
    async run(id) {
      const row = await store.findAnywhere(id);
      if (!row) return;
      const heartbeat = setInterval(() => {
        store.update(id, { heartbeat_at: nowIso() }).catch(() => undefined);
      }, HEARTBEAT_MS);
      try {
        await make(row);
      } finally {
        clearInterval(heartbeat);
      }
    },
  });
}

export type ReportQueue = ReturnType<typeof reportQueue>;
