export const LOCALES = ['en-US', 'en-GB', 'pt-BR', 'ja', 'es', 'th', 'ru', 'af'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'en-US';
export const NUMBER_LOCALES = ['en-us', 'en-gb', 'pt-br', 'ja', 'es', 'th', 'ru', 'af'] as const;
export const DEFAULT_NUMBER_LOCALE = 'en-gb';
