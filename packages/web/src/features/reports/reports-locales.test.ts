import { readFileSync } from 'node:fs';
import { LOCALES } from '@vigil/domain';
import { describe, expect, it } from 'vitest';

const mailOf = (lang: string) =>
  JSON.parse(readFileSync(new URL(`../../../public/locales/${lang}/reports.json`, import.meta.url), 'utf8'))
    .mail as Record<string, string>;
const placeholders = (text: string) => (text.match(/\{\{\w+\}\}/g) ?? []).sort();

describe('the e-mail texts of reports', () => {
  it.each(LOCALES)('exist in %s with every key of en-US and its placeholders', (lang) => {
    const reference = mailOf('en-US');
    const texts = mailOf(lang);
    expect(Object.keys(texts).sort()).toEqual(Object.keys(reference).sort());
    for (const [key, text] of Object.entries(reference))
      expect(placeholders(texts[key]!), `${lang} mail.${key}`).toEqual(placeholders(text));
  });
});
