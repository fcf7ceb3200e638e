import { dashboardTreeSchema, ROOT_PAGE } from '@vigil/domain';
import type { Db } from '../db/connection.ts';
import { nowIso } from '../db/values.ts';
import { findProjectModuleData, replaceProjectModuleData } from '../services/ui/module-data-store.ts';
import { demoPage } from './dashboards.ts';

/** The safety-state page the demo adds once its sections are drawn. */
export const SECTIONS_PAGE = `${ROOT_PAGE}/cross-sections`;

/** The main section's side-section full width, then its aerial view beside the map of every section. */
function sectionsPage(mainSectionId: string) {
  const at = demoPage(SECTIONS_PAGE, 'Cross sections');
  const main = { title: '', type: 'cross-section', cross_section_id: mainSectionId } as const;
  at.add({ ...main, id: 'main-section', view: 'side' });
  at.add({ ...main, id: 'main-aerial', view: 'aerial' }, { w: 8, h: 3 });
  at.add({ id: 'all-sections', title: '', type: 'cross-sections-map' }, { w: 8, h: 3 });
  return at.done();
}

/**
 * Adds the page "Cross sections" under the safety-state overview of a seeded project: its main
 * section as the side-section and the aerial view, and the map of all its sections. Saved as the
 * next version of the project's tree, by `userId`; nothing when the page is there already.
 */
export async function seedSectionsPage(db: Db, projectId: string, mainSectionId: string, userId: string) {
  const module = await db
    .selectFrom('modules')
    .select('id')
    .where('project_id', '=', projectId)
    .where('path', '=', 'safety-state')
    .executeTakeFirst();
  const stored = module && (await findProjectModuleData(db, projectId, module.id));
  if (!module || !stored) return;
  const tree = dashboardTreeSchema.parse(stored.data);
  if (tree.pages.some((p) => p.path === SECTIONS_PAGE)) return;
  tree.pages.push(sectionsPage(mainSectionId));
  await replaceProjectModuleData(
    db,
    {
      projectId,
      moduleId: module.id,
      userId,
      action: 'persist',
      timestamp: nowIso(),
      data: dashboardTreeSchema.parse(tree),
    },
    stored.timestamp,
  );
}
