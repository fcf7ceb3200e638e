import { describe, expect, it } from 'vitest';
import { mergeBlock, noValuesAdded, type AddedValues } from './series-blocks.ts';

const added = (pairs: Array<[number, number]>): AddedValues => {
  const out = noValuesAdded();
  for (const [t, v] of pairs) {
    out.times.push(t);
    out.values.push(v);
  }
  return out;
};
const pairsOf = (block: { times: Float64Array; values: Float64Array }) =>
  Array.from(block.times, (t, i) => [t, block.values[i]!]);

describe('mergeBlock', () => {
  it('takes values in the order stored as they come', () => {
    expect(
      pairsOf(
        mergeBlock(
          undefined,
          added([
            [1, 10],
            [2, 20],
            [3, 30],
          ]),
        ),
      ),
    ).toEqual([
      [1, 10],
      [2, 20],
      [3, 30],
    ]);
  });

  it('puts values stored out of order in time order, the later stored winning at an equal time', () => {
    const merged = mergeBlock(
      undefined,
      added([
        [3, 30],
        [1, 10],
        [3, 31],
        [2, 20],
        [1, 11],
      ]),
    );
    expect(pairsOf(merged)).toEqual([
      [1, 11],
      [2, 20],
      [3, 31],
    ]);
  });

  it('merges into a stored block: new times go between, an equal time takes the added value', () => {
    const old = { times: Float64Array.of(1, 3, 5), values: Float64Array.of(10, 30, 50) };
    const merged = mergeBlock(
      old,
      added([
        [4, 40],
        [3, 33],
        [6, 60],
        [0, 0],
      ]),
    );
    expect(pairsOf(merged)).toEqual([
      [0, 0],
      [1, 10],
      [3, 33],
      [4, 40],
      [5, 50],
      [6, 60],
    ]);
    expect(pairsOf(old)).toEqual([
      [1, 10],
      [3, 30],
      [5, 50],
    ]);
  });

  it('keeps −0 and extremes bit for bit', () => {
    const merged = mergeBlock(
      undefined,
      added([
        [2, Number.MAX_VALUE],
        [1, -0],
      ]),
    );
    expect(Object.is(merged.values[0], -0)).toBe(true);
    expect(merged.values[1]).toBe(Number.MAX_VALUE);
  });
});
