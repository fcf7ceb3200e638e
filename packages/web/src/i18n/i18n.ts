import { DEFAULT_LOCALE, DEFAULT_NUMBER_LOCALE, LOCALES, type Locale } from '@vigil/domain';
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { localeFiles, prefetchTexts } from './locale-files.ts';

/** One namespace per area; each is a file under public/locales/{lang}/{namespace}.json. */
export const NAMESPACES = [
  'common',
  'auth',
  'shell',
  'profile',
  'dialogs',
  'users',
  'roles',
  'notifications',
  'dashboards',
  'explorer',
  'maps',
  'alarms',
  'fileManager',
  'journal',
  'dataEntry',
  'crossSections',
  'deviceRegistry',
  'dataImport',
  'reports',
] as const;

/** The interface language: a supported locale matching `wanted`, else the browser's, else en-US. */
export function pickLocale(wanted?: string | null): Locale {
  const candidates = [wanted, ...(typeof navigator === 'undefined' ? [] : navigator.languages)].filter(Boolean);
  for (const candidate of candidates as string[]) {
    const exact = LOCALES.find((l) => l.toLowerCase() === candidate.toLowerCase());
    if (exact) return exact;
    const sameLanguage = LOCALES.find((l) => l.split('-')[0] === candidate.split('-')[0]);
    if (sameLanguage) return sameLanguage;
  }
  return DEFAULT_LOCALE;
}

/** Number formatting locale for an interface locale (requirements#product: en-gb by default). */
export function numberLocale(locale: string): string {
  const lower = locale.toLowerCase();
  return ['en-us', 'en-gb', 'pt-br', 'ja', 'es', 'th', 'ru', 'af'].includes(lower) ? lower : DEFAULT_NUMBER_LOCALE;
}

const language = pickLocale();
// the texts first of all requests: the first render waits for them
prefetchTexts(language);
if (language !== DEFAULT_LOCALE) prefetchTexts(DEFAULT_LOCALE);

export const i18nReady = i18n
  .use(localeFiles)
  .use(initReactI18next)
  .init({
    lng: language,
    fallbackLng: DEFAULT_LOCALE,
    supportedLngs: [...LOCALES],
    ns: [...NAMESPACES],
    defaultNS: 'common',
    load: 'currentOnly',
    interpolation: { escapeValue: false },
    react: { useSuspense: true },
  });

/** Switches the interface language and the document's lang attribute. */
export async function changeLocale(locale: string) {
  const next = pickLocale(locale);
  document.documentElement.lang = next;
  if (i18n.language !== next) await i18n.changeLanguage(next);
}

export { i18n };
