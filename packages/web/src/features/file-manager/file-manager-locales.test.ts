import { readFileSync } from 'node:fs';
import { LOCALES, MEDIA_MESSAGES } from '@vigil/domain';
import { describe, expect, it } from 'vitest';

const read = (lang: string) =>
  JSON.parse(readFileSync(new URL(`../../../public/locales/${lang}/fileManager.json`, import.meta.url), 'utf8'));
const placeholders = (text: string) => [...text.matchAll(/{{\s*(\w+)\s*}}/g)].map((m) => m[1]).sort();
const flatten = (value: unknown, prefix = ''): Array<[string, string]> =>
  typeof value === 'string'
    ? [[prefix, value]]
    : Object.entries(value as object).flatMap(([k, v]) => flatten(v, prefix ? `${prefix}.${k}` : k));

describe('the file manager translations', () => {
  it.each(['en-US', 'en-GB'])('%s shows the spec’s texts exactly as the requirements spell them', (lang) => {
    const { messages, status } = read(lang);
    for (const [key, text] of Object.entries(MEDIA_MESSAGES)) {
      // The domain writes {id}; i18next writes {{id}}: the same text once filled in.
      expect(messages[key], key).toBe(text.replace(/\{(\w+)\}/g, '{{$1}}'));
    }
    expect(Object.keys(messages).sort()).toEqual(Object.keys(MEDIA_MESSAGES).sort());
    expect([status.uploading, status.processing, status.resizing, status.complete, status.failed]).toEqual([
      'Uploading',
      'Processing',
      'Resizing',
      'Complete!',
      'Failed',
    ]);
  });

  it.each(LOCALES)('%s keeps the placeholders of every en-US text', (lang) => {
    const reference = Object.fromEntries(flatten(read('en-US')));
    for (const [key, text] of flatten(read(lang))) {
      const english = reference[key] ?? reference[key.replace(/_(few|many)$/, '_other')]!;
      expect(placeholders(text), `${lang} ${key}`).toEqual(placeholders(english));
    }
  });
});
