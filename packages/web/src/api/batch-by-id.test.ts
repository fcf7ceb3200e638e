import { describe, expect, it } from 'vitest';
import { batchById } from './batch-by-id.ts';

interface Item {
  id: string;
  owner: string;
}

function recorder(items: Item[]) {
  const calls: string[][] = [];
  const loader = batchById<Item>(
    async (ids) => {
      calls.push([...ids]);
      return items.filter((item) => ids.includes(item.owner));
    },
    (item) => item.owner,
  );
  return { calls, loader };
}

describe('batchById', () => {
  it('answers the ids asked for within a few milliseconds with one call, each with its own items', async () => {
    const { calls, loader } = recorder([
      { id: '1', owner: 'a' },
      { id: '2', owner: 'b' },
      { id: '3', owner: 'a' },
    ]);
    const [a, b, c] = await Promise.all([loader.load('a'), loader.load('b'), loader.load('c')]);
    expect(calls).toEqual([['a', 'b', 'c']]);
    expect(a.map((x) => x.id)).toEqual(['1', '3']);
    expect(b.map((x) => x.id)).toEqual(['2']);
    expect(c).toEqual([]);
  });

  it('asks again for what is asked again (the answers are kept by TanStack Query, not here)', async () => {
    const { calls, loader } = recorder([{ id: '1', owner: 'a' }]);
    await loader.load('a');
    await loader.load('a');
    expect(calls).toEqual([['a'], ['a']]);
  });

  it('splits a batch over 200 ids, the most one URL carries', async () => {
    const { calls, loader } = recorder([]);
    await Promise.all(Array.from({ length: 450 }, (_, i) => loader.load(`id-${i}`)));
    expect(calls.map((ids) => ids.length)).toEqual([200, 200, 50]);
  });

  it('fails every id of a call that failed', async () => {
    const loader = batchById<Item>(
      () => Promise.reject(new Error('offline')),
      (item) => item.owner,
    );
    await expect(Promise.all([loader.load('a'), loader.load('b')])).rejects.toThrow('offline');
  });

  it('sends some ids at once, without gathering, and answers their loads from that call', async () => {
    const { calls, loader } = recorder([
      { id: '1', owner: 'a' },
      { id: '2', owner: 'b' },
    ]);
    loader.sendNow(['a', 'b', 'a']);
    // on the wire before any load: a prefetch's small calls go before its large ones
    expect(calls).toEqual([['a', 'b']]);
    const [a, b, c] = await Promise.all([loader.load('a'), loader.load('b'), loader.load('c')]);
    expect(calls).toEqual([['a', 'b'], ['c']]);
    expect([a, b, c].map((items) => items.map((x) => x.id))).toEqual([['1'], ['2'], []]);
    await loader.load('a');
    expect(calls.at(-1)).toEqual(['a']);
  });

  it('fails the loads of ids sent at once when their call fails, and only those', async () => {
    const loader = batchById<Item>(
      (ids) => (ids.includes('a') ? Promise.reject(new Error('offline')) : Promise.resolve([])),
      (item) => item.owner,
    );
    loader.sendNow(['a']);
    const [a, b] = await loader.loadMany(['a', 'b']);
    expect(a).toBeInstanceOf(Error);
    expect(b).toEqual([]);
  });
});
