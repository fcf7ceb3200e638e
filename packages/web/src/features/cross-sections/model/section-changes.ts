import { crossSectionPatchBody, type CrossSection, type CrossSectionPatchBody, type Diagram } from '@vigil/domain';
import { closeRing } from './diagram-edits.ts';

/** The fields the editor writes: everything but the id and the record of who made and changed it. */
export const WRITABLE_FIELDS = [
  'name',
  'description',
  'sections',
  'sensors',
  'altitude_min',
  'altitude_max',
  'altitude_unit',
  'distance',
  'distance_unit',
  'diagram',
  'labels',
  'x0_location',
  'x_max_location',
  'tracing_image',
  'topo_image',
] as const satisfies ReadonlyArray<keyof CrossSectionPatchBody>;
export type WritableField = (typeof WRITABLE_FIELDS)[number];

/** A section as the editor holds it: the diagram's rings open (their closing point is added on save). */
export type SectionDraft = Pick<CrossSection, WritableField>;

/** Two JSON values are the same (the order of an object's keys aside). */
function same(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a)) {
    const other = b as unknown[];
    return a.length === other.length && a.every((v, i) => same(v, other[i]));
  }
  const keys = Object.keys(a);
  const otherKeys = Object.keys(b);
  return (
    keys.length === otherKeys.length &&
    keys.every((k) => same((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]))
  );
}

/** The diagram as stored: every outer ring closed. */
export function storedDiagram(diagram: Diagram): Diagram {
  return {
    ...diagram,
    features: diagram.features.map((f) => ({
      ...f,
      geometry: { ...f.geometry, coordinates: f.geometry.coordinates.map((ring) => closeRing(ring)) },
    })),
  };
}

/** What a save sends (PATCH): only the fields that differ from the section as it was loaded. */
export function sectionChanges(original: SectionDraft, draft: SectionDraft): CrossSectionPatchBody {
  const stored = { ...draft, diagram: storedDiagram(draft.diagram) };
  const changes: Record<string, unknown> = {};
  for (const field of WRITABLE_FIELDS) {
    if (!same(original[field], stored[field])) changes[field] = stored[field];
  }
  return changes as CrossSectionPatchBody;
}

/** Whether the editor holds changes not yet saved. */
export const hasChanges = (original: SectionDraft, draft: SectionDraft) =>
  Object.keys(sectionChanges(original, draft)).length > 0;

/**
 * The problems the server would refuse a change with, by field path ("diagram.features.0.geometry…"),
 * checked with the same schema before sending.
 */
export function changeProblems(changes: CrossSectionPatchBody): Record<string, string[]> {
  const parsed = crossSectionPatchBody.safeParse(changes);
  if (parsed.success) return {};
  const problems: Record<string, string[]> = {};
  for (const issue of parsed.error.issues) {
    const path = issue.path.join('.') || 'body';
    (problems[path] ??= []).push(issue.message);
  }
  return problems;
}
