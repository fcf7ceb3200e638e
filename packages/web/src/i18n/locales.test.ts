import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { LOCALES } from '@vigil/domain';
import { describe, expect, it } from 'vitest';
import { NAMESPACES } from './i18n.ts';

const LOCALES_DIR = join(import.meta.dirname, '../../public/locales');

function flatten(value: unknown, prefix = ''): Record<string, string> {
  if (typeof value === 'string') return { [prefix]: value };
  return Object.entries(value as Record<string, unknown>).reduce<Record<string, string>>(
    (all, [key, inner]) => ({ ...all, ...flatten(inner, prefix ? `${prefix}.${key}` : key) }),
    {},
  );
}

const load = (locale: string, ns: string) =>
  flatten(JSON.parse(readFileSync(join(LOCALES_DIR, locale, `${ns}.json`), 'utf8')));

describe.each(NAMESPACES)('locale files of the %s namespace', (ns) => {
  const english = load('en-US', ns);

  it.each(LOCALES.filter((l) => l !== 'en-US'))('%s has exactly the keys of en-US, none empty', (locale) => {
    const texts = load(locale, ns);
    // A language may need more plural forms than English's one and other (Russian: few and many).
    const extraPlural = (key: string) =>
      /_(zero|two|few|many)$/.test(key) && `${key.replace(/_[a-z]+$/, '')}_other` in english;
    expect(
      Object.keys(texts)
        .filter((k) => !extraPlural(k))
        .sort(),
    ).toEqual(Object.keys(english).sort());
    for (const [key, text] of Object.entries(texts)) expect(text.trim(), key).not.toBe('');
  });

  it.each(LOCALES.filter((l) => !l.startsWith('en')))('%s is translated, not an English copy', (locale) => {
    const texts = load(locale, ns);
    const keys = Object.keys(english).filter((k) => english[k]!.length > 3);
    const same = keys.filter((k) => texts[k] === english[k]);
    // Product names and units stay the same in every language; whole texts must not.
    expect(same.length, `${locale}: ${same.slice(0, 5).join(', ')}`).toBeLessThanOrEqual(
      Math.max(2, keys.length * 0.1),
    );
  });
});
