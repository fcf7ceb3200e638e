import { describe, expect, it } from 'vitest';
import { piezometer, pressureFor } from '../test-support/piezometer.ts';
import { addDevices, emptyRound, setReadAt, setValue } from './round.ts';
import { summarizeRound, type DeviceState } from './round-summary.ts';
import { checkDevice } from './value-checks.ts';

const at = new Date(2026, 10, 26, 9, 30);
const ids = ['a', 'b', 'c', 'd'];
const base = addDevices(
  emptyRound(at),
  ids.map((id) => ({ id, entity_type: 'instrument' as const, title: `PZ ${id}`, eid: id })),
  at,
);

describe('the summary of a round', () => {
  it('counts readings and the limits they reach, and may be submitted when every device has a valid value', () => {
    let round = setValue(base, 'a', 'pressure', String(pressureFor(116)));
    round = setValue(round, 'b', 'pressure', String(pressureFor(111)));
    round = setValue(round, 'c', 'pressure', String(pressureFor(104)));
    round = { ...round, devices: round.devices.slice(0, 3) };
    const states = new Map<string, DeviceState>(
      ['a', 'b', 'c'].map((id) => [id, { check: checkDevice(piezometer(), round.entries[id]!.values), failed: false }]),
    );
    expect(summarizeRound(round, states, at)).toEqual({ readings: 3, warning: 1, critical: 1, blockers: [] });
  });

  it('names, device by device, what must be fixed before submitting', () => {
    let round = setValue(base, 'b', 'pressure', 'twelve');
    round = setValue(setReadAt(round, 'c', '2026-11-27T09:00'), 'c', 'pressure', '10');
    const states = new Map<string, DeviceState>([
      ['b', { check: checkDevice(piezometer(), round.entries.b!.values), failed: false }],
      ['c', { check: checkDevice(piezometer(), round.entries.c!.values), failed: false }],
      ['d', { check: checkDevice(piezometer(), {}), failed: false }],
    ]);
    expect(summarizeRound(round, states, at).blockers).toEqual([
      { kind: 'loading', device: 'PZ a' },
      { kind: 'errors', device: 'PZ b' },
      { kind: 'readAt', device: 'PZ c' },
      { kind: 'noValues', device: 'PZ d' },
    ]);
    const failed = new Map<string, DeviceState>([['a', { check: null, failed: true }]]);
    expect(summarizeRound(round, failed, at).blockers[0]).toEqual({ kind: 'loadFailed', device: 'PZ a' });
  });
});
