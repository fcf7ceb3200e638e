import { readFileSync } from 'node:fs';
import { JOURNAL_LIST_FAILED, LOCALES } from '@vigil/domain';
import { describe, expect, it } from 'vitest';

const read = (lang: string, ns: string) =>
  JSON.parse(readFileSync(new URL(`../../../public/locales/${lang}/${ns}.json`, import.meta.url), 'utf8'));
const placeholders = (text: string) => [...text.matchAll(/{{\s*(\w+)\s*}}/g)].map((m) => m[1]).sort();
const flatten = (value: unknown, prefix = ''): Array<[string, string]> =>
  typeof value === 'string'
    ? [[prefix, value]]
    : Object.entries(value as object).flatMap(([k, v]) => flatten(v, prefix ? `${prefix}.${k}` : k));

describe('the journal and data entry translations', () => {
  it.each(['en-US', 'en-GB'])('%s shows the list failure exactly as the requirements spell it', (lang) => {
    expect(read(lang, 'journal').messages.listFailed).toBe(JOURNAL_LIST_FAILED);
  });

  it.each(LOCALES.flatMap((lang) => ['journal', 'dataEntry'].map((ns) => [lang, ns] as const)))(
    '%s %s keeps the placeholders of every en-US text',
    (lang, ns) => {
      const reference = Object.fromEntries(flatten(read('en-US', ns)));
      for (const [key, text] of flatten(read(lang, ns))) {
        const english = reference[key] ?? reference[key.replace(/_(few|many)$/, '_other')]!;
        expect(placeholders(text), `${lang} ${key}`).toEqual(placeholders(english));
      }
    },
  );
});
