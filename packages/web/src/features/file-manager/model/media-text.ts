import { MEDIA_MESSAGES } from '@vigil/domain';
import type { TFunction } from 'i18next';
import { ApiError } from '../../../api/api-error.ts';
import type { UploadError } from '../upload/upload-queue.ts';

type MessageKey = keyof typeof MEDIA_MESSAGES;

/** The key of one of the media texts (requirements#monitoring-errors, and ours), when `text` is one word for word. */
const keyOfText = (text: string) =>
  (Object.keys(MEDIA_MESSAGES) as MessageKey[]).find((key) => MEDIA_MESSAGES[key] === text);

/** One of the media texts in the interface language. */
export const mediaText = (t: TFunction<'fileManager'>, key: MessageKey, values?: Record<string, string>) =>
  t(`messages.${key}`, values);

/** The server's words in the interface language when they are one of the shared texts, else as sent. */
export function serverText(t: TFunction<'fileManager'>, text: string | undefined) {
  if (!text) return undefined;
  const key = keyOfText(text);
  return key ? mediaText(t, key) : text;
}

/** Why an upload failed, in one line: the spec's text, then the server's words if they add anything. */
export function uploadErrorText(t: TFunction<'fileManager'>, error: UploadError) {
  const headline = mediaText(t, error.message, error.values);
  const detail = serverText(t, error.detail);
  if (!detail || detail === headline) return headline;
  // 'Failed to add the file.' ends its sentence; 'Failed to upload the file' is followed by a colon.
  return /[.!?。]$/.test(headline) ? `${headline} ${detail}` : `${headline}: ${detail}`;
}

/** The server's own words about a refusal (a 4xx in the contract's error shape), not a network error's. */
export const serverDetail = (error: unknown) =>
  error instanceof ApiError && error.errorType && !error.isServerError ? error.message : undefined;

/**
 * A failed action in one line: the spec's text for it (requirements#monitoring-errors), then the server's words if any.
 */
export const failureText = (
  t: TFunction<'fileManager'>,
  message: MessageKey,
  error: unknown,
  values?: Record<string, string>,
) => uploadErrorText(t, { message, values, detail: serverDetail(error) });
