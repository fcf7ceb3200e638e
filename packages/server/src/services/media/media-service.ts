import {
  DEFAULT_THUMBNAIL_DIMENSIONS,
  isCurator,
  isPublicMedia,
  MEDIA_MESSAGES,
  mediaMessage,
  type MediaFile,
  type MediaFilePatchBody,
  type ThumbnailTypeCreateBody,
  type mediaFileCreateBody,
} from '@vigil/domain';
import type { z } from 'zod';
import type { ProjectActor } from '../../http/auth-hook.ts';
import { conflict, forbidden, notFound, validationError } from '../../http/errors.ts';
import { listBody, parseListQuery, type ListQueryInput } from '../../http/list-query.ts';
import { fromJson, newId, nowIso, toFlag, toJson } from '../../db/values.ts';
import type { ContentUrls } from './content-urls.ts';
import { declaredTypeProblem } from './declared-type.ts';
import type { FileManagerFeatures } from './file-manager-features.ts';
import { makesThumbnails } from './image-processing.ts';
import { presentMediaFile, presentThumbnailType, type Served } from './media-presenter.ts';
import { MEDIA_FILE_LIST, type MediaFileRow, type MediaStore } from './media-store.ts';
import type { MediaStorage } from './storage/media-storage.ts';

/** A record whose upload has not finished after a day is abandoned: it no longer holds its name. */
const ABANDONED_AFTER_MS = 24 * 3600 * 1000;

/** The names a file is known by: duplicates are compared on both, trimmed (requirements#monitoring-validation). */
const namesOf = (...names: Array<string | undefined>) => [
  ...new Set(names.filter((n): n is string => !!n).map((n) => n.trim())),
];

/**
 * Files, their records and thumbnail types (ADR 0025); bytes go through the upload service. The
 * project's file manager features decide who uploads, tags and deletes.
 */
