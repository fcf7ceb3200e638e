import { serverDetail } from '../model/media-text.ts';
import type { UploadError } from './upload-queue.ts';
import { isAbort } from './upload-transport.ts';

/** A step of an upload failed: carries the spec's text for it (requirements#monitoring-errors). */
export class UploadFailure extends Error {
  readonly reason: UploadError;
  constructor(reason: UploadError) {
    super(reason.message);
    this.name = 'UploadFailure';
    this.reason = reason;
  }
}

/**
 * Runs one step of an upload; a failure becomes `message` with the server's words as detail. Aborts
 * and failures already named pass through.
 */
export async function step<T>(
  message: UploadError['message'],
  run: () => Promise<T>,
  values?: Record<string, string>,
): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (isAbort(error) || error instanceof UploadFailure) throw error;
    const detail = serverDetail(error);
    throw new UploadFailure({ message, ...(values && { values }), ...(detail && { detail }) });
  }
}
