import { describe, expect, it } from 'vitest';
import { splitList } from './list-text.ts';

describe('splitList', () => {
  it('trims each item and drops the empty ones', () => {
    expect(splitList(' a, b,,c ,')).toEqual(['a', 'b', 'c']);
  });

  it('gives no items for an empty or blank text', () => {
    expect(splitList('')).toEqual([]);
    expect(splitList(' , ')).toEqual([]);
  });

  it('gives no list for no text', () => {
    expect(splitList(undefined)).toBeUndefined();
  });

  it('keeps an item that holds no comma whole, inner spaces included', () => {
    expect(splitList('north dam')).toEqual(['north dam']);
  });
});
