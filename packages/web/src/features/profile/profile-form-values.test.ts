import { MESSAGES } from '@vigil/domain';
import { describe, expect, it } from 'vitest';
import { profileChanges, profileFormSchema, supportedLocale } from './profile-form-values.ts';

const initial = { name: 'Tomás', locale: 'en-US' as const };
const firstError = (name: string) => profileFormSchema.safeParse({ name, locale: 'en-US' }).error?.issues[0]?.message;

describe('profile form', () => {
  it('requires a name', () => {
    expect(firstError('  ')).toBe(MESSAGES.required);
  });

  it('refuses a name shorter than 2 or longer than 50 characters', () => {
    expect(firstError('A')).toBe(MESSAGES.nameLength);
    expect(firstError('a'.repeat(51))).toBe(MESSAGES.nameLength);
    expect(firstError('a'.repeat(50))).toBeUndefined();
  });

  it('refuses digits and other signs with "Name can only contain letters, hyphens, and apostrophes"', () => {
    expect(firstError('R2-D2')).toBe('Name can only contain letters, hyphens, and apostrophes');
    expect(firstError('Ana_Lu')).toBe(MESSAGES.nameCharacters);
  });

  it('accepts letters of any script, hyphens, apostrophes and spaces', () => {
    for (const name of ["Mary-Jane O'Neil", 'José', 'Ñandú', '山田', 'Алексей'])
      expect(firstError(name)).toBeUndefined();
  });

  it('sends only the fields that changed', () => {
    expect(profileChanges(initial, { ...initial })).toEqual({});
    expect(profileChanges(initial, { ...initial, name: 'Tom' })).toEqual({ firstName: 'Tom' });
    expect(profileChanges(initial, { ...initial, locale: 'ja' })).toEqual({ locale: 'ja' });
    expect(profileChanges(initial, { name: 'Tom', locale: 'pt-BR' })).toEqual({ firstName: 'Tom', locale: 'pt-BR' });
  });
});

describe('supported locale', () => {
  it('keeps one of the eight, matches another variant by language, else falls back', () => {
    expect(supportedLocale('pt-BR', 'en-US')).toBe('pt-BR');
    expect(supportedLocale('en-gb', 'en-US')).toBe('en-GB');
    expect(supportedLocale('ja-JP', 'en-US')).toBe('ja');
    expect(supportedLocale('de', 'en-GB')).toBe('en-GB');
    expect(supportedLocale(null, 'th')).toBe('th');
  });
});
