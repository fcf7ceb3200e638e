import { rm } from 'node:fs/promises';
import { claimedQueue } from '../../background/claimed-queue.ts';
import type { ImportProfileStore } from './import-profile-store.ts';
import { runImport } from './import-runner.ts';
import { STALE_IMPORT_MS, type ImportRow, type ImportStore } from './import-store.ts';
import type { IngestHost } from './pipeline.ts';

/** The server's logger imports, one at a time, claimed across servers (ADR 0035). */
export function importQueue(
  host: IngestHost,
  store: ImportStore,
  profiles: ImportProfileStore,
  /** what becomes of the file once its import is done or failed (a watched folder's file is moved) */
  settle: (row: ImportRow) => Promise<void> = async (row) => rm(row.file_path, { force: true }),
) {
  return claimedQueue({
    host,
    store,
    staleMs: STALE_IMPORT_MS,
    what: 'import',
    async run(id, stopping) {
      const row = await store.findAnywhere(id);
      if (!row) return;
      const ended = await runImport({ host, store, profiles, stopping }, row);
      if (ended.status === 'done' || ended.status === 'failed') await settle(ended);
    },
  });
}

export type ImportQueue = ReturnType<typeof importQueue>;
