import { autoResizeDimensions, autoResizeTypeName, MEDIA_MESSAGES, MEDIA_POLL, type MediaFile } from '@vigil/domain';
import type { MediaApi } from '../../../api/media.ts';
import { step, UploadFailure } from './upload-failure.ts';

export interface ProcessingDeps {
  api: Pick<
    MediaApi,
    'process' | 'get' | 'createThumbnailType' | 'patch' | 'processThumbnails' | 'checkTask' | 'deleteThumbnailType'
  >;
  sleep(ms: number, signal: AbortSignal): Promise<void>;
  now(): number;
}

/** A file the service failed to process will not get its public_url: waiting longer is pointless. */
function checkNotFailed(file: MediaFile) {
  if (file.processing_failed) {
    throw new UploadFailure({ message: 'processFailed', detail: MEDIA_MESSAGES.processingFailed });
  }
}

/**
 * Processing (requirements#monitoring-states): asks the service to process the file, then reads it again until its
 * public_url appears, up to 10 tries at 500 ms, or the service says the processing failed.
 */
export async function processFile(id: string, deps: ProcessingDeps, signal: AbortSignal): Promise<MediaFile> {
  let file = await step('processFailed', () => deps.api.process(id, signal));
  checkNotFailed(file);
  for (let tries = 0; !file.public_url && tries < MEDIA_POLL.processedTries; tries++) {
    await deps.sleep(MEDIA_POLL.processedIntervalMs, signal);
    file = await step('processFailed', () => deps.api.get(id, signal));
    checkNotFailed(file);
  }
  if (!file.public_url) throw new UploadFailure({ message: 'processFailed' });
  return file;
}

/** Whether the resize of requirements#monitoring-validation applies: an image whose size the service measured. */
export const canResize = (file: MediaFile) =>
  file.mime_type.startsWith('image/') && file.mime_type !== 'image/svg+xml' && Boolean(file.width && file.height);

/**
 * The optional resize (requirements#monitoring-states, #monitoring-validation): a thumbnail type '{label}-Auto-2x1x'
 * with '@2x' and '@1x'
 * at 2/3 and 1/3 of the image plus the defaults, attached to the file and processed; the task is
 * polled every 200 ms for up to 20 s, then the file is read again. On failure the type is deleted.
 */
export async function resizeImage(file: MediaFile, deps: ProcessingDeps, signal: AbortSignal): Promise<MediaFile> {
  const { api } = deps;
  const type = await step('thumbnailTypeFailed', () =>
    api.createThumbnailType({
      name: autoResizeTypeName(file.label),
      auto_process: false,
      dimensions: autoResizeDimensions(file.width!, file.height!),
    }),
  );
  try {
    await step('addFailed', () => api.patch(file.id, { thumbnail_type: type.id }));
    const { check_uri: uri } = await step('processFailed', () => api.processThumbnails(file.id, signal));
    const deadline = deps.now() + MEDIA_POLL.thumbnailTimeoutMs;
    for (;;) {
      const task = await step('taskCheckFailed', () => api.checkTask(uri, signal), { uri });
      if (task.status === 'SUCCESS') break;
      if (task.status === 'FAILURE') {
        throw new UploadFailure({
          message: 'taskCheckFailed',
          values: { uri },
          ...(task.error && { detail: task.error }),
        });
      }
      if (deps.now() >= deadline) throw new UploadFailure({ message: 'thumbnailTimeout' });
      await deps.sleep(MEDIA_POLL.thumbnailIntervalMs, signal);
    }
    return await step('retrieveFailed', () => api.get(file.id, signal), { id: file.id });
  } catch (error) {
    await api.deleteThumbnailType(type.id).catch(() => undefined);
    throw error;
  }
}
