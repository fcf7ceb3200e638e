import { describe, expect, it } from 'vitest';
import { initialsOf } from './account-menu.tsx';

describe('avatar initials', () => {
  it('takes the first letters of the first and last names', () => {
    expect(initialsOf('Alex Morgan')).toBe('AM');
    expect(initialsOf('Maria da Silva Santos')).toBe('MS');
  });

  it('takes one letter of a single name, and copes with accents and blanks', () => {
    expect(initialsOf('operator')).toBe('O');
    expect(initialsOf('  élodie   durand ')).toBe('ÉD');
    expect(initialsOf('')).toBe('');
  });
});
