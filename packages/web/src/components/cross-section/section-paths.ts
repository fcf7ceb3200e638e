import type { StateType } from '@vigil/domain';

/** The path segment of cross-section dashboards: `/safety-state/cross-section/{id}`; page paths start at root, so none collides. */
export const CROSS_SECTION_SEGMENT = 'cross-section';

/** The virtual dashboard of a section (requirements#monitoring-screens: entity id, title, type cross-section). */
export const crossSectionDashboardPath = (stateType: StateType, id: string) =>
  `/${stateType}/${CROSS_SECTION_SEGMENT}/${encodeURIComponent(id)}`;

/** The section in the cross-sections module; its editor at `/edit`. */
export const crossSectionPath = (id?: string, edit = false) =>
  id ? `/cross-sections/${encodeURIComponent(id)}${edit ? '/edit' : ''}` : '/cross-sections';
