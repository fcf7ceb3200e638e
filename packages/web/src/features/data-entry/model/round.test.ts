import { describe, expect, it } from 'vitest';
import { addDevices, emptyRound, readAtError, removeDevice, setReadAt, setValue } from './round.ts';

const at = new Date(2026, 10, 26, 9, 30, 12);
const device = (id: string) => ({ id, entity_type: 'instrument' as const, title: `Device ${id}`, eid: `E-${id}` });

describe('a field round', () => {
  it('adds devices once each, read now, and starts when the first is picked', () => {
    const later = new Date(at.getTime() + 60_000);
    let round = addDevices(emptyRound(new Date(0)), [device('a'), device('b')], at);
    round = addDevices(round, [device('b'), device('c')], later);
    expect(round.devices.map((d) => d.id)).toEqual(['a', 'b', 'c']);
    expect(round.startedAt).toBe(at.toISOString());
    expect(round.entries.a).toEqual({ values: {}, readAt: '2026-11-26T09:30' });
    expect(round.entries.c!.readAt).toBe('2026-11-26T09:31');
  });

  it('keeps what was typed per device and forgets a removed device', () => {
    let round = addDevices(emptyRound(at), [device('a'), device('b')], at);
    round = setValue(round, 'a', 'pressure', '12,5');
    round = setReadAt(round, 'b', '2026-11-26T08:00');
    expect(round.entries.a!.values).toEqual({ pressure: '12,5' });
    expect(round.entries.b!.readAt).toBe('2026-11-26T08:00');
    round = removeDevice(round, 'a');
    expect(round.devices.map((d) => d.id)).toEqual(['b']);
    expect(round.entries.a).toBeUndefined();
    expect(setValue(round, 'gone', 'pressure', '1')).toBe(round);
  });

  it('refuses a read time that is missing or in the future (a minute’s grace for clocks)', () => {
    expect(readAtError('', at)).toBe('required');
    expect(readAtError('2026-11-26T09:30', at)).toBeNull();
    expect(readAtError('2026-11-26T09:31', at)).toBeNull();
    expect(readAtError('2026-11-26T09:45', at)).toBe('future');
  });
});
