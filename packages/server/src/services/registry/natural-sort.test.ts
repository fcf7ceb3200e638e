import { describe, expect, it } from 'vitest';
import { naturalCompare, sortNaturally } from './natural-sort.ts';

describe('natural order of titles', () => {
  it('compares digit runs as numbers', () => {
    const titles = ['PZ-10', 'PZ-2', 'PZ-1', 'IPI-1 node 10', 'IPI-1 node 9', 'IPI-10 node 1', 'IPI-2 node 1'];
    expect([...titles].sort(naturalCompare)).toEqual([
      'IPI-1 node 9',
      'IPI-1 node 10',
      'IPI-2 node 1',
      'IPI-10 node 1',
      'PZ-1',
      'PZ-2',
      'PZ-10',
    ]);
  });

  it('ignores case first and still gives a stable order', () => {
    expect(['b', 'A', 'a', 'B'].sort(naturalCompare)).toEqual(['A', 'a', 'B', 'b']);
    expect(naturalCompare('PZ-02', 'PZ-2')).not.toBe(0);
  });

  it('sorts by the list ordering, descending too, then by id', () => {
    const items = [
      { id: 'c', title: 'PZ-10' },
      { id: 'b', title: 'PZ-2' },
      { id: 'a', title: 'PZ-2' },
    ];
    expect(sortNaturally(items, [{ column: 'title', desc: false }]).map((i) => i.id)).toEqual(['a', 'b', 'c']);
    expect(sortNaturally(items, [{ column: 'title', desc: true }]).map((i) => i.id)).toEqual(['c', 'a', 'b']);
  });
});
