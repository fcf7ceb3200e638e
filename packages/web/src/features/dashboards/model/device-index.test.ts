import type { BasicGroup } from '@vigil/domain';
import { describe, expect, it } from 'vitest';
import type { DeviceSummary } from '../../../api/registry.ts';
import { devicesOf, groupState, stateCounts, worstFirst } from './device-index.ts';

const device = (id: string, safety: string, operational = 'green') =>
  ({ id, title: id, safety_state: safety, operational_state: operational }) as DeviceSummary;
const DEVICES = [
  device('PZ-10', 'green'),
  device('PZ-2', 'red', 'blue'),
  device('DL-01', 'black'),
  device('PZ-3', 'bogus'),
  device('PZ-4', 'green'),
];
const GROUP = { id: 'g1', device_profiles: ['PZ-10', 'PZ-4', 'gone'] } as BasicGroup;

describe('devices on dashboards', () => {
  it('orders the worst first by the page state type', () => {
    expect(worstFirst(DEVICES, 'safety-state').map((d) => d.id)).toEqual(['PZ-2', 'PZ-4', 'PZ-10', 'PZ-3', 'DL-01']);
    expect(worstFirst(DEVICES, 'operational-state')[0]!.id).toBe('PZ-2');
  });

  it('counts devices by colour, most urgent first, unknown values grey', () => {
    expect(stateCounts(DEVICES, 'safety-state')).toEqual([
      { colour: 'red', count: 1 },
      { colour: 'green', count: 2 },
      { colour: 'grey', count: 1 },
      { colour: 'black', count: 1 },
    ]);
  });

  it("gives a group its members and its most urgent member's state", () => {
    const members = devicesOf(DEVICES, [GROUP], 'g1');
    expect(members.map((d) => d.id)).toEqual(['PZ-10', 'PZ-4']);
    expect(groupState(members, 'safety-state')).toBe('green');
    expect(groupState(devicesOf(DEVICES, [GROUP], null), 'safety-state')).toBe('red');
    expect(devicesOf(DEVICES, [GROUP], 'missing')).toEqual([]);
    expect(groupState([], 'safety-state')).toBe('grey');
  });
});
