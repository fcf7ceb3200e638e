import { MESSAGES } from '@vigil/domain';
import type { TFunction } from 'i18next';
import type { FieldError } from 'react-hook-form';
import { ApiError } from '../../api/api-error.ts';
import { ROLES_REQUIRED } from './user-form-values.ts';

const KEY_OF = new Map<string, string>(Object.entries(MESSAGES).map(([key, text]) => [text, key]));

/**
 * A message of the shared schemas or of the server in the interface language: the domain's fixed
 * texts are keys into users:messages; any other text is shown as it came.
 */
export function translateMessage(t: TFunction, message: string | undefined): string {
  if (!message) return '';
  if (message === ROLES_REQUIRED) return t('users:validation.rolesRequired');
  const key = KEY_OF.get(message);
  return key ? t(`users:messages.${key}`, { defaultValue: message }) : message;
}

/** A form field's error in the interface language; format and length rules by their kind. */
export function fieldErrorText(t: TFunction, field: string, error: FieldError | undefined): string {
  if (!error) return '';
  if (error.type === 'invalid_format' && field === 'username') return t('users:validation.usernameCharacters');
  if (error.type === 'too_big') return t('users:validation.tooLong');
  return translateMessage(t, error.message);
}

/**
 * The server's complaints about single fields of a failed save, translated: a conflict on a field means
 * another user holds that value (ADR 0006); a validation error brings its own message.
 */
export function serverFieldErrors(t: TFunction, error: unknown): Record<string, string> {
  if (!(error instanceof ApiError) || !error.details) return {};
  const result: Record<string, string> = {};
  for (const [field, messages] of Object.entries(error.details)) {
    const first = messages[0];
    if (error.status === 409 && (field === 'username' || field === 'email')) result[field] = t(`users:taken.${field}`);
    else if (first) result[field] = translateMessage(t, first);
  }
  return result;
}
