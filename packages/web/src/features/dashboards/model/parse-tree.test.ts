import { describe, expect, it } from 'vitest';
import { parseTree } from './parse-tree.ts';

const root = { path: 'root', title: 'Site', cards: [] };

describe('a stored tree as the page reads it', () => {
  it('takes the tree the server answers, as it is', () => {
    const tree = { version: 1, pages: [root, { path: 'root/north', title: 'North', cards: [] }] };
    expect(parseTree(tree)).toBe(tree);
  });

  it('reads nothing stored, and anything that is no tree, as no tree', () => {
    for (const data of [null, undefined, 'text', {}, { pages: [] }, { pages: [{ ...root, path: 'north' }] }])
      expect(parseTree(data)).toBeNull();
    expect(parseTree({ pages: [root, { path: 'root/north', title: 'North' }] })).toBeNull();
    expect(parseTree({ pages: [root, null] })).toBeNull();
  });
});
