import { describe, expect, it } from 'vitest';
import { parseTypedNumber } from './typed-number.ts';

describe('a number as it is typed', () => {
  it('reads a point or a comma as the decimal mark', () => {
    expect(parseTypedNumber('12.5')).toBe(12.5);
    expect(parseTypedNumber(' 12,5 ')).toBe(12.5);
    expect(parseTypedNumber('-3')).toBe(-3);
    expect(parseTypedNumber('.5')).toBe(0.5);
    expect(parseTypedNumber('12.')).toBe(12);
    expect(parseTypedNumber('1e3')).toBe(1000);
  });

  it('is nothing when blank and not a number otherwise', () => {
    expect(parseTypedNumber('')).toBeNull();
    expect(parseTypedNumber('   ')).toBeNull();
    expect(parseTypedNumber(undefined)).toBeNull();
    for (const text of ['abc', '1.2.3', '1,2,3', '12 5', '-', '0x10', 'Infinity', '1,000.5'])
      expect(parseTypedNumber(text)).toBeNaN();
  });
});