export function mediaService(
  store: MediaStore,
  storage: MediaStorage,
  urls: ContentUrls,
  features: FileManagerFeatures,
) {
  /** What presenting `rows` needs: URLs signed for now, and which of those not processed failed. */
  async function served(rows: readonly MediaFileRow[]): Promise<Served> {
    return {
      urlOf: await urls.at(),
      processingFailed: await store.processingFailures(rows.filter((r) => !r.processed_at).map((r) => r.id)),
    };
  }

  async function present(row: MediaFileRow): Promise<MediaFile> {
    return presentMediaFile(row, await store.thumbnailsOf([row.id]), await served([row]));
  }

  async function requireFile(projectId: string, id: string): Promise<MediaFileRow> {
    const row = await store.find(projectId, id);
    if (!row) throw notFound(mediaMessage(MEDIA_MESSAGES.retrieveFailed, { id }));
    return row;
  }

  function requireCurator(actor: ProjectActor, row: MediaFileRow) {
    if (!isCurator(actor.activeRole?.name) && row.created_by !== actor.username) throw forbidden();
  }

  async function removeAbandoned(projectId: string) {
    const stale = await store.abandoned(projectId, new Date(Date.now() - ABANDONED_AFTER_MS).toISOString());
    await storage.remove(
      await store.remove(
        projectId,
        stale.map((r) => r.id),
      ),
    );
  }

  /** The project's own small-and-medium type, made on first use: images without a type get it. */
  async function defaultThumbnailType(actor: ProjectActor): Promise<string> {
    const existing = await store.defaultThumbnailType(actor.projectId);
    if (existing) return existing.id;
    const id = newId();
    await store.insertThumbnailType({
      id,
      project_id: actor.projectId,
      name: 'Default',
      auto_process: 1,
      dimensions: toJson(DEFAULT_THUMBNAIL_DIMENSIONS),
      is_default: 1,
      created_by: actor.username,
      created_at: nowIso(),
    });
    return id;
  }

  async function requireThumbnailType(projectId: string, id: string | null) {
    if (id && !(await store.thumbnailType(projectId, id))) {
      throw validationError('Invalid thumbnail type', { thumbnail_type: ['No such thumbnail type'] });
    }
  }

  return {
    present,
    requireFile,

    /** Uploaded files only (requirements#monitoring-screens), newest first, with their thumbnails. */
    async list(projectId: string, input: ListQueryInput & { exclude_thumbnails?: string }) {
      const { exclude_thumbnails, ...rest } = input;
      const query = parseListQuery(rest, MEDIA_FILE_LIST);
      const { count, rows } = await store.listUploaded(projectId, query, exclude_thumbnails !== 'false');
      const thumbnails = await store.thumbnailsOf(rows.map((r) => r.id));
      const byParent = Map.groupBy(thumbnails, (t) => t.parent_id!);
      const context = await served(rows);
      return listBody(
        query,
        count,
        rows.map((row) => presentMediaFile(row, byParent.get(row.id) ?? [], context)),
      );
    },

    async get(projectId: string, id: string) {
      return present(await requireFile(projectId, id));
    },

    /**
     * The record before its bytes; 409 when its label or file name is taken (requirements#monitoring-validation).
     * Private
     * unless its creator says is_public: true.
     */
    async create(actor: ProjectActor, body: z.output<typeof mediaFileCreateBody>): Promise<MediaFile> {
      await features.require(actor, 'upload');
      const label = body.label ?? body.original_filename;
      const problem = declaredTypeProblem(body.original_filename, body.mime_type);
      if (problem) throw validationError('Invalid file type', { mime_type: [problem] });
      await requireThumbnailType(actor.projectId, body.thumbnail_type);
      await removeAbandoned(actor.projectId);
      if ((await store.sameNames(actor.projectId, namesOf(label, body.original_filename))).length > 0) {
        throw conflict(MEDIA_MESSAGES.conflictOnAdd);
      }
      const now = nowIso();
      const thumbnailType =
        body.thumbnail_type ?? (makesThumbnails(body.mime_type) ? await defaultThumbnailType(actor) : null);
      const row = {
        id: newId(),
        project_id: actor.projectId,
        parent_id: null,
        thumbnail_name: null,
        original_filename: body.original_filename,
        label,
        mime_type: body.mime_type,
        size: null,
        width: null,
        height: null,
        tags: toJson(namesOf(...body.tags)),
        attrs: toJson({ ...body.attrs, is_public: body.attrs.is_public === true }),
        description: body.description,
        thumbnail_type_id: thumbnailType,
        storage_key: null,
        is_uploaded: toFlag(false),
        processed_at: null,
        upload_ticket_hash: null,
        upload_expires_at: null,
        created_by: actor.username,
        created_at: now,
        modified_by: actor.username,
        modified_at: now,
      };
      await store.insert(row);
      return presentMediaFile(row, [], await served([]));
    },

    /**
     * Rename, tags, attrs, description, thumbnail type: only the fields sent. attrs are replaced, but
     * for is_public, which stays as it was unless sent: a file becomes public only when someone says so.
     */
    async patch(actor: ProjectActor, id: string, body: MediaFilePatchBody): Promise<MediaFile> {
      const row = await requireFile(actor.projectId, id);
      if (row.parent_id) throw validationError('A thumbnail is changed through its file');
      requireCurator(actor, row);
      if (body.tags !== undefined) await features.require(actor, 'tag');
      if (body.label !== undefined && body.label !== row.label) {
        if ((await store.sameNames(actor.projectId, [body.label], id)).length > 0) {
          throw conflict(MEDIA_MESSAGES.duplicateName);
        }
      }
      if (body.thumbnail_type !== undefined) await requireThumbnailType(actor.projectId, body.thumbnail_type);
      const wasPublic = isPublicMedia(fromJson(row.attrs, {}));
      const attrs = body.attrs && { ...body.attrs, is_public: body.attrs.is_public ?? wasPublic };
      await store.update(actor.projectId, id, {
        ...(body.label !== undefined ? { label: body.label } : {}),
        ...(body.tags !== undefined ? { tags: toJson(namesOf(...body.tags)) } : {}),
        ...(attrs !== undefined ? { attrs: toJson(attrs) } : {}),
        ...(body.description !== undefined ? { description: body.description } : {}),
        ...(body.thumbnail_type !== undefined ? { thumbnail_type_id: body.thumbnail_type } : {}),
        modified_by: actor.username,
        modified_at: nowIso(),
      });
      // A thumbnail is as public as its file.
      if (attrs) await store.updateThumbnailAttrs(id, toJson({ is_public: attrs.is_public }));
      return present(await requireFile(actor.projectId, id));
    },

    /**
     * The record, its thumbnails and their bytes. Needs the delete feature, but for an uploader
     * withdrawing his own upload before it is processed: cancelling is part of uploading.
     */
    async remove(actor: ProjectActor, id: string): Promise<void> {
      const row = await requireFile(actor.projectId, id);
      if (row.parent_id) throw validationError('A thumbnail is deleted with its file');
      requireCurator(actor, row);
      if (row.processed_at || row.created_by !== actor.username) await features.require(actor, 'delete');
      await storage.remove(await store.remove(actor.projectId, [id]));
    },

    async thumbnailTypes(projectId: string) {
      return { objects: (await store.thumbnailTypes(projectId)).map(presentThumbnailType) };
    },

    /** Administrators and managers make thumbnail types (the route's access). */
    async createThumbnailType(actor: ProjectActor, body: ThumbnailTypeCreateBody) {
      const row = {
        id: newId(),
        project_id: actor.projectId,
        name: body.name,
        auto_process: toFlag(body.auto_process),
        dimensions: toJson(body.dimensions),
        is_default: toFlag(false),
        created_by: actor.username,
        created_at: nowIso(),
      };
      await store.insertThumbnailType(row);
      return presentThumbnailType(row);
    },

    /** Administrators (the route's access) delete thumbnail types, but not one files use (409 naming how many). */
    async removeThumbnailType(actor: ProjectActor, id: string) {
      const row = await store.thumbnailType(actor.projectId, id);
      if (!row) throw notFound(mediaMessage(MEDIA_MESSAGES.thumbnailTypeDeleteFailed, { id }));
      if (row.is_default) throw validationError("The project's default thumbnail type stays");
      const users = await store.filesOfThumbnailType(actor.projectId, id);
      if (users > 0) throw conflict(`The thumbnail type is used by ${users} file${users === 1 ? '' : 's'}`);
      await store.removeThumbnailType(actor.projectId, id);
    },
  };
}

export type MediaService = ReturnType<typeof mediaService>;
