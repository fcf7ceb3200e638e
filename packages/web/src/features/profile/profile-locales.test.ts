import { readFileSync } from 'node:fs';
import { LOCALES, MESSAGES } from '@vigil/domain';
import { describe, expect, it } from 'vitest';

const read = (lang: string, ns: string) =>
  JSON.parse(readFileSync(new URL(`../../../public/locales/${lang}/${ns}.json`, import.meta.url), 'utf8'));

/** Every key path of a nested translation object, e.g. "password.title". */
const keys = (value: unknown, prefix = ''): string[] =>
  value && typeof value === 'object'
    ? Object.entries(value).flatMap(([k, v]) => keys(v, prefix ? `${prefix}.${k}` : k))
    : [prefix];

describe.each(['profile', 'dialogs'])('the %s translations', (ns) => {
  const reference = keys(read('en-US', ns)).sort();

  it.each(LOCALES)('exist in %s with every key of en-US, none empty', (lang) => {
    const file = read(lang, ns);
    expect(keys(file).sort()).toEqual(reference);
    for (const key of reference) {
      const text = key.split('.').reduce<any>((node, part) => node[part], file);
      expect(text, `${lang}/${ns}.json ${key}`).toMatch(/\S/);
    }
  });
});

describe('the spec messages in English', () => {
  it.each(['en-US', 'en-GB'])('are word for word the domain messages in %s', (lang) => {
    const { messages } = read(lang, 'profile');
    for (const [key, text] of Object.entries(messages)) expect(text).toBe(MESSAGES[key as keyof typeof MESSAGES]);
  });
});
