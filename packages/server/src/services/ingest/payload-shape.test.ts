import { describe, expect, it } from 'vitest';
import { payloadSchema, plainlyValid, type TextsChecked } from './payload-shape.ts';

const VALID = { eid: 'PZ-01', read_at: '2026-11-20T10:00:00Z', raw_metrics: { pressure: 101.5, temperature: -2 } };

/** Each field right and wrong in the ways senders get it wrong. */
const VARIANTS: Array<Record<string, unknown>> = [
  VALID,
  { ...VALID, data_point_id: 'dp_01-A' },
  { ...VALID, read_at: '2026-11-20T10:00:00.123+02:00' },
  { ...VALID, eid: 'x'.repeat(128) },
  { ...VALID, raw_metrics: { ['m'.repeat(64)]: 1 } },
  { ...VALID, raw_metrics: { pressure: 1e15, temperature: -1e15 } },
  { ...VALID, read_at: '0001-01-01T00:00:00Z' },
  { ...VALID, raw_metrics: {} },
  { ...VALID, raw_metrics: { pressure: 1.79e308 } },
  { ...VALID, raw_metrics: { pressure: -1.79e308 } },
  { ...VALID, raw_metrics: { pressure: 1.000001e15 } },
  { ...VALID, eid: '' },
  { ...VALID, eid: 'x'.repeat(129) },
  { ...VALID, eid: 'PZ\u000101' },
  { ...VALID, eid: 7 },
  { ...VALID, read_at: '2026-11-20T10:00:00' },
  { ...VALID, read_at: '2026-02-30T10:00:00Z' },
  { ...VALID, read_at: 'yesterday' },
  { ...VALID, read_at: 1763632800000 },
  { ...VALID, raw_metrics: { pressure: '101.5' } },
  { ...VALID, raw_metrics: { pressure: null } },
  { ...VALID, raw_metrics: { ['m'.repeat(65)]: 1 } },
  { ...VALID, raw_metrics: [1, 2] },
  { ...VALID, raw_metrics: null },
  { ...VALID, raw_metrics: JSON.parse('{"__proto__": 1}') as unknown },
  { ...VALID, data_point_id: 'has space' },
  { ...VALID, data_point_id: '' },
  { ...VALID, data_point_id: null },
  { ...VALID, extra: 1 },
  { eid: 'PZ-01', read_at: VALID.read_at },
  { read_at: VALID.read_at, raw_metrics: {} },
];

describe('the plain payload check', () => {
  it('accepts only what the schema accepts, as it is', () => {
    for (const variant of VARIANTS) {
      if (!plainlyValid(variant, new Map())) continue;
      const parsed = payloadSchema.safeParse(variant);
      expect(parsed.success, JSON.stringify(variant)).toBe(true);
      expect(parsed.data).toEqual(variant);
    }
  });

  it('accepts the usual payloads itself and leaves the rest to the schema', () => {
    const accepted = VARIANTS.filter((v) => plainlyValid(v, new Map()));
    expect(accepted).toEqual(VARIANTS.slice(0, 7));
  });

  it('checks each distinct text once a batch, and still tells texts apart', () => {
    const checked: TextsChecked = new Map();
    expect(plainlyValid(VALID, checked)).toBe(true);
    expect(plainlyValid({ ...VALID, eid: '' }, checked)).toBe(false);
    expect(plainlyValid(VALID, checked)).toBe(true);
    expect([...checked.values()].map((texts) => texts.size)).toEqual([2, 1]);
  });
});
