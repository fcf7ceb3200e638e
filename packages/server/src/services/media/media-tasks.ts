import type { FastifyBaseLogger } from 'fastify';
import { isPublicMedia, type ThumbnailDimension } from '@vigil/domain';
import type { MediaTaskKind } from '../../db/schema.ts';
import { fromJson, newId, nowIso, toFlag, toJson } from '../../db/values.ts';
import { makesThumbnails, makeThumbnail } from './image-processing.ts';
import type { MediaFileRow, MediaStore } from './media-store.ts';
import { mediaKey, readAll, type MediaStorage } from './storage/media-storage.ts';

/** How long `process` waits for its task before answering without public_url (the client then polls). */
const PROCESS_WAIT_MS = 2000;

/**
 * Background work on uploaded files (ADR 0025): processing (auto thumbnails, then public_url) and
 * thumbnail tasks, one at a time in this process, each recorded as PENDING, STARTED, SUCCESS or
 * FAILURE so that `check_uri` can answer.
 */
export function mediaTasks(store: MediaStore, storage: MediaStorage, log: FastifyBaseLogger) {
  let queue: Promise<void> = Promise.resolve();
  const processing = new Map<string, Promise<void>>();

  /** Makes and stores each thumbnail of the file's type, replacing any of the same name. */
  async function makeThumbnails(file: MediaFileRow) {
    const type = file.thumbnail_type_id
      ? await store.thumbnailType(file.project_id, file.thumbnail_type_id)
      : undefined;
    if (!type) throw new Error('The file has no thumbnail type');
    const stream = file.storage_key ? await storage.read(file.storage_key) : null;
    if (!stream) throw new Error('The file has no stored bytes');
    const source = await readAll(stream);
    const dimensions = fromJson<ThumbnailDimension[]>(type.dimensions, []);
    const existing = await store.thumbnailsOf([file.id]);
    // As public as the file is now (it may have changed since the task was queued).
    const current = (await store.find(file.project_id, file.id)) ?? file;
    const attrs = toJson({ is_public: isPublicMedia(fromJson(current.attrs, {})) });
    for (const dimension of dimensions) {
      const thumbnail = await makeThumbnail(source, file.mime_type, dimension);
      const id = newId();
      const key = mediaKey(file.project_id, id);
      await storage.put(key, { bytes: thumbnail.bytes }, thumbnail.mimeType);
      const replaced = existing.filter((t) => t.thumbnail_name === dimension.name).map((t) => t.id);
      await storage.remove(await store.remove(file.project_id, replaced));
      const now = nowIso();
      const extension = thumbnail.mimeType === 'image/jpeg' ? 'jpg' : 'png';
      await store.insert({
        id,
        project_id: file.project_id,
        parent_id: file.id,
        thumbnail_name: dimension.name,
        original_filename: `${file.id}-${dimension.name}.${extension}`,
        label: `${file.label} (${dimension.name})`,
        mime_type: thumbnail.mimeType,
        size: thumbnail.bytes.length,
        width: thumbnail.width,
        height: thumbnail.height,
        tags: '[]',
        attrs,
        description: '',
        thumbnail_type_id: type.id,
        storage_key: key,
        is_uploaded: toFlag(true),
        processed_at: now,
        upload_ticket_hash: null,
        upload_expires_at: null,
        created_by: file.created_by,
        created_at: now,
        modified_by: file.created_by,
        modified_at: now,
      });
    }
  }

  /** Records a task and runs `work` after the tasks before it; answers the task id and its end. */
  async function enqueue(file: MediaFileRow, kind: MediaTaskKind, work: () => Promise<void>) {
    const id = newId();
    const now = nowIso();
    await store.insertTask({
      id,
      project_id: file.project_id,
      file_id: file.id,
      kind,
      status: 'PENDING',
      error: null,
      created_at: now,
      updated_at: now,
    });
    const done = queue.then(async () => {
      try {
        await store.updateTask(id, { status: 'STARTED', updated_at: nowIso() });
        await work();
        await store.updateTask(id, { status: 'SUCCESS', updated_at: nowIso() });
      } catch (error) {
        log.error({ err: error, fileId: file.id, kind }, 'media task failed');
        const message = error instanceof Error ? error.message : String(error);
        await store.updateTask(id, { status: 'FAILURE', error: message, updated_at: nowIso() }).catch(() => {});
      }
    });
    queue = done;
    return { id, done };
  }

  return {
    /**
     * Processes an uploaded file: its type's thumbnails when the type processes automatically, then
     * public_url. Answers once done, or after a moment (the client polls the file, requirements#monitoring-states).
     */
    async process(file: MediaFileRow): Promise<void> {
      let running = processing.get(file.id);
      if (!running) {
        const { done } = await enqueue(file, 'process', async () => {
          const type = file.thumbnail_type_id
            ? await store.thumbnailType(file.project_id, file.thumbnail_type_id)
            : undefined;
          if (type?.auto_process && makesThumbnails(file.mime_type)) await makeThumbnails(file);
          await store.update(file.project_id, file.id, { processed_at: nowIso() });
        });
        running = done.finally(() => processing.delete(file.id));
        processing.set(file.id, running);
      }
      await Promise.race([running, new Promise((resolve) => setTimeout(resolve, PROCESS_WAIT_MS).unref())]);
    },

    /** Starts a thumbnail task for the file's thumbnail type; answers the task's id. */
    async thumbnails(file: MediaFileRow): Promise<string> {
      return (await enqueue(file, 'thumbnails', () => makeThumbnails(file))).id;
    },

    /** Resolves when every task queued so far has ended. */
    idle: () => queue,
  };
}

export type MediaTasks = ReturnType<typeof mediaTasks>;
