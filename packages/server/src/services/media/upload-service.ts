import { createWriteStream } from 'node:fs';
import { mkdir, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { MEDIA_MAX_FILE_SIZE, MEDIA_MESSAGES, SERVICE_PREFIXES, type MediaFile, type UploadUrl } from '@vigil/domain';
import type { ProjectActor } from '../../http/auth-hook.ts';
import { conflict, payloadTooLarge, unauthorized, validationError } from '../../http/errors.ts';
import { nowIso, toFlag } from '../../db/values.ts';
import { newToken, tokenHash } from '../auth/secrets.ts';
import { contentTypeProblem } from './declared-type.ts';
import { checkImage, makesThumbnails } from './image-processing.ts';
import type { FileManagerFeatures } from './file-manager-features.ts';
import type { MediaService } from './media-service.ts';
import type { MediaStore } from './media-store.ts';
import { mediaKey, type MediaStorage } from './storage/media-storage.ts';

/** An upload URL's ticket lasts an hour; asking again (to resume) gives a new one. */
const TICKET_TTL_MS = 3600 * 1000;

export const uploadPath = (id: string) => `${SERVICE_PREFIXES.media}/files/${id}/upload/`;

/** The form fields before the file: the ticket, and for a file sent in parts its offset and whether it ends. */
export interface UploadFields {
  ticket?: string;
  offset?: string;
  complete?: string;
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

/**
 * The upload of requirements#monitoring-states (ADR 0025): a ticket for one file, its bytes streamed into a staging
 * file (in parts when the client resumes), checked against the size limit while they stream and
 * against the declared type when complete, then moved to storage.
 */
export function uploadService(
  store: MediaStore,
  storage: MediaStorage,
  files: MediaService,
  features: FileManagerFeatures,
  dataDir: string,
) {
  const stagingDir = join(dataDir, 'media-uploads');
  const stagedPath = (id: string) => join(stagingDir, `${id}.part`);
  const stagedSize = (id: string) =>
    stat(stagedPath(id)).then(
      (s) => s.size,
      () => 0,
    );
  /** One part at a time per file, so that parts append in order. */
  const busy = new Set<string>();

  async function finish(fileId: string, projectId: string, mimeType: string): Promise<MediaFile> {
    const path = stagedPath(fileId);
    const size = await stagedSize(fileId);
    if (size === 0) throw validationError('The file is empty', { file: ['The file is empty'] });
    const problem = await contentTypeProblem(path, mimeType);
    if (problem) throw validationError(MEDIA_MESSAGES.typeMismatch, { file: [problem] });
    // An image that could never be processed is refused now, while its uploader is there to hear it.
    const image = makesThumbnails(mimeType) ? await checkImage(path) : null;
    if (image && 'problem' in image) {
      const text = image.problem === 'too-large' ? MEDIA_MESSAGES.imageTooLarge : MEDIA_MESSAGES.imageUnreadable;
      throw validationError(text, { file: [text] });
    }
    const key = mediaKey(projectId, fileId);
    await storage.put(key, { path, size }, mimeType);
    await store.update(projectId, fileId, {
      is_uploaded: toFlag(true),
      storage_key: key,
      size,
      width: image?.width ?? null,
      height: image?.height ?? null,
      upload_ticket_hash: null,
      upload_expires_at: null,
    });
    await rm(path, { force: true });
    return files.get(projectId, fileId);
  }

  return {
    /** `GET files/{id}/upload-url/`: where to POST the bytes, with a new ticket and the bytes received so far. */
    async uploadUrl(actor: ProjectActor, id: string): Promise<UploadUrl> {
      await features.require(actor, 'upload');
      const row = await files.requireFile(actor.projectId, id);
      if (row.is_uploaded) throw conflict('The file has been uploaded already');
      const ticket = newToken();
      const expiresAt = new Date(Date.now() + TICKET_TTL_MS).toISOString();
      await store.update(actor.projectId, id, { upload_ticket_hash: tokenHash(ticket), upload_expires_at: expiresAt });
      return { url: uploadPath(id), fields: { ticket }, received: await stagedSize(id), expires_at: expiresAt };
    },

    /**
     * Receives one part (or the whole file) for the file whose ticket `fields` carry. Answers the
     * bytes received so far, or the uploaded file when the part completes it.
     */
    async receive(id: string, fields: UploadFields, file: Readable): Promise<{ received: number } | MediaFile> {
      const row = await store.findAnywhere(id);
      if (!row || !fields.ticket || row.upload_ticket_hash !== tokenHash(fields.ticket)) {
        throw unauthorized('The upload ticket is not valid for this file');
      }
      if (!row.upload_expires_at || row.upload_expires_at < nowIso()) throw unauthorized(MEDIA_MESSAGES.uploadExpired);
      const offset = Number(fields.offset ?? 0);
      if (!Number.isSafeInteger(offset) || offset < 0)
        throw validationError('Invalid offset', { offset: ['A byte count'] });
      if (busy.has(id)) throw conflict('Another part of this file is being received');
      busy.add(id);
      try {
        const received = await stagedSize(id);
        if (offset !== 0 && offset !== received) {
          throw conflict(MEDIA_MESSAGES.uploadOffset, { offset: [`The server has ${received} bytes`] });
        }
        await mkdir(stagingDir, { recursive: true });
        try {
          await pipeline(
            file,
            byteLimit(MEDIA_MAX_FILE_SIZE - offset),
            createWriteStream(stagedPath(id), { flags: offset === 0 ? 'w' : 'a' }),
          );
        } catch (error) {
          // Nothing of an upload that breaks the limit is kept, not even its earlier parts.
          await rm(stagedPath(id), { force: true });
          if (error instanceof TooLarge || (error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
            throw payloadTooLarge(MEDIA_MESSAGES.tooLarge);
          }
          throw error;
        }
        if (fields.complete === 'false') return { received: await stagedSize(id) };
        try {
          return await finish(id, row.project_id, row.mime_type);
        } catch (error) {
          await rm(stagedPath(id), { force: true });
          throw error;
        }
      } finally {
        busy.delete(id);
      }
    },

    /** Drops whatever a deleted file left in staging. */
    async discard(id: string) {
      await rm(stagedPath(id), { force: true });
    },
  };
}

export type UploadService = ReturnType<typeof uploadService>;
