import { readFileSync } from 'node:fs';
import { LOCALES } from '@vigil/domain';
import { describe, expect, it } from 'vitest';

const read = (lang: string) =>
  JSON.parse(readFileSync(new URL(`../../../public/locales/${lang}/deviceRegistry.json`, import.meta.url), 'utf8'));

const flatten = (value: unknown, prefix = ''): Record<string, string> =>
  typeof value === 'string'
    ? { [prefix]: value }
    : Object.entries(value as Record<string, unknown>).reduce<Record<string, string>>(
        (all, [key, inner]) => ({ ...all, ...flatten(inner, prefix ? `${prefix}.${key}` : key) }),
        {},
      );
const placeholders = (text: string) => [...text.matchAll(/{{\s*(\w+)\s*}}/g)].map((m) => m[1]).sort();

describe('the device registry translations', () => {
  const reference = flatten(read('en-US'));

  it.each(LOCALES)('name in %s the same values as en-US in every text', (lang) => {
    const texts = flatten(read(lang));
    for (const [key, english] of Object.entries(reference))
      expect(placeholders(texts[key] ?? ''), `${lang} ${key}`).toEqual(placeholders(english));
  });

  it('say the conflict of two editors in the words of the issue', () => {
    expect(reference['form.conflict']).toBe('Someone else changed this device; reload to see their change.');
  });

  it('say a calibration refused for its date, its standing and the recomputation in the words of issue 34', () => {
    expect(reference['calibrations.errors.duplicate']).toBe('A calibration with this effective date already exists.');
    expect(reference['calibrations.standing.inEffect']).toBe('In effect');
    expect(reference['calibrations.standing.scheduled']).toBe('Scheduled');
    expect(reference['calibrations.recompute.running']).toBe('Recomputing readings: {{done}} of {{total}}');
  });
});
