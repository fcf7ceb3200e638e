/**
 * Natural order for titles: digit runs compare as numbers, so "PZ-2" comes before "PZ-10" and
 * "IPI-01 node 9" before "IPI-01 node 10". Case and accents are ignored first, then break ties.
 */
const collator = new Intl.Collator('en', { numeric: true, sensitivity: 'base' });

export function naturalCompare(a: string, b: string): number {
  return collator.compare(a, b) || (a < b ? -1 : a > b ? 1 : 0);
}

/** Sorts by the ordering of a list query (`title`, `-title`, …), naturally for text, then by id. */
export function sortNaturally<T extends { id: string }>(
  items: T[],
  ordering: Array<{ column: string; desc: boolean }>,
): T[] {
  const value = (item: T, column: string) => (item as Record<string, unknown>)[column];
  const compare = (x: unknown, y: unknown) => {
    if (x === y) return 0;
    if (x == null || y == null) return x == null ? -1 : 1;
    if (typeof x === 'number' && typeof y === 'number') return x - y;
    return naturalCompare(String(x), String(y));
  };
  return [...items].sort((a, b) => {
    for (const o of ordering) {
      const order = compare(value(a, o.column), value(b, o.column));
      if (order) return o.desc ? -order : order;
    }
    return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
  });
}
