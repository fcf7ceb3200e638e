import { MEDIA_MAX_FILE_SIZE, MEDIA_MESSAGES, mimeTypeFor, type MediaFile } from '@vigil/domain';
import { ApiError } from '../../../api/api-error.ts';
import type { MediaApi } from '../../../api/media.ts';
import { isDuplicateUpload } from '../model/library.ts';
import { canResize, processFile, resizeImage, type ProcessingDeps } from './processing.ts';
import { serverDetail } from '../model/media-text.ts';
import { step, UploadFailure } from './upload-failure.ts';
import type { QueueAction, UploadRequest } from './upload-queue.ts';
import { uploadBytes, type SendPart } from './upload-transport.ts';

export interface UploadJobDeps extends ProcessingDeps {
  api: ProcessingDeps['api'] & Pick<MediaApi, 'create' | 'uploadUrl' | 'remove'>;
  send: SendPart;
  /** the library as loaded now, for the duplicate check */
  existing(): ReadonlyArray<Pick<MediaFile, 'id' | 'label' | 'original_filename'>>;
  partSize?: number;
}

const cancelledError = () => new DOMException('The upload was cancelled', 'AbortError');

/**
 * One file's upload (requirements#monitoring-states): check the name against the library, create the record, send the
 * bytes, process, resize if asked, then Complete!. Any failure once the record exists removes it.
 * Pause stops the part in flight; resume asks the server how much it has and goes on from there;
 * cancel stops everything and removes the record.
 */
export class UploadJob {
  private controller = new AbortController();
  private recordId: string | null = null;
  /** 'sending' while bytes go out: the only time a pause means anything */
  private phase: 'idle' | 'uploading' | 'sending' | 'paused' | 'processing' | 'resizing' | 'done' = 'idle';
  /** settles when the user resumes or cancels; made by each pause */
  private resumption: Promise<void> = Promise.resolve();
  private resumed: () => void = () => {};
  private pauses = 0;
  private cancelled = false;

  private readonly request: UploadRequest;
  private readonly deps: UploadJobDeps;
  private readonly dispatch: (action: QueueAction) => void;

  constructor(request: UploadRequest, deps: UploadJobDeps, dispatch: (action: QueueAction) => void) {
    this.request = request;
    this.deps = deps;
    this.dispatch = dispatch;
  }

  /** Runs the upload to its end; answers the file when complete, else null (failed or cancelled). */
  async run(): Promise<MediaFile | null> {
    const { id, file, label } = this.request;
    try {
      this.enter('uploading');
      if (isDuplicateUpload(this.deps.existing(), label, file.name)) {
        throw new UploadFailure({ message: 'duplicateUpload' });
      }
      if (file.size > MEDIA_MAX_FILE_SIZE) {
        throw new UploadFailure({ message: 'uploadFailed', detail: MEDIA_MESSAGES.tooLarge });
      }
      const record = await this.create();
      this.recordId = record.id;
      this.checkCancelled();
      await this.sendBytes(record.id);
      this.enter('processing');
      let done = await processFile(record.id, this.deps, this.controller.signal);
      if (this.request.resize && canResize(done)) {
        this.enter('resizing');
        done = await resizeImage(done, this.deps, this.controller.signal);
      }
      this.checkCancelled();
      this.phase = 'done';
      this.dispatch({ type: 'complete', id });
      return done;
    } catch (error) {
      this.phase = 'done';
      if (this.recordId) await this.deps.api.remove(this.recordId).catch(() => undefined);
      if (this.cancelled) this.dispatch({ type: 'cancelled', id });
      else this.dispatch({ type: 'failed', id, error: reasonOf(error) });
      return null;
    }
  }

  /** Stops the part in flight; only while the bytes are being sent. */
  pause() {
    if (this.phase !== 'sending') return;
    this.phase = 'paused';
    this.pauses += 1;
    this.resumption = new Promise((resolve) => (this.resumed = resolve));
    this.dispatch({ type: 'paused', id: this.request.id });
    this.controller.abort();
  }

  resume() {
    if (this.phase !== 'paused') return;
    this.controller = new AbortController();
    this.phase = 'sending';
    this.dispatch({ type: 'resumed', id: this.request.id });
    this.resumed();
  }

  /** Stops the upload whatever it is doing; the record, if made, is removed. */
  cancel() {
    if (this.phase === 'done') return;
    this.cancelled = true;
    this.controller.abort();
    this.resumed();
  }

  private enter(phase: 'uploading' | 'processing' | 'resizing') {
    this.phase = phase;
    this.dispatch({ type: 'phase', id: this.request.id, status: phase });
  }

  private checkCancelled() {
    if (this.cancelled) throw cancelledError();
  }

  private async create() {
    const { file, label } = this.request;
    try {
      return await this.deps.api.create({
        original_filename: file.name,
        label,
        mime_type: mimeTypeFor(file.name),
        attrs: { is_public: this.request.isPublic },
      });
    } catch (error) {
      // A conflict on add means another file bears the name (requirements#monitoring-calls).
      if (error instanceof ApiError && error.status === 409) throw new UploadFailure({ message: 'conflictOnAdd' });
      const detail = serverDetail(error);
      throw new UploadFailure({ message: 'addFailed', ...(detail && { detail }) });
    }
  }

  /** Sends the bytes; a pause ends the attempt, and resuming starts another from the server's count. */
  private async sendBytes(recordId: string): Promise<void> {
    const { api } = this.deps;
    this.phase = 'sending';
    for (;;) {
      const signal = this.controller.signal;
      const pauses = this.pauses;
      try {
        await step('uploadFailed', () =>
          uploadBytes(this.request.file, {
            uploadUrl: (s) => step('uploadUrlFailed', () => api.uploadUrl(recordId, s)),
            fileRecord: (s) => api.get(recordId, s),
            send: this.deps.send,
            signal,
            partSize: this.deps.partSize,
            onProgress: (sent, total) => this.dispatch({ type: 'progress', id: this.request.id, sent, total }),
          }),
        );
        return;
      } catch (error) {
        // A pause aborts whatever was in flight, so its failure says nothing about the upload.
        if (this.pauses === pauses || this.cancelled) throw error;
        await this.resumption;
        this.checkCancelled();
      }
    }
  }
}

function reasonOf(error: unknown) {
  if (error instanceof UploadFailure) return error.reason;
  return { message: 'uploadFailed' as const };
}
