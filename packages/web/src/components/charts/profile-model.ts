import type uPlot from 'uplot';

/** One profile: a value (mm) per depth (m below the top), e.g. the chain's readings at one date. */
export interface ProfileInput {
  key: string;
  label: string;
  /** the palette's colour at this profile's index when not given */
  colour?: string;
  points: ReadonlyArray<{ depth: number; value: number | null }>;
}

/** Every depth of any profile, shallowest first. */
export function profileDepths(profiles: readonly ProfileInput[]): number[] {
  return [...new Set(profiles.flatMap((p) => p.points.map((q) => q.depth)))].sort((a, b) => a - b);
}

/**
 * uPlot's aligned data for profiles: the depths as the x values (drawn vertically), then one row of
 * values per profile (null where it has no node), then, with a limit, a row holding the limit.
 */
export function profileData(profiles: readonly ProfileInput[], limit: number | null): uPlot.AlignedData {
  const depths = profileDepths(profiles);
  const rows = profiles.map((p) => {
    const at = new Map(p.points.map((q) => [q.depth, q.value]));
    return depths.map((d) => at.get(d) ?? null);
  });
  return [depths, ...rows, ...(limit === null ? [] : [depths.map(() => limit)])];
}

/** Whether no profile holds a value. */
export const hasNoValues = (profiles: readonly ProfileInput[]) =>
  profiles.every((p) => p.points.every((q) => q.value === null));

/**
 * The displacement range shown, from the extent of the values uPlot found: zero and ±limit always
 * inside, padded by a tenth so that the outermost points and limit lines are not drawn on the frame,
 * and never narrower than ±1 mm.
 */
export function displacementRange(min: number | null, max: number | null, limit: number | null): [number, number] {
  const lo = Math.min(0, min ?? 0, limit === null ? 0 : -limit);
  const hi = Math.max(0, max ?? 0, limit ?? 0);
  const pad = Math.max((hi - lo) * 0.1, 0.5);
  return [Math.min(lo - pad, -1), Math.max(hi + pad, 1)];
}

/** The depth range shown: from the top (0) down to the deepest node, with room for their markers. */
export function depthRange(deepest: number | null): [number, number] {
  const bottom = deepest ?? 1;
  const room = Math.max(bottom * 0.03, 0.25);
  return [-room, bottom + room];
}

/** One table row per depth: the depth, then each profile's value there (null where it has none). */
export function profileRows(profiles: readonly ProfileInput[]): Array<{ depth: number; values: (number | null)[] }> {
  const maps = profiles.map((p) => new Map(p.points.map((q) => [q.depth, q.value])));
  return profileDepths(profiles).map((depth) => ({ depth, values: maps.map((m) => m.get(depth) ?? null) }));
}
