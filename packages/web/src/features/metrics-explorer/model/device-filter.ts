import type { BasicGroup } from '@vigil/domain';
import type { DeviceChoice } from '../../../api/registry.ts';

/** How the device list is narrowed before searching: a group and a scheme, null for all. */
export interface DeviceFilter {
  groupId: string | null;
  schemeId: string | null;
}

/** The devices of the group and of the scheme, in title order (numbers in numeric order). */
export function filterDevices(
  devices: readonly DeviceChoice[],
  groups: readonly BasicGroup[],
  filter: DeviceFilter,
): DeviceChoice[] {
  const group = filter.groupId ? groups.find((g) => g.id === filter.groupId) : null;
  const members = group ? new Set(group.monitored_entities.map((m) => m.monitored_entity_id)) : null;
  const collator = new Intl.Collator(undefined, { numeric: true });
  return devices
    .filter((d) => (!members || members.has(d.id)) && (!filter.schemeId || d.scheme?.id === filter.schemeId))
    .sort((a, b) => collator.compare(a.title, b.title));
}

/** Whether a device matches what was typed: every word in its title or its EID, ignoring case. */
export function matchesSearch(device: Pick<DeviceChoice, 'title' | 'eid'>, text: string): boolean {
  const haystack = `${device.title} ${device.eid}`.toLocaleLowerCase();
  return text
    .toLocaleLowerCase()
    .split(/\s+/)
    .filter(Boolean)
    .every((word) => haystack.includes(word));
}

/** The schemes the project's devices use, each once, by name. */
export function schemesInUse(devices: readonly DeviceChoice[]): Array<{ id: string; name: string }> {
  const schemes = new Map(devices.flatMap((d) => (d.scheme ? [[d.scheme.id, d.scheme] as const] : [])));
  return [...schemes.values()].sort((a, b) => a.name.localeCompare(b.name));
}
