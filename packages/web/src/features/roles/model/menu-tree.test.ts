import type { ModuleObject } from '@vigil/domain';
import { describe, expect, it } from 'vitest';
import { menuTreeIds, moveItem, roleMenu, sameOrder, toMenuTree } from './menu-tree.ts';

const module = (id: string, roles: string[]): ModuleObject => ({
  id,
  name: id,
  path: id,
  folder: id,
  roles,
  features: [],
});
const modules = [module('a', ['r1']), module('b', ['r1', 'r2']), module('c', ['r1']), module('d', ['r2'])];

describe('roleMenu', () => {
  it('keeps the stored order of the role’s modules', () => {
    expect(roleMenu(toMenuTree([modules[2]!, modules[0]!, modules[1]!]), modules, 'r1').map((m) => m.id)).toEqual([
      'c',
      'a',
      'b',
    ]);
  });

  it('drops modules the role no longer opens and appends those attached since, in menu order', () => {
    const tree = [{ module: 'd', path: 'd' }, { module: 'c' }, 'zzz'];
    expect(roleMenu(tree, modules, 'r1').map((m) => m.id)).toEqual(['c', 'a', 'b']);
  });

  it('reads entries given as bare ids or {id}, once each', () => {
    expect(menuTreeIds(['b', { id: 'a' }, { module: 'b' }, null, 42])).toEqual(['b', 'a', '42']);
  });
});

describe('moveItem', () => {
  it('swaps an item with its neighbour', () => {
    expect(moveItem(['a', 'b', 'c'], 2, -1)).toEqual(['a', 'c', 'b']);
    expect(moveItem(['a', 'b', 'c'], 0, 1)).toEqual(['b', 'a', 'c']);
  });

  it('leaves the list as it is at either end', () => {
    expect(moveItem(['a', 'b'], 0, -1)).toEqual(['a', 'b']);
    expect(moveItem(['a', 'b'], 1, 1)).toEqual(['a', 'b']);
  });
});

describe('sameOrder', () => {
  it('compares ids in order', () => {
    expect(sameOrder(['a', 'b'], ['a', 'b'])).toBe(true);
    expect(sameOrder(['a', 'b'], ['b', 'a'])).toBe(false);
    expect(sameOrder(['a'], ['a', 'b'])).toBe(false);
  });
});
