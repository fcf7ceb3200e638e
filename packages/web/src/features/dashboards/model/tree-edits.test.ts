import { dashboardTreeSchema, type DashboardTree } from '@vigil/domain';
import { describe, expect, it } from 'vitest';
import { newCardId, untouched, withChildPage, withoutPage, withPageTitle } from './tree-edits.ts';

const tree: DashboardTree = {
  version: 1,
  pages: [
    { path: 'root', title: 'Site', cards: [] },
    { path: 'root/north', title: 'North', cards: [] },
    { path: 'root/north/pz', title: 'Piezometers', cards: [] },
    { path: 'root/south', title: 'South', cards: [] },
  ],
};

describe('dashboard tree edits', () => {
  it("adds a child page after its parent's descendants, numbering a taken path", () => {
    const added = withChildPage(tree, 'root/north', 'Piezometers');
    expect(added.path).toBe('root/north/piezometers');
    const again = withChildPage(added.tree, 'root/north', 'Piezometers');
    expect(again.path).toBe('root/north/piezometers-2');
    expect(again.tree.pages.map((p) => p.path)).toEqual([
      'root',
      'root/north',
      'root/north/pz',
      'root/north/piezometers',
      'root/north/piezometers-2',
      'root/south',
    ]);
    expect(dashboardTreeSchema.safeParse(again.tree).success).toBe(true);
  });

  it('renames a page without moving it', () => {
    expect(withPageTitle(tree, 'root/south', 'South berm').pages[3]).toMatchObject({
      path: 'root/south',
      title: 'South berm',
    });
  });

  it('deletes a page with its descendants, never root', () => {
    expect(withoutPage(tree, 'root/north').pages.map((p) => p.path)).toEqual(['root', 'root/south']);
    expect(withoutPage(tree, 'root')).toBe(tree);
  });

  it('gives a new card an unused id', () => {
    const card = { id: 'card-2' } as never;
    expect(newCardId([card, card])).toBe('card-3');
    expect(newCardId([])).toBe('card-1');
  });
});

describe('edits of two editors', () => {
  it('are both kept when they rewrite different pages, and not when the other changed this page or one under it', () => {
    const theirs = withPageTitle(tree, 'root/south', 'South berm');
    expect(untouched(tree, theirs, ['root/north'])).toBe(true);
    expect(untouched(tree, theirs, ['root/south'])).toBe(false);
    expect(untouched(tree, withPageTitle(tree, 'root/north/pz', 'PZ'), ['root/north'])).toBe(false);
    expect(untouched(tree, withChildPage(tree, 'root', 'East').tree, ['root/north'])).toBe(true);
  });
});
