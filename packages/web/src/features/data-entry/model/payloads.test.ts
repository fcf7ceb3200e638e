import { describe, expect, it } from 'vitest';
import { addDevices, emptyRound, setReadAt, setValue } from './round.ts';
import { problemsByDevice, roundPayloads } from './payloads.ts';

const at = new Date(2026, 10, 26, 9, 30);
const devices = ['a', 'b', 'c'].map((id) => ({
  id,
  entity_type: 'instrument' as const,
  title: `PZ ${id}`,
  eid: `PZ-${id.toUpperCase()}`,
}));

describe('the payloads of a round', () => {
  it('are manual readings of the session, one per device with a value, with the read time’s zone', () => {
    let round = addDevices(emptyRound(at), devices, at);
    round = setValue(round, 'a', 'pressure', '96,5');
    round = setValue(round, 'a', 'temperature', '');
    round = setValue(round, 'c', 'pressure', '120');
    round = setValue(round, 'c', 'temperature', '14.2');
    round = setReadAt(round, 'c', '2026-11-26T08:05');
    const { payloads, deviceIds } = roundPayloads(round, 'session-1');
    expect(deviceIds).toEqual(['a', 'c']);
    expect(payloads).toEqual([
      {
        eid: 'PZ-A',
        read_at: new Date(2026, 10, 26, 9, 30).toISOString(),
        raw_metrics: { pressure: 96.5 },
        source: 'manual',
        data_session: 'session-1',
      },
      {
        eid: 'PZ-C',
        read_at: new Date(2026, 10, 26, 8, 5).toISOString(),
        raw_metrics: { pressure: 120, temperature: 14.2 },
        source: 'manual',
        data_session: 'session-1',
      },
    ]);
    expect(payloads[0]!.read_at).toMatch(/Z$/);
  });

  it('leave out a device whose read time is not a time', () => {
    let round = addDevices(emptyRound(at), devices.slice(0, 1), at);
    round = setValue(setReadAt(round, 'a', ''), 'a', 'pressure', '1');
    expect(roundPayloads(round, 's').payloads).toEqual([]);
  });

  it('place the server’s complaints on their device and field', () => {
    const { problems, general } = problemsByDevice(
      {
        '1.raw_metrics.pressure': ['Not a raw metric of PZ-C'],
        '0.read_at': ['Must not be more than 5 minutes ahead'],
        non_field_errors: ['Send at least one payload'],
        '7.eid': ['No device'],
      },
      ['a', 'c'],
    );
    expect(problems).toEqual({
      a: { read_at: 'Must not be more than 5 minutes ahead' },
      c: { pressure: 'Not a raw metric of PZ-C' },
    });
    expect(general).toEqual(['Send at least one payload', 'No device']);
  });
});
