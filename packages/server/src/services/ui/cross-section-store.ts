import type { Selectable } from 'kysely';
import type { Db } from '../../db/connection.ts';
import { projectRowsWithHistory } from '../../db/project-rows.ts';
import type { CrossSectionsTable } from '../../db/schema.ts';
import { runListQuery, sameNamedColumns, type ListQuery, type ListSpec } from '../../http/list-query.ts';

export type CrossSectionRow = Selectable<CrossSectionsTable>;

export const CROSS_SECTION_LIST: ListSpec = {
  columns: sameNamedColumns(['id', 'name', 'created_at', 'modified_at']),
  filters: ['id', 'name'],
  ranges: ['modified_at'],
  defaultOrdering: 'name',
  tieBreaker: 'id',
};

/** All SQL of cross sections (ADR 0028). */
export function crossSectionStore(db: Db) {
  const sections = projectRowsWithHistory(db, 'cross_sections', 'cross_section_history', 'cross_section_id');
  return {
    list: (projectId: string, query: ListQuery) =>
      runListQuery(
        db.selectFrom('cross_sections').selectAll().where('project_id', '=', projectId),
        query,
        CROSS_SECTION_LIST,
      ),

    find: sections.find,
    insert: sections.insert,
    update: sections.update,
    remove: sections.remove,
    history: sections.history,

    /** The project's devices among `ids`, with what a sensor takes from them. */
    devices: (projectId: string, ids: readonly string[]) =>
      ids.length === 0
        ? Promise.resolve([])
        : db
            .selectFrom('monitored_entities')
            .select(['id', 'title', 'latitude', 'longitude'])
            .where('project_id', '=', projectId)
            .where('id', 'in', [...ids])
            .execute(),

    /** The project's uploaded media files among `ids`. */
    async mediaFiles(projectId: string, ids: readonly string[]): Promise<Set<string>> {
      if (ids.length === 0) return new Set();
      const rows = await db
        .selectFrom('media_files')
        .select('id')
        .where('project_id', '=', projectId)
        .where('is_uploaded', '=', 1)
        .where('id', 'in', [...ids])
        .execute();
      return new Set(rows.map((r) => r.id));
    },
  };
}

export type CrossSectionStore = ReturnType<typeof crossSectionStore>;

/** The project's cross sections' names and data (JSON). */
export const findCrossSectionData = (db: Db, projectId: string) =>
  db.selectFrom('cross_sections').select(['name', 'data']).where('project_id', '=', projectId).execute();
