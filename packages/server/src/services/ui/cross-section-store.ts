import type { Insertable, Selectable, Updateable } from 'kysely';
import type { Db } from '../../db/connection.ts';
import type { CrossSectionHistoryTable, CrossSectionsTable } from '../../db/schema.ts';
import { runListQuery, type ListQuery, type ListSpec } from '../../http/list-query.ts';

export type CrossSectionRow = Selectable<CrossSectionsTable>;

export const CROSS_SECTION_LIST: ListSpec = {
  columns: { id: 'id', name: 'name', created_at: 'created_at', modified_at: 'modified_at' },
  filters: ['id', 'name'],
  ranges: ['modified_at'],
  defaultOrdering: 'name',
  tieBreaker: 'id',
};

/** All SQL of cross sections (ADR 0028). */
export function crossSectionStore(db: Db) {
  return {
    list: (projectId: string, query: ListQuery) =>
      runListQuery(
        db.selectFrom('cross_sections').selectAll().where('project_id', '=', projectId),
        query,
        CROSS_SECTION_LIST,
      ),

    find: (projectId: string, id: string) =>
      db
        .selectFrom('cross_sections')
        .selectAll()
        .where('project_id', '=', projectId)
        .where('id', '=', id)
        .executeTakeFirst(),

    async insert(row: Insertable<CrossSectionsTable>, history: Insertable<CrossSectionHistoryTable>) {
      await db.transaction().execute(async (trx) => {
        await trx.insertInto('cross_sections').values(row).execute();
        await trx.insertInto('cross_section_history').values(history).execute();
      });
    },

    async update(
      projectId: string,
      id: string,
      changes: Updateable<CrossSectionsTable>,
      history: Insertable<CrossSectionHistoryTable>,
    ) {
      await db.transaction().execute(async (trx) => {
        await trx
          .updateTable('cross_sections')
          .set(changes)
          .where('project_id', '=', projectId)
          .where('id', '=', id)
          .execute();
        await trx.insertInto('cross_section_history').values(history).execute();
      });
    },

    async remove(projectId: string, id: string) {
      await db.deleteFrom('cross_sections').where('project_id', '=', projectId).where('id', '=', id).execute();
    },

    history: (id: string) =>
      db
        .selectFrom('cross_section_history')
        .selectAll()
        .where('cross_section_id', '=', id)
        .orderBy('at')
        .orderBy('id')
        .execute(),

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
