import type { BasicGroup } from '@vigil/domain';
import { describe, expect, it } from 'vitest';
import type { DeviceChoice } from '../../../api/registry.ts';
import { filterDevices, matchesSearch, schemesInUse } from './device-filter.ts';

const device = (id: string, title: string, eid: string, schemeId: string | null): DeviceChoice => ({
  id,
  title,
  eid,
  monitored_entity_type: 'instrument',
  scheme: schemeId ? { id: schemeId, name: schemeId === 'piezo' ? 'VW piezometer' : 'Pond level' } : null,
});
const DEVICES = [
  device('a', 'PZ-10 Toe', 'PZ-10', 'piezo'),
  device('b', 'PZ-2 Crest', 'PZ-02', 'piezo'),
  device('c', 'Decant pond', 'PL-01', 'pond'),
  device('d', 'Logger 1', 'DL-01', null),
];
const GROUPS = [
  { id: 'g1', title: 'Section A', monitored_entities: [{ monitored_entity_id: 'a' }, { monitored_entity_id: 'c' }] },
] as unknown as BasicGroup[];

describe('narrowing the devices to choose from', () => {
  it('keeps every device, titles in numeric order, without a filter', () => {
    expect(filterDevices(DEVICES, GROUPS, { groupId: null, schemeId: null }).map((d) => d.id)).toEqual([
      'c',
      'd',
      'b',
      'a',
    ]);
  });

  it('keeps the members of the group and the devices of the scheme', () => {
    expect(filterDevices(DEVICES, GROUPS, { groupId: 'g1', schemeId: null }).map((d) => d.id)).toEqual(['c', 'a']);
    expect(filterDevices(DEVICES, GROUPS, { groupId: null, schemeId: 'piezo' }).map((d) => d.id)).toEqual(['b', 'a']);
    expect(filterDevices(DEVICES, GROUPS, { groupId: 'g1', schemeId: 'piezo' }).map((d) => d.id)).toEqual(['a']);
  });

  it('finds a device by words of its title or by its EID, ignoring case', () => {
    expect(matchesSearch(DEVICES[2]!, 'pond')).toBe(true);
    expect(matchesSearch(DEVICES[2]!, 'pl-01')).toBe(true);
    expect(matchesSearch(DEVICES[2]!, 'decant pl-01')).toBe(true);
    expect(matchesSearch(DEVICES[2]!, 'pz')).toBe(false);
  });

  it('offers the schemes in use, by name, each once', () => {
    expect(schemesInUse(DEVICES)).toEqual([
      { id: 'pond', name: 'Pond level' },
      { id: 'piezo', name: 'VW piezometer' },
    ]);
  });
});
