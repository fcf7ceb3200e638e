/**
 * Inclinometer profiles (issue 18): displacement against depth for a casing or an in-place chain
 * whose bottom is fixed in stable ground. Each node reports its axes A and B; a profile is read
 * against a datum (the readings of a chosen reference date), so that it shows movement since then.
 * Nodes are ordered top first (depth increasing); depths are metres below the top of the casing.
 */

export interface ProfilePoint {
  /** metres below the top of the casing */
  depth: number;
  a: number;
  b: number;
}

const byDepth = (points: readonly ProfilePoint[]) => [...points].sort((x, y) => x.depth - y.depth);

/**
 * Cumulative displacement from per-node increments: at each node, the sum of its own increment and
 * every increment below it, the bottom being fixed.
 */
export function cumulativeFromIncrements(increments: readonly ProfilePoint[]): ProfilePoint[] {
  const sorted = byDepth(increments);
  const result: ProfilePoint[] = new Array(sorted.length);
  let a = 0;
  let b = 0;
  for (let i = sorted.length - 1; i >= 0; i--) {
    a += sorted[i]!.a;
    b += sorted[i]!.b;
    result[i] = { depth: sorted[i]!.depth, a, b };
  }
  return result;
}

/** Per-node increments from cumulative displacement: each node's less the one below it; the deepest keeps its own. */
export function incrementsFromCumulative(cumulative: readonly ProfilePoint[]): ProfilePoint[] {
  const sorted = byDepth(cumulative);
  return sorted.map((point, i) => {
    const below = sorted[i + 1];
    return below ? { depth: point.depth, a: point.a - below.a, b: point.b - below.b } : { ...point };
  });
}

/**
 * Movement since the datum: each node's reading less the datum's at the same depth. A node the
 * datum lacks has no movement to show and is left out.
 */
export function relativeToDatum(current: readonly ProfilePoint[], datum: readonly ProfilePoint[]): ProfilePoint[] {
  const reference = new Map(datum.map((p) => [p.depth, p]));
  return byDepth(current).flatMap((point) => {
    const base = reference.get(point.depth);
    return base ? [{ depth: point.depth, a: point.a - base.a, b: point.b - base.b }] : [];
  });
}

/** The resultant of the two axes at each node, for the profile of the total movement. */
export const resultant = (point: Pick<ProfilePoint, 'a' | 'b'>) => Math.hypot(point.a, point.b);

/** The depth of node `index` (0 for the top one) of a chain with nodes `spacing` metres apart. */
export const nodeDepth = (index: number, spacing: number) => index * spacing;
