import { readFileSync } from 'node:fs';
import { LOCALES } from '@vigil/domain';
import { describe, expect, it } from 'vitest';

const read = (lang: string) =>
  JSON.parse(readFileSync(new URL(`../../../public/locales/${lang}/notifications.json`, import.meta.url), 'utf8'));
const flatten = (value: unknown, prefix = ''): Array<[string, string]> =>
  typeof value === 'string'
    ? [[prefix, value]]
    : Object.entries(value as object).flatMap(([k, v]) => flatten(v, prefix ? `${prefix}.${k}` : k));
const placeholders = (text: string) => [...text.matchAll(/{{\s*(\w+)\s*}}/g)].map((m) => m[1]).sort();

describe('the notifications translations', () => {
  const reference = Object.fromEntries(flatten(read('en-US')));

  it.each(LOCALES)('%s has a text for every en-US key, and no other', (lang) => {
    expect(
      flatten(read(lang))
        .map(([key]) => key)
        .sort(),
    ).toEqual(Object.keys(reference).sort());
  });

  it.each(LOCALES)('%s keeps the placeholders of every en-US text', (lang) => {
    for (const [key, text] of flatten(read(lang))) {
      expect(placeholders(text), `${lang} ${key}`).toEqual(placeholders(reference[key]!));
    }
  });

  it('word state changes as the requirements do in English', () => {
    expect(reference['titles.changedFromTo']).toBe('{{name}} Changed from {{previous}} to {{current}}');
    expect(reference['stateNames.safety_state']).toBe('Safety State');
    expect(reference['detail.na']).toBe('N/A');
    expect(reference['detail.showAll']).toBe('Show All ({{count}})');
  });
});
