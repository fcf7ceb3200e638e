import { rm } from 'node:fs/promises';
import { nowIso } from '../../db/values.ts';
import type { ImportProfileStore } from './import-profile-store.ts';
import { runImport } from './import-runner.ts';
import { STALE_IMPORT_MS, type ImportRow, type ImportStore } from './import-store.ts';
import type { IngestHost } from './pipeline.ts';

/**
 * The server's imports, one at a time (ADR 0035): an import is claimed in the database before it runs,
 * so that one server runs it; at start-up the waiting ones are taken up, and running ones whose
 * server stopped (no heartbeat for two minutes; on SQLite, which one server serves, all of them).
 */
export function importQueue(
  host: IngestHost,
  store: ImportStore,
  profiles: ImportProfileStore,
  /** what becomes of the file once its import is done or failed (a watched folder's file is moved) */
  settle: (row: ImportRow) => Promise<void> = async (row) => rm(row.file_path, { force: true }),
) {
  const pending: string[] = [];
  let running: Promise<void> | null = null;
  let stopping = false;
  const idleWaiters: Array<() => void> = [];
  const staleBefore = () =>
    host.dialect === 'sqlite' ? nowIso() : new Date(Date.now() - STALE_IMPORT_MS).toISOString();

  async function runOne(id: string) {
    if (!(await store.claim(id, nowIso(), staleBefore()))) return;
    const row = await store.findAnywhere(id);
    if (!row) return;
    const ended = await runImport({ host, store, profiles, stopping: () => stopping }, row);
    if (ended.status === 'done' || ended.status === 'failed') await settle(ended);
  }

  function pump() {
    if (running || stopping) return;
    const id = pending.shift();
    if (id === undefined) {
      for (const resolve of idleWaiters.splice(0)) resolve();
      return;
    }
    running = runOne(id)
      .catch((error: unknown) => host.log.error({ err: error, importId: id }, 'import could not run'))
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
    /** Takes up the imports waiting in the database (at start-up). */
    async resume() {
      for (const id of await store.waiting(staleBefore())) this.enqueue(id);
    },
    /** Resolves once nothing is queued or running (tests). */
    idle(): Promise<void> {
      if (!running && !pending.length) return Promise.resolve();
      return new Promise((resolve) => idleWaiters.push(resolve));
    },
    /** Lets the running import finish its batch and stop; the rest wait for the next start. */
    async stop() {
      stopping = true;
      await running;
      for (const resolve of idleWaiters.splice(0)) resolve();
    },
  };
}

export type ImportQueue = ReturnType<typeof importQueue>;
