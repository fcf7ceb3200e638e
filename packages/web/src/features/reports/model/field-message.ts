import { REPORT_MESSAGES } from '@vigil/domain';
import type { FieldError } from 'react-hook-form';
import { ApiError } from '../../../api/api-error.ts';

const KNOWN = new Map<string, string>(Object.entries(REPORT_MESSAGES).map(([key, text]) => [text, key]));
const SCHEDULE_MESSAGES: Record<string, string> = {
  'Use HH:MM': 'timeFormat',
  'A week has days 1 (Monday) to 7': 'weekDay',
};

/**
 * The i18n key (namespace reports, under `errors.`) of a schema's message: the domain's own messages by
 * their name in REPORT_MESSAGES, zod's by the kind of problem, so that every language says them.
 */
export function messageKey(error: Pick<FieldError, 'message' | 'type'> | undefined): string | undefined {
  if (!error) return undefined;
  const message = error.message ?? '';
  const known = KNOWN.get(message) ?? SCHEDULE_MESSAGES[message];
  if (known) return `errors.${known}`;
  if (/e-?mail/i.test(message)) return 'errors.email';
  switch (error.type) {
    case 'too_small':
      return 'errors.required';
    case 'too_big':
      return 'errors.tooBig';
    case 'invalid_format':
      return 'errors.email';
    default:
      return 'errors.invalid';
  }
}

/** The i18n key of a refusal the server said in one of the domain's messages (an approved report, a role). */
export function refusalKey(error: unknown): string | undefined {
  if (!(error instanceof ApiError) || error.status >= 500) return undefined;
  const known = KNOWN.get(error.message);
  return known && `errors.${known}`;
}
