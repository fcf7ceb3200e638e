import type { Locale } from '@vigil/domain';

/**
 * Each interface language by its own name: someone who cannot read the current language can still
 * find theirs. These are names, not interface texts, so they are not translated.
 */
export const LOCALE_NAMES: Record<Locale, string> = {
  'en-US': 'English (US)',
  'en-GB': 'English (UK)',
  'pt-BR': 'Português (Brasil)',
  ja: '日本語',
  es: 'Español',
  th: 'ไทย',
  ru: 'Русский',
  af: 'Afrikaans',
};
