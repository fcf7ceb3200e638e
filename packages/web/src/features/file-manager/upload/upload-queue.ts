import type { MEDIA_MESSAGES } from '@vigil/domain';

/**
 * The upload queue as a pure state machine (requirements#monitoring-screens, #monitoring-states): each file goes queued
 * → uploading
 * (which may pause and resume) → processing → resizing (when asked for) → complete, or ends failed
 * or cancelled. The jobs that do the work report to it through these actions.
 */
export type UploadStatus =
  'queued' | 'uploading' | 'paused' | 'processing' | 'resizing' | 'complete' | 'failed' | 'cancelled';

/** The spec's progress messages: Uploading, Processing, Resizing, Complete!, Failed. */
export type ProgressMessage = 'uploading' | 'processing' | 'resizing' | 'complete' | 'failed';

/** Why an upload failed: one of the spec's texts, its values, and the server's own words if any. */
export interface UploadError {
  message: keyof typeof MEDIA_MESSAGES;
  values?: Record<string, string>;
  detail?: string;
}

/** What the uploader chose for the files he adds. */
export interface UploadOptions {
  /** make the '@2x' and '@1x' sizes of an image after processing (requirements#monitoring-validation) */
  resize: boolean;
  /** anyone with the link may read the file; otherwise only the project's members (ADR 0025) */
  isPublic: boolean;
}

export interface UploadRequest extends UploadOptions {
  id: string;
  file: File;
  label: string;
}

export interface QueueItem extends UploadRequest {
  status: UploadStatus;
  /** 0 to 100: the bytes sent take the bar to 90, processing and resizing to 95, completion to 100 */
  progress: number;
  message: ProgressMessage | null;
  error: UploadError | null;
}

export type QueueAction =
  | { type: 'add'; requests: UploadRequest[] }
  | { type: 'phase'; id: string; status: 'uploading' | 'processing' | 'resizing' }
  | { type: 'progress'; id: string; sent: number; total: number }
  | { type: 'paused'; id: string }
  | { type: 'resumed'; id: string }
  | { type: 'complete'; id: string }
  | { type: 'failed'; id: string; error: UploadError }
  | { type: 'cancelled'; id: string }
  | { type: 'dismiss'; id: string }
  | { type: 'clearFinished' };

const UPLOAD_SHARE = 90;
const PHASE_PROGRESS = { processing: UPLOAD_SHARE, resizing: 95 } as const;

export const isFinished = (item: QueueItem) => ['complete', 'failed', 'cancelled'].includes(item.status);
export const isWorking = (item: QueueItem) => ['uploading', 'processing', 'resizing'].includes(item.status);
export const canPause = (item: QueueItem) => item.status === 'uploading';
export const canResume = (item: QueueItem) => item.status === 'paused';
export const canCancel = (item: QueueItem) => !isFinished(item);

/** The next file to start: one at a time, so that each gets the bandwidth; a paused one lets the next go. */
export const nextToStart = (items: readonly QueueItem[]) =>
  items.some(isWorking) ? undefined : items.find((item) => item.status === 'queued');

function update(items: QueueItem[], id: string, change: (item: QueueItem) => Partial<QueueItem> | null) {
  return items.map((item) => {
    // A finished upload stays as it ended: a late report of a cancelled job changes nothing.
    if (item.id !== id || isFinished(item)) return item;
    const next = change(item);
    return next ? { ...item, ...next } : item;
  });
}

export function queueReducer(items: QueueItem[], action: QueueAction): QueueItem[] {
  switch (action.type) {
    case 'add':
      return [
        ...items,
        ...action.requests.map((request) => ({
          ...request,
          status: 'queued' as const,
          progress: 0,
          message: null,
          error: null,
        })),
      ];
    case 'phase':
      return update(items, action.id, (item) => ({
        status: action.status,
        message: action.status,
        progress: action.status === 'uploading' ? item.progress : PHASE_PROGRESS[action.status],
      }));
    case 'progress':
      return update(items, action.id, (item) =>
        item.status === 'uploading' || item.status === 'paused'
          ? {
              progress:
                action.total > 0 ? Math.floor((Math.min(action.sent, action.total) / action.total) * UPLOAD_SHARE) : 0,
            }
          : null,
      );
    case 'paused':
      return update(items, action.id, (item) => (canPause(item) ? { status: 'paused' } : null));
    case 'resumed':
      return update(items, action.id, (item) => (canResume(item) ? { status: 'uploading' } : null));
    case 'complete':
      return update(items, action.id, () => ({ status: 'complete', message: 'complete', progress: 100 }));
    case 'failed':
      return update(items, action.id, () => ({ status: 'failed', message: 'failed', error: action.error }));
    case 'cancelled':
      return update(items, action.id, () => ({ status: 'cancelled' }));
    case 'dismiss':
      return items.filter((item) => item.id !== action.id || !isFinished(item));
    case 'clearFinished':
      return items.filter((item) => !isFinished(item));
  }
}
