import { readFileSync } from 'node:fs';
import { LOCALES, MESSAGES } from '@vigil/domain';
import { describe, expect, it } from 'vitest';

const read = (lang: string) =>
  JSON.parse(readFileSync(new URL(`../../../public/locales/${lang}/users.json`, import.meta.url), 'utf8'));

/** Every key path of a nested translation object, e.g. "confirm.delete.title". */
const keys = (value: unknown, prefix = ''): string[] =>
  value && typeof value === 'object'
    ? Object.entries(value).flatMap(([k, v]) => keys(v, prefix ? `${prefix}.${k}` : k))
    : [prefix];
const placeholders = (text: string) => [...text.matchAll(/{{\s*(\w+)\s*}}/g)].map((m) => m[1]).sort();
const textAt = (file: unknown, key: string) => key.split('.').reduce<any>((node, part) => node[part], file) as string;

describe('the users translations', () => {
  const reference = read('en-US');
  const referenceKeys = keys(reference).sort();

  it.each(LOCALES)('exist in %s with every key of en-US, none empty, with the same placeholders', (lang) => {
    const file = read(lang);
    expect(keys(file).sort()).toEqual(referenceKeys);
    for (const key of referenceKeys) {
      const text = textAt(file, key);
      expect(text, `${lang}/users.json ${key}`).toMatch(/\S/);
      expect(placeholders(text), `${lang}/users.json ${key}`).toEqual(placeholders(textAt(reference, key)));
    }
  });

  it.each(['en-US', 'en-GB'])('give the spec messages word for word in %s', (lang) => {
    const { messages } = read(lang);
    for (const [key, text] of Object.entries(messages)) expect(text).toBe(MESSAGES[key as keyof typeof MESSAGES]);
    expect(messages.noRoles).toBe('No roles were found in the server');
    expect(messages.createUserFailed).toBe('Failed to create a user.');
  });
});
