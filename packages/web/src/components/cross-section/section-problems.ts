import { crossSectionProblems } from '@vigil/domain';

/**
 * Why a section is not drawn yet, as the keys of the crossSections texts (requirements#monitoring-validation): the
 * distance
 * must be positive, and the altitude range run from a lower minimum to a higher maximum.
 */
export function problemKeys(section: { distance: unknown; altitude_min: unknown; altitude_max: unknown }): string[] {
  return crossSectionProblems(section).map((problem) => `problems.${problem}`);
}
