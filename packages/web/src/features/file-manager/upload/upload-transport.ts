import { MEDIA_MESSAGES, type ErrorBody, type MediaFile, type UploadUrl } from '@vigil/domain';
import { ApiError } from '../../../api/api-error.ts';
import { sessionToken } from '../../../api/client.ts';

/**
 * The upload client (requirements#service-contracts, ADR 0025): the bytes go as multipart POSTs of the upload URL's
 * fields and then the file. A file above one part goes in parts, each saying where it starts, so a
 * paused or broken upload resumes from the bytes the server already has instead of from zero.
 * XMLHttpRequest, not fetch: only it reports upload progress.
 */

/** 1 MiB: small enough that a pause loses little, large enough that the parts' overhead stays small. */
export const PART_SIZE = 1024 * 1024;

export interface PartAnswer {
  status: number;
  statusText: string;
  body: unknown;
}

export interface SendOptions {
  signal: AbortSignal;
  /** bytes of the request body sent so far */
  onProgress(loaded: number): void;
}

export type SendPart = (url: string, form: FormData, options: SendOptions) => Promise<PartAnswer>;

const abortError = () => new DOMException('The upload was stopped', 'AbortError');
export const isAbort = (error: unknown) => error instanceof Error && error.name === 'AbortError';

const sameOrigin = (url: string) => new URL(url, window.location.href).origin === window.location.origin;

/** Sends one multipart POST; aborting the signal aborts the request. Answers any status; fails only on network errors. */
export const sendPart: SendPart = (url, form, { signal, onProgress }) =>
  new Promise((resolve, reject) => {
    if (signal.aborted) return reject(abortError());
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
    xhr.setRequestHeader('Accept', 'application/json');
    const token = sessionToken();
    // The upload URL is a Vigil path; the token never goes to another origin.
    if (token && sameOrigin(url)) xhr.setRequestHeader('Authorization', `Token ${token}`);
    xhr.upload.onprogress = (event) => onProgress(event.loaded);
    xhr.onload = () => {
      let body: unknown;
      try {
        body = xhr.responseText ? JSON.parse(xhr.responseText) : undefined;
      } catch {
        body = undefined;
      }
      resolve({ status: xhr.status, statusText: xhr.statusText, body });
    };
    xhr.onerror = () => reject(new TypeError('The upload failed: the network is unreachable'));
    xhr.onabort = () => reject(abortError());
    signal.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(form);
  });

export interface UploadBytesOptions {
  /** asks where to send the bytes and how many the server has (GET files/{id}/upload-url/) */
  uploadUrl(signal: AbortSignal): Promise<UploadUrl>;
  /** asks for the file record, when the server may have every byte already */
  fileRecord(signal: AbortSignal): Promise<MediaFile>;
  send: SendPart;
  signal: AbortSignal;
  /** bytes the server has, of the file's total */
  onProgress(sent: number, total: number): void;
  partSize?: number;
}

function formOf(target: UploadUrl, part: Blob, name: string, resumable: { offset: number; last: boolean } | null) {
  const form = new FormData();
  for (const [key, value] of Object.entries(target.fields)) form.append(key, value);
  if (resumable) {
    form.append('offset', String(resumable.offset));
    if (!resumable.last) form.append('complete', 'false');
  }
  // The file goes last: the server reads the fields before the bytes.
  form.append('file', part, name);
  return form;
}

/**
 * Sends a file's bytes from where the server's count stands, a part at a time, and answers the
 * uploaded file. Throws an ApiError when the server refuses a part, and an AbortError on abort.
 */
export async function uploadBytes(file: File, options: UploadBytesOptions): Promise<MediaFile> {
  const { signal, partSize = PART_SIZE } = options;
  let target: UploadUrl;
  try {
    target = await options.uploadUrl(signal);
  } catch (error) {
    // Paused after the last part arrived but before its answer did: the file is complete, and the
    // service gives no upload URL for it any more.
    const record = isAbort(error) ? null : await options.fileRecord(signal).catch(() => null);
    if (record?.is_uploaded) return record;
    throw error;
  }
  let offset = target.received;
  let renewed = false;
  const total = file.size;
  options.onProgress(offset, total);
  if (offset >= total && total > 0) {
    // Every byte arrived, the file perhaps not finished yet.
    const record = await options.fileRecord(signal);
    if (record.is_uploaded) return record;
  }
  for (;;) {
    const end = Math.min(total, offset + partSize);
    const last = end >= total;
    const start = offset;
    const resumable = total > partSize || start > 0;
    const form = formOf(target, file.slice(start, end), file.name, resumable ? { offset: start, last } : null);
    const answer = await options.send(target.url, form, {
      signal,
      // The body holds the fields too: never count more than the part's own bytes.
      onProgress: (loaded) => options.onProgress(start + Math.min(loaded, end - start), total),
    });
    if (answer.status === 200 || answer.status === 201) return answer.body as MediaFile;
    const error = new ApiError(
      target.url,
      answer.status,
      answer.statusText,
      answer.body as Partial<ErrorBody> | undefined,
    );
    if (answer.status === 202) {
      const received = (answer.body as { received?: unknown } | undefined)?.received;
      if (typeof received !== 'number' || received <= offset || received > total) throw error;
      offset = received;
      renewed = false;
      options.onProgress(offset, total);
      continue;
    }
    if (error.message === MEDIA_MESSAGES.uploadExpired && !renewed) {
      // A long upload may outlive its URL: ask for a new one once and go on from the server's count.
      target = await options.uploadUrl(signal);
      offset = target.received;
      renewed = true;
      continue;
    }
    throw error;
  }
}
