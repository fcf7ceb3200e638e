import type { Selectable, Updateable } from 'kysely';
import type { Db } from '../../db/connection.ts';
import type { MediaFilesTable, MediaTasksTable, ThumbnailTypesTable } from '../../db/schema.ts';
import { runListQuery, sameNamedColumns, type ListQuery, type ListSpec } from '../../http/list-query.ts';
import { projectRows } from '../../db/project-rows.ts';
import { nowIso } from '../../db/values.ts';

export type MediaFileRow = Selectable<MediaFilesTable>;
export type ThumbnailTypeRow = Selectable<ThumbnailTypesTable>;
export type MediaTaskRow = Selectable<MediaTasksTable>;

/** Files as `GET files/` lists them: wire name → column. */
export const MEDIA_FILE_LIST: ListSpec = {
  columns: sameNamedColumns(['id', 'label', 'original_filename', 'mime_type', 'size', 'created_at', 'modified_at']),
  filters: ['id', 'label', 'original_filename', 'mime_type'],
  ranges: ['created_at', 'modified_at'],
  defaultOrdering: '-created_at',
  tieBreaker: 'id',
};

/** The one row of media_signing_keys. */
const SIGNING_KEY = 'content-urls';

/** All SQL of the media service (ADR 0025). */
export function mediaStore(db: Db) {
  const fileRows = projectRows(db, 'media_files');
  const thumbnailTypeRows = projectRows(db, 'thumbnail_types');
  const taskRows = projectRows(db, 'media_tasks');
  return {
    async listUploaded(projectId: string, query: ListQuery, excludeThumbnails: boolean) {
      let qb = db
        .selectFrom('media_files')
        .selectAll()
        .where('project_id', '=', projectId)
        .where('is_uploaded', '=', 1);
      if (excludeThumbnails) qb = qb.where('parent_id', 'is', null);
      return runListQuery(qb, query, MEDIA_FILE_LIST);
    },

    find: fileRows.find,

    /** A file by id alone, for serving its bytes (public files need no project). */
    findAnywhere(id: string): Promise<MediaFileRow | undefined> {
      return db.selectFrom('media_files').selectAll().where('id', '=', id).executeTakeFirst();
    },

    /** The thumbnails of some files, to nest in their answers. */
    thumbnailsOf(parentIds: readonly string[]): Promise<MediaFileRow[]> {
      if (parentIds.length === 0) return Promise.resolve([]);
      return db
        .selectFrom('media_files')
        .selectAll()
        .where('parent_id', 'in', [...parentIds])
        .orderBy('width', 'asc')
        .execute();
    },

    /** Files (not thumbnails) whose label or original name is one of `names`, other than `exceptId`. */
    sameNames(projectId: string, names: readonly string[], exceptId?: string) {
      let qb = db
        .selectFrom('media_files')
        .select(['id', 'label', 'original_filename'])
        .where('project_id', '=', projectId)
        .where('parent_id', 'is', null)
        .where((eb) => eb.or([eb('label', 'in', [...names]), eb('original_filename', 'in', [...names])]));
      if (exceptId) qb = qb.where('id', '!=', exceptId);
      return qb.execute();
    },

    /** Records whose upload never finished, created before `before`: abandoned, so they free their names. */
    abandoned(projectId: string, before: string) {
      return db
        .selectFrom('media_files')
        .select(['id', 'storage_key'])
        .where('project_id', '=', projectId)
        .where('is_uploaded', '=', 0)
        .where('created_at', '<', before)
        .execute();
    },

    insert: fileRows.insert,
    update: fileRows.update,

    /** How many files (not thumbnails) a thumbnail type is given to. */
    async filesOfThumbnailType(projectId: string, typeId: string): Promise<number> {
      const row = await db
        .selectFrom('media_files')
        .select((eb) => eb.fn.countAll<number | string>().as('count'))
        .where('project_id', '=', projectId)
        .where('thumbnail_type_id', '=', typeId)
        .where('parent_id', 'is', null)
        .executeTakeFirstOrThrow();
      return Number(row.count);
    },

    /** Sets attrs.is_public of a file's thumbnails to the file's. */
    async updateThumbnailAttrs(parentId: string, attrs: string) {
      await db.updateTable('media_files').set({ attrs }).where('parent_id', '=', parentId).execute();
    },

    /** Deletes files (their thumbnails go with them) and answers the storage keys they held. */
    async remove(projectId: string, ids: readonly string[]): Promise<string[]> {
      if (ids.length === 0) return [];
      const rows = await db
        .selectFrom('media_files')
        .select('storage_key')
        .where('project_id', '=', projectId)
        .where((eb) => eb.or([eb('id', 'in', [...ids]), eb('parent_id', 'in', [...ids])]))
        .execute();
      await db
        .deleteFrom('media_files')
        .where('project_id', '=', projectId)
        .where((eb) => eb.or([eb('parent_id', 'in', [...ids]), eb('id', 'in', [...ids])]))
        .execute();
      return rows.flatMap((r) => (r.storage_key ? [r.storage_key] : []));
    },

    thumbnailType: thumbnailTypeRows.find,

    thumbnailTypes(projectId: string): Promise<ThumbnailTypeRow[]> {
      return db
        .selectFrom('thumbnail_types')
        .selectAll()
        .where('project_id', '=', projectId)
        .orderBy('created_at')
        .execute();
    },

    defaultThumbnailType(projectId: string): Promise<ThumbnailTypeRow | undefined> {
      return db
        .selectFrom('thumbnail_types')
        .selectAll()
        .where('project_id', '=', projectId)
        .where('is_default', '=', 1)
        .executeTakeFirst();
    },

    insertThumbnailType: thumbnailTypeRows.insert,
    removeThumbnailType: thumbnailTypeRows.remove,
    insertTask: taskRows.insert,

    async updateTask(id: string, changes: Updateable<MediaTasksTable>) {
      await db.updateTable('media_tasks').set(changes).where('id', '=', id).execute();
    },

    /** Of `fileIds`, the files whose latest processing task failed. */
    async processingFailures(fileIds: readonly string[]): Promise<Set<string>> {
      if (fileIds.length === 0) return new Set();
      const rows = await db
        .selectFrom('media_tasks')
        .select(['file_id', 'status'])
        .where('kind', '=', 'process')
        .where('file_id', 'in', [...fileIds])
        .orderBy('created_at')
        .orderBy('id')
        .execute();
      const latest = new Map(rows.map((r) => [r.file_id, r.status]));
      return new Set([...latest].filter(([, status]) => status === 'FAILURE').map(([id]) => id));
    },

    /**
     * The secret signing private files' URLs, shared by every server on the database: `candidate`
     * becomes it on first use, unless another server's got there first.
     */
    async signingSecret(candidate: string): Promise<string> {
      await db
        .insertInto('media_signing_keys')
        .values({ id: SIGNING_KEY, secret: candidate, created_at: nowIso() })
        .onConflict((oc) => oc.column('id').doNothing())
        .execute();
      const row = await db
        .selectFrom('media_signing_keys')
        .select('secret')
        .where('id', '=', SIGNING_KEY)
        .executeTakeFirstOrThrow();
      return row.secret;
    },

    task: taskRows.find,
  };
}

export type MediaStore = ReturnType<typeof mediaStore>;
