import type { DeviceChoice } from '../../../api/registry.ts';
import type { FilterTarget } from './notification-filters.ts';

/** A suggestion of the device-or-scheme search. */
export interface TargetOption extends FilterTarget {
  /** what else the search matches: the EID of a device */
  detail: string;
}

/** Devices sorted by title, then each scheme once, sorted by name. */
export function targetOptions(devices: readonly DeviceChoice[]): TargetOption[] {
  const byTitle = [...devices].sort((a, b) => a.title.localeCompare(b.title, undefined, { numeric: true }));
  const schemes = new Map<string, string>();
  for (const d of devices) if (d.scheme) schemes.set(d.scheme.id, d.scheme.name);
  return [
    ...byTitle.map((d) => ({ kind: 'device' as const, id: d.id, label: d.title, detail: d.eid })),
    ...[...schemes]
      .sort(([, a], [, b]) => a.localeCompare(b))
      .map(([id, name]) => ({ kind: 'scheme' as const, id, label: name, detail: '' })),
  ];
}

/** The suggestions for what was typed: every word found in the title or the EID. */
export function matchTargets(options: readonly TargetOption[], input: string, limit = 50): TargetOption[] {
  const words = input.toLowerCase().split(/\s+/).filter(Boolean);
  const found = options.filter((o) => {
    const text = `${o.label} ${o.detail}`.toLowerCase();
    return words.every((w) => text.includes(w));
  });
  return found.slice(0, limit);
}
