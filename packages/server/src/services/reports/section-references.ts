import { REPORT_MESSAGES, type ReportSection } from '@vigil/domain';
import type { Db } from '../../db/connection.ts';
import { addDetail, validationError, type ErrorDetails } from '../../http/errors.ts';
import { findEntityRefs } from '../registry/device-store.ts';
import { findGroups } from '../registry/group-store.ts';
import { crossSectionStore } from '../ui/cross-section-store.ts';

/** What a template's sections name: devices, groups and cross sections, each with where it is named. */
function referencesOf(sections: readonly ReportSection[]) {
  const devices: Array<{ id: string; path: string }> = [];
  const groups: Array<{ id: string; path: string }> = [];
  const crossSections: Array<{ id: string; path: string }> = [];
  sections.forEach((section, i) => {
    const at = `sections.${i}`;
    if (section.kind === 'data_completeness' && section.group_id)
      groups.push({ id: section.group_id, path: `${at}.group_id` });
    if (section.kind === 'weather') devices.push({ id: section.device_id, path: `${at}.device_id` });
    if (section.kind === 'inclinometer_profiles')
      section.device_ids.forEach((id, j) => devices.push({ id, path: `${at}.device_ids.${j}` }));
    if (section.kind === 'cross_sections')
      section.cross_section_ids.forEach((id, j) => crossSections.push({ id, path: `${at}.cross_section_ids.${j}` }));
    if (section.kind === 'charts')
      section.charts.forEach((chart, j) => {
        if ('group_id' in chart) groups.push({ id: chart.group_id, path: `${at}.charts.${j}.group_id` });
        else
          chart.series.forEach((s, k) =>
            devices.push({ id: s.entity_id, path: `${at}.charts.${j}.series.${k}.entity_id` }),
          );
      });
  });
  return { devices, groups, crossSections };
}

/**
 * The problems of sections naming a device, group or cross section the project does not hold (one
 * deleted since, or another project's), by field; empty when every one is there.
 */
export async function missingReferences(db: Db, projectId: string, sections: readonly ReportSection[]) {
  const { devices, groups, crossSections } = referencesOf(sections);
  const details: ErrorDetails = {};
  const known = await findEntityRefs(
    db,
    projectId,
    devices.map((d) => d.id),
  );
  for (const d of devices) if (!known.has(d.id)) addDetail(details, d.path, REPORT_MESSAGES.noSuchDevice);
  if (groups.length) {
    const ids = new Set((await findGroups(db, projectId)).map((g) => g.id));
    for (const g of groups) if (!ids.has(g.id)) addDetail(details, g.path, REPORT_MESSAGES.noSuchGroup);
  }
  const sectionsStore = crossSectionStore(db);
  for (const c of crossSections) {
    if (!(await sectionsStore.find(projectId, c.id))) addDetail(details, c.path, REPORT_MESSAGES.noSuchCrossSection);
  }
  return details;
}

/** Refuses sections naming what the project does not hold (400 with each field). */
export async function requireReferences(db: Db, projectId: string, sections: readonly ReportSection[]) {
  const details = await missingReferences(db, projectId, sections);
  if (Object.keys(details).length) throw validationError('Invalid template', details);
}
