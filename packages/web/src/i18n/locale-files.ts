import type { BackendModule, ResourceLanguage } from 'i18next';
import { ALL_NAMESPACES_FILE } from './all-namespaces.ts';

/** The build's hash of the locale files (vite.config.ts): the server lets browsers keep them a year under it. */
const VERSION = String(import.meta.env.VITE_LOCALES_VERSION ?? 'dev');

class LoadFailed extends Error {
  readonly retry: boolean;
  constructor(message: string, retry: boolean) {
    super(message);
    this.retry = retry;
  }
}

const languages = new Map<string, Promise<ResourceLanguage>>();

/** One request per language, whatever the namespaces: eighteen files were eighteen requests before the first page. */
function textsOf(language: string) {
  let texts = languages.get(language);
  if (!texts) {
    texts = fetch(`/locales/${language}/${ALL_NAMESPACES_FILE}?v=${encodeURIComponent(VERSION)}`).then(
      async (response) => {
        if (response.ok) return (await response.json()) as ResourceLanguage;
        // a failed network or a 5xx is worth retrying (i18next retries a read the backend marks so); a 4xx is not
        throw new LoadFailed(`${response.status} for ${response.url}`, response.status >= 500);
      },
      (error: unknown) => {
        throw new LoadFailed(String(error), true);
      },
    );
    languages.set(language, texts);
    texts.catch(() => languages.delete(language));
  }
  return texts;
}

/** Asks for a language's texts now, before i18next starts (it reads them a task later). */
export const prefetchTexts = (language: string) => void textsOf(language).catch(() => undefined);

/** i18next's backend: a namespace's texts from its language's file. */
export const localeFiles: BackendModule = {
  type: 'backend',
  init() {},
  read(language, namespace, callback) {
    textsOf(language).then(
      (texts) => {
        const found = texts[namespace];
        if (found && typeof found === 'object') callback(null, found);
        else callback(new Error(`no ${namespace} texts for ${language}`), false);
      },
      (error: LoadFailed) => callback(error, error.retry),
    );
  },
};
