import {
  compareByUrgency,
  mostUrgentState,
  STATE_COLOURS,
  STATE_FIELD,
  stateColour,
  type BasicGroup,
  type StateColour,
  type StateType,
} from '@vigil/domain';
import type { DeviceSummary } from '../../../api/registry.ts';

/** A device's state of the dashboard's type: its safety or operational state. */
export const stateOf = (device: DeviceSummary, stateType: StateType): string =>
  device[STATE_FIELD[stateType]] ?? 'unknown';

/** When that state last changed. */
export const stateChangedAtOf = (device: DeviceSummary, stateType: StateType): string | null =>
  device[`${STATE_FIELD[stateType]}_changed_at`] ?? null;

/** The devices a card shows: the group's members, or every device of the project (groupId null). */
export function devicesOf(
  devices: readonly DeviceSummary[],
  groups: readonly BasicGroup[],
  groupId: string | null,
): DeviceSummary[] {
  if (groupId === null) return [...devices];
  const group = groups.find((g) => g.id === groupId);
  if (!group) return [];
  const members = new Set(group.device_profiles);
  return devices.filter((d) => members.has(d.id));
}

/** Devices most urgent first, then by title. */
export function worstFirst(devices: readonly DeviceSummary[], stateType: StateType): DeviceSummary[] {
  return [...devices].sort(
    compareByUrgency(
      (d) => stateOf(d, stateType),
      (d) => d.title,
    ),
  );
}

/** A group's state: its most urgent member's; grey when it has none. */
export function groupState(members: readonly DeviceSummary[], stateType: StateType): StateColour {
  return members.length ? mostUrgentState(members.map((d) => stateOf(d, stateType))) : 'grey';
}

/** How many devices are in each colour, most urgent colour first; colours without devices left out. */
export function stateCounts(
  devices: readonly DeviceSummary[],
  stateType: StateType,
): Array<{ colour: StateColour; count: number }> {
  const counts = new Map<StateColour, number>();
  for (const device of devices) {
    const colour = stateColour(stateOf(device, stateType));
    counts.set(colour, (counts.get(colour) ?? 0) + 1);
  }
  return STATE_COLOURS.filter((c) => counts.has(c)).map((colour) => ({ colour, count: counts.get(colour)! }));
}
