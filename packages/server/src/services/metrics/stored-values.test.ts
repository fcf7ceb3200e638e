import { describe, expect, it } from 'vitest';
import { HeldValues } from './stored-values.ts';

/**
 * A batch of readings first…last, one value each (seq, series 1, time = seq, value = seq / 10), and
 * their reading-day entries (seq, time = seq, channel 0, rest 0).
 */
function batch(first: number, last: number) {
  const values = new Float64Array(4 * (last - first + 1));
  const entries = new Float64Array(4 * (last - first + 1));
  for (let seq = first, i = 0; seq <= last; seq++, i++) {
    values.set([seq, 1, seq, seq / 10], 4 * i);
    entries.set([seq, seq, 0, 0], 4 * i);
  }
  const days = { projectId: 'p', received: 0, entries, channels: ['e', ''], rests: ['{}'] };
  return { readings: last - first + 1, first, last, values, days };
}

const seqsOf = (taken: ReturnType<HeldValues['take']>) =>
  taken?.values.flatMap((values) => [...values].filter((_, i) => i % 4 === 0));
const daySeqsOf = (taken: ReturnType<HeldValues['take']>) =>
  taken?.days.flatMap((days) => [...days.entries].filter((_, i) => i % 4 === 0));

describe('values held for compaction', () => {
  it('hands over the batches that continue compacted_seq, in seq order, within the limit', () => {
    const held = new HeldValues();
    held.add(batch(11, 20));
    held.add(batch(1, 10)); // handed over out of order
    held.add(batch(21, 30));
    expect(held.take(0, 20)).toMatchObject({ readings: 20, last: 20 });
    expect(seqsOf(held.take(0, 20))).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    expect(daySeqsOf(held.take(0, 20))).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    // at least one batch, however small the limit
    expect(held.take(0, 5)).toMatchObject({ readings: 10, last: 10 });
    // what is compacted is forgotten
    expect(held.take(20, 100)).toMatchObject({ readings: 10, last: 30 });
    expect(held.take(30, 100)).toBeNull();
  });

  it('hands over nothing across a gap: the readings not handed over are read from the table', () => {
    const held = new HeldValues();
    held.add(batch(1, 10));
    held.add(batch(16, 20)); // 11–15 were stored by someone else
    expect(held.take(0, 100)).toMatchObject({ readings: 10, last: 10 });
    expect(held.take(10, 100)).toBeNull();
    expect(held.firstAfter(10)).toBe(16);
    expect(held.take(15, 100)).toMatchObject({ readings: 5, last: 20 });
    expect(held.firstAfter(20)).toBeUndefined();
  });

  it('hands over the rest of a batch whose first readings were read from the table', () => {
    const held = new HeldValues();
    held.add(batch(11, 20));
    held.add(batch(21, 30));
    expect(held.firstAfter(14)).toBe(15);
    expect(held.take(14, 11)).toMatchObject({ readings: 6, last: 20 });
    expect(held.take(14, 100)).toMatchObject({ readings: 16, last: 30 });
    // the batch's values up to seq 14 are there still: compaction skips them
    expect(seqsOf(held.take(14, 100))?.[0]).toBe(11);
  });

  it('keeps no batch whose seq are not one run, nor one without values or reading-day entries', () => {
    const held = new HeldValues();
    held.add({ ...batch(1, 10), readings: 9 });
    held.add({ ...batch(1, 10), values: null });
    held.add({ ...batch(1, 10), days: null });
    expect(held.take(0, 100)).toBeNull();
    held.add(batch(1, 10));
    expect(held.clear()).toBe(true);
    expect(held.take(0, 100)).toBeNull();
    expect(held.clear()).toBe(false);
  });
});
