import type { TFunction } from 'i18next';

/** The English messages of the call-out schemas (packages/domain/src/call-out.ts), by their key in `profile:contacts.errors`. */
const KEYS: Record<string, string> = {
  Required: 'required',
  'Enter an e-mail address': 'email',
  'Enter the number in international form, e.g. +41791234567': 'phone',
  'Enter an http or https URL': 'url',
  'Enter the six digits': 'code',
  'Use HH:MM': 'time',
};

/** A schema's or the server's message in the interface language; a text the schemas do not hold shows as it came. */
export function contactMessage(t: TFunction, message: string | undefined): string | undefined {
  if (!message) return undefined;
  const key = KEYS[message];
  return key ? t(`profile:contacts.errors.${key}`) : message;
}
