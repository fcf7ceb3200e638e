import { dashboardTreeSchema, type DashboardTree } from '@vigil/domain';

/** Trees read, by the stored object: the prefetch and every render of the page share one parse. */
const parsed = new WeakMap<object, DashboardTree | null>();

/** A stored tree, or null when nothing (or nothing readable) is stored. */
export function parseTree(data: unknown): DashboardTree | null {
  if (typeof data !== 'object' || data === null) return null;
  let tree = parsed.get(data);
  if (tree === undefined) {
    const result = dashboardTreeSchema.safeParse(data);
    parsed.set(data, (tree = result.success ? result.data : null));
  }
  return tree;
}
