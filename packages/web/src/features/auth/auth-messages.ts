import { MESSAGES } from '@vigil/domain';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/api-error.ts';

const KEY_OF_MESSAGE = new Map<string, string>(Object.entries(MESSAGES).map(([key, text]) => [text, key]));

/**
 * Translates a text the domain fixes word for word ("Required", "Invalid Email Address", …), as the
 * shared zod schemas and the server give them, through auth.json's `messages`; other texts stay as they are.
 */
export function useDomainMessage() {
  const { t } = useTranslation('auth');
  return useCallback(
    (message: string | undefined) => {
      if (!message) return undefined;
      const key = KEY_OF_MESSAGE.get(message);
      return key ? t(`messages.${key}`, { defaultValue: message }) : message;
    },
    [t],
  );
}

/** Why a sign-in failed, as a key of auth.json's `signInErrors`. */
export type SignInFailure = 'invalidLogin' | 'throttled' | 'unreachable' | 'unexpected' | 'noProjects';

export function signInFailureOf(error: unknown): SignInFailure {
  if (error instanceof ApiError) {
    if (error.status === 429) return 'throttled';
    if (error.status === 400 || error.status === 401) return 'invalidLogin';
    return 'unexpected';
  }
  // fetch rejects with a TypeError when the server cannot be reached at all
  return error instanceof TypeError ? 'unreachable' : 'unexpected';
}

/** The reset token that comes with ExpiredPasswordError (details.reset_token[0]), if this is one. */
export function expiredPasswordToken(error: unknown): string | undefined {
  if (!(error instanceof ApiError) || error.errorType !== 'ExpiredPasswordError') return undefined;
  return error.fieldMessage('reset_token');
}
