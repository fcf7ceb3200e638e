import { MESSAGES } from '@vigil/domain';
import type { TFunction } from 'i18next';

const KEY_OF = new Map<string, string>(Object.entries(MESSAGES).map(([key, text]) => [text, key]));

/**
 * A message of the shared schemas or of the server, in the interface language: the domain's
 * English texts are keys into `profile:messages`; any other text is shown as it came.
 */
export function translateMessage(t: TFunction, message: string | undefined): string {
  if (!message) return '';
  const key = KEY_OF.get(message);
  return key ? t(`profile:messages.${key}`, { defaultValue: message }) : message;
}
