import { mkdir, readdir, rename, stat, writeFile } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/connection.ts';
import type { ImportProfileStore } from './import-profile-store.ts';
import { presentImport, type ImportService } from './import-service.ts';
import type { ImportRow } from './import-store.ts';
import { findProjectIdBySlug } from './store.ts';

/** The folders a watched profile folder holds besides the files dropped in it. */
const PROCESSING = 'processing';
const DONE = 'done';
const FAILED = 'failed';
const OWN_FOLDERS = new Set([PROCESSING, DONE, FAILED]);

/** A file worth importing: not hidden (editors' and uploaders' temporary files), not a report. */
const isCandidate = (name: string) => !name.startsWith('.') && !name.endsWith('.json') && !name.endsWith('.tmp');

async function entries(dir: string) {
  try {
    return await readdir(dir, { withFileTypes: true });
  } catch {
    return [];
  }
}

/**
 * Writes `<file>.json` beside the file in `done/` or `failed/`: what became of it. Written under a
 * hidden name and renamed, so that whoever watches the folder never reads half a report.
 */
async function report(folder: string, name: string, body: object) {
  const partial = join(folder, `.${name}.json.partial`);
  await writeFile(partial, `${JSON.stringify(body, null, 2)}\n`);
  await rename(partial, join(folder, `${name}.json`));
}

/**
 * Moves a watched folder's file, once its import has ended, from `processing/` to `done/` or
 * `failed/`, beside its report (ADR 0035).
 */
export async function settleFolderFile(row: ImportRow): Promise<void> {
  const profileFolder = dirname(dirname(row.file_path));
  const name = basename(row.file_path);
  const target = join(profileFolder, row.status === 'done' ? DONE : FAILED);
  await mkdir(target, { recursive: true });
  await rename(row.file_path, join(target, name));
  await report(target, name, presentImport(row));
}

/**
 * Watches IMPORT_DIR (ADR 0035): a file dropped in `<project-slug>/<profile-name>/` whose size held
 * between two looks is renamed into `processing/` (atomic: of several servers, one takes it) and
 * imported like an upload; its import moves it on to `done/` or `failed/` with a `.json` report.
 */
export function watchImportFolder(options: {
  dir: string;
  pollMs: number;
  maxBytes: number;
  db: Db;
  profiles: ImportProfileStore;
  imports: ImportService;
  log: FastifyBaseLogger;
}) {
  const { dir, db, profiles, imports, log } = options;
  /** path → size at the last look */
  const seen = new Map<string, number>();
  let looking: Promise<void> | null = null;

  async function take(projectId: string, profileId: string, folder: string, name: string, size: number) {
    const processing = join(folder, PROCESSING);
    await mkdir(processing, { recursive: true });
    const path = join(processing, name);
    if ((await entries(processing)).some((e) => e.name === name)) return; // the same name is still importing
    try {
      await rename(join(folder, name), path);
    } catch {
      return; // another server took it
    }
    if (size > options.maxBytes) {
      const failed = join(folder, FAILED);
      await mkdir(failed, { recursive: true });
      await rename(path, join(failed, name));
      await report(failed, name, {
        file_name: name,
        status: 'failed',
        error: `Larger than IMPORT_MAX_BYTES (${options.maxBytes} bytes)`,
      });
      return;
    }
    await imports.create({
      projectId,
      profileId,
      fileName: name,
      filePath: path,
      size,
      origin: 'folder',
      createdBy: null,
      keyId: null,
    });
  }

  async function look() {
    const present = new Set<string>();
    for (const project of await entries(dir)) {
      if (!project.isDirectory()) continue;
      const projectId = await findProjectIdBySlug(db, project.name);
      if (!projectId) continue;
      for (const profileDir of await entries(join(dir, project.name))) {
        if (!profileDir.isDirectory()) continue;
        const profile = await profiles.findByName(projectId, profileDir.name);
        if (!profile) continue;
        const folder = join(dir, project.name, profileDir.name);
        for (const file of await entries(folder)) {
          if (!file.isFile() || OWN_FOLDERS.has(file.name) || !isCandidate(file.name)) continue;
          const path = join(folder, file.name);
          const size = await stat(path).then(
            (s) => s.size,
            () => -1,
          );
          if (size <= 0) continue;
          present.add(path);
          // A file still being written grows between two looks: it waits until its size holds.
          if (seen.get(path) === size) {
            seen.delete(path);
            await take(projectId, profile.id, folder, file.name, size);
          } else seen.set(path, size);
        }
      }
    }
    for (const path of seen.keys()) if (!present.has(path)) seen.delete(path);
  }

  const timer = setInterval(() => {
    if (looking) return;
    looking = look()
      .catch((error: unknown) => log.error({ err: error, dir }, 'the import folder could not be read'))
      .finally(() => {
        looking = null;
      });
  }, options.pollMs);
  timer.unref();

  return {
    async close() {
      clearInterval(timer);
      await looking;
    },
  };
}
