import type { ReadingGroups } from '@vigil/domain';

/** Groups indexed as series (context metrics are constants of the entity). */
export const INDEXED_GROUPS = ['raw_metrics', 'calculated_metrics', 'invalid_metrics'] as const;

export type IndexedGroup = (typeof INDEXED_GROUPS)[number];

const isIndexed = (key: string): key is IndexedGroup => (INDEXED_GROUPS as readonly string[]).includes(key);

/**
 * The "rest" of a reading's metrics (ADR 0048): what its JSON holds beyond the numbers of the
 * indexed groups, which the series blocks hold. Every other group as it is (context_metrics,
 * invalid_reasons, anything a later version adds); each indexed group kept, in its place, as an
 * object of its non-numeric entries only (none, in practice: `{}`), so that a reading rebuilt from
 * its rest and its series values (`withValues`) has the same groups in the same order.
 */
export function restOf(metrics: object): string {
  const rest: Record<string, unknown> = {};
  for (const key in metrics) {
    const group = (metrics as Record<string, unknown>)[key];
    if (!isIndexed(key) || typeof group !== 'object' || group === null) {
      rest[key] = group;
      continue;
    }
    const kept: Record<string, unknown> = {};
    for (const metric in group) {
      const value = (group as Record<string, unknown>)[metric];
      if (typeof value !== 'number') kept[metric] = value;
    }
    rest[key] = kept;
  }
  return JSON.stringify(rest);
}

/**
 * Whether two readings' metrics have one rest (`restOf(a) === restOf(b)`) as far as a shallow look
 * tells: the same groups in one order, each indexed group of numbers only, every other group of the
 * same primitive entries in one order. Ingest's hot path asks this instead of building the text of
 * each reading (a device's readings share their context); false sends it to `restOf`.
 */
export function sameRest(a: object, b: object): boolean {
  const keys = Object.keys(a);
  const others = Object.keys(b);
  if (keys.length !== others.length) return false;
  for (let i = 0; i < keys.length; i++) {
    const key = keys[i]!;
    if (key !== others[i]) return false;
    const x = (a as Record<string, unknown>)[key];
    const y = (b as Record<string, unknown>)[key];
    if (isIndexed(key) ? !onlyNumbers(x) || !onlyNumbers(y) : !samePrimitives(x, y)) return false;
  }
  return true;
}

function onlyNumbers(group: unknown): boolean {
  if (typeof group !== 'object' || group === null) return false;
  for (const metric in group) if (typeof (group as Record<string, unknown>)[metric] !== 'number') return false;
  return true;
}

/** Objects of the same primitive entries in one order (NaN unlike itself: sent to restOf). */
function samePrimitives(x: unknown, y: unknown): boolean {
  if (typeof x !== 'object' || typeof y !== 'object' || x === null || y === null) return false;
  const keys = Object.keys(x);
  const others = Object.keys(y);
  if (keys.length !== others.length) return false;
  for (let i = 0; i < keys.length; i++) {
    const key = keys[i]!;
    const value = (x as Record<string, unknown>)[key];
    if (key !== others[i] || typeof value === 'object' || value !== (y as Record<string, unknown>)[key]) return false;
  }
  return true;
}

/** A reading's metrics rebuilt from its rest and the values its series hold at its time. */
export function withValues(
  rest: string,
  values: Iterable<{ group: IndexedGroup; metric: string; value: number }>,
): ReadingGroups {
  const metrics = JSON.parse(rest) as Record<string, Record<string, unknown>>;
  for (const { group, metric, value } of values) (metrics[group] ??= {})[metric] = value;
  return metrics as unknown as ReadingGroups;
}
