import { createWriteStream } from 'node:fs';
import { mkdir, rename, rm, stat } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { LoggerImport } from '@vigil/domain';
import { fromJson, newId, nowIso, toJson } from '../../db/values.ts';
import type { Ingester } from '../../http/auth-hook.ts';
import { notFound, payloadTooLarge, validationError } from '../../http/errors.ts';
import {
  listInMemory,
  parseListQuery,
  queryInMemory,
  type ListQueryInput,
  type ListSpec,
} from '../../http/list-query.ts';
import type { ImportProfileStore } from './import-profile-store.ts';
import type { ImportQueue } from './import-queue.ts';
import { emptyImportResult } from './import-runner.ts';
import type { ImportRow, ImportStore } from './import-store.ts';

const LIST_SPEC: ListSpec = {
  columns: {
    id: 'id',
    profile: 'profile',
    status: 'status',
    file_name: 'file_name',
    origin: 'origin',
    created_at: 'created_at',
    created_by: 'created_by',
  },
  filters: ['id', 'profile', 'status', 'file_name', 'origin', 'created_by'],
  defaultOrdering: '-created_at',
  tieBreaker: 'id',
};

export function presentImport(row: ImportRow): LoggerImport {
  return {
    id: row.id,
    profile: row.profile_id,
    status: row.status,
    file_name: row.file_name,
    size: Number(row.size),
    rows_total: Number(row.rows_total),
    rows_done: Number(row.rows_done),
    result: fromJson(row.result, emptyImportResult()),
    error: row.error,
    origin: row.origin,
    created_at: row.created_at,
    created_by: row.created_by,
    started_at: row.started_at,
    finished_at: row.finished_at,
  };
}

class TooLarge extends Error {}

/** Passes bytes on until more than `limit` have come, then fails: nothing over the limit is kept. */
function byteLimit(limit: number) {
  let seen = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      seen += chunk.length;
      if (seen > limit) callback(new TooLarge());
      else callback(null, chunk);
    },
  });
}

/** A file's name as sent, without any folder, bounded. */
const fileNameOf = (name: string | undefined) => basename((name ?? '').replaceAll('\\', '/')).slice(0, 255) || 'file';

/** The import to queue: a file already under its final path, its profile checked. */
export interface NewImport {
  id?: string;
  projectId: string;
  profileId: string;
  fileName: string;
  filePath: string;
  size: number;
  origin: 'upload' | 'folder';
  createdBy: string | null;
  keyId: string | null;
}

/** Logger file imports (requirements#site-contracts, ADR 0035): uploads stored under DATA_DIR/imports, then queued. */
export function importService(
  store: ImportStore,
  profiles: ImportProfileStore,
  queue: ImportQueue,
  options: { dataDir: string; maxBytes: number },
) {
  const folder = join(options.dataDir, 'imports');

  async function create(input: NewImport): Promise<LoggerImport> {
    const row: ImportRow = {
      id: input.id ?? newId(),
      project_id: input.projectId,
      profile_id: input.profileId,
      file_name: input.fileName,
      file_path: input.filePath,
      size: input.size,
      status: 'queued',
      origin: input.origin,
      rows_total: 0,
      rows_done: 0,
      result: toJson(emptyImportResult()),
      error: null,
      key_id: input.keyId,
      created_at: nowIso(),
      created_by: input.createdBy,
      started_at: null,
      finished_at: null,
      heartbeat_at: null,
    };
    await store.insert(row);
    queue.enqueue(row.id);
    return presentImport(row);
  }

  return {
    create,

    /**
     * `POST imports`: the form's `file` streamed to disk, cut off past IMPORT_MAX_BYTES (nothing of it
     * kept), and its `profile`, in either order; then the import is queued.
     */
    async upload(
      ingester: Ingester,
      parts: AsyncIterable<{
        type: 'field' | 'file';
        fieldname: string;
        value?: unknown;
        filename?: string;
        file?: Readable;
      }>,
    ): Promise<LoggerImport> {
      await mkdir(folder, { recursive: true });
      const staged = join(folder, `${newId()}.part`);
      let profileId: string | undefined;
      let file: { name: string; size: number } | undefined;
      try {
        for await (const part of parts) {
          if (part.type === 'field') {
            if (part.fieldname === 'profile') profileId = String(part.value);
            continue;
          }
          if (part.fieldname !== 'file' || file) {
            throw validationError('Send one file, as the field file', { [part.fieldname]: ['Send file'] });
          }
          try {
            await pipeline(part.file!, byteLimit(options.maxBytes), createWriteStream(staged));
          } catch (error) {
            if (error instanceof TooLarge || (error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
              throw payloadTooLarge(`A logger file may have at most ${options.maxBytes} bytes (IMPORT_MAX_BYTES)`);
            }
            throw error;
          }
          file = { name: fileNameOf(part.filename), size: (await stat(staged)).size };
        }
        const details: Record<string, string[]> = {};
        if (!file) details.file = ['Required'];
        else if (file.size === 0) details.file = ['The file is empty'];
        const profile =
          profileId && /^[A-Za-z0-9_-]{1,64}$/.test(profileId)
            ? await profiles.find(ingester.projectId, profileId)
            : undefined;
        if (!profile) details.profile = [profileId ? 'No import profile with this id' : 'Required'];
        if (Object.keys(details).length)
          throw validationError('The file was not imported: fix the fields named', details);
        const id = newId();
        const path = join(folder, id);
        await rename(staged, path);
        const created = await create({
          id,
          projectId: ingester.projectId,
          profileId: profile!.id,
          fileName: file!.name,
          filePath: path,
          size: file!.size,
          origin: 'upload',
          createdBy: ingester.username,
          keyId: ingester.key?.id ?? null,
        });
        return created;
      } finally {
        await rm(staged, { force: true });
      }
    },

    async list(projectId: string, input: ListQueryInput) {
      const query = parseListQuery(input, LIST_SPEC);
      const rows = (await store.list(projectId)).map(presentImport);
      return listInMemory(queryInMemory(rows, query), query);
    },

    async get(projectId: string, id: string): Promise<LoggerImport> {
      const row = await store.find(projectId, id);
      if (!row) throw notFound();
      return presentImport(row);
    },
  };
}

export type ImportService = ReturnType<typeof importService>;
