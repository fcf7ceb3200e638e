import type { FeatureConfigMap } from '@vigil/domain';
import type { Selectable } from 'kysely';
import type { Db } from '../../db/connection.ts';
import type { ProjectsTable } from '../../db/schema.ts';
import { fromJson } from '../../db/values.ts';
import { runListQuery, type ListQuery, type ListSpec } from '../../http/list-query.ts';

export interface StoredPlace {
  name: string;
  lat: number;
  lon: number;
}

export interface ProjectRecord {
  id: string;
  name: string;
  slug: string;
  attrs: Record<string, unknown>;
  places: StoredPlace[];
  featureConfig: FeatureConfigMap;
  createdAt: string;
}

export const projectList: ListSpec = {
  columns: { id: 'projects.id', name: 'projects.name', slug: 'projects.slug', created_at: 'projects.created_at' },
  filters: ['name', 'slug'],
  defaultOrdering: 'name',
  tieBreaker: 'projects.id',
};

const toRecord = (row: Selectable<ProjectsTable>): ProjectRecord => ({
  id: row.id,
  name: row.name,
  slug: row.slug,
  attrs: fromJson(row.attrs, {}),
  places: fromJson(row.places, []),
  featureConfig: fromJson(row.feature_config, {}),
  createdAt: row.created_at,
});

/** One page of the projects where the user holds an active profile. */
export async function listMemberProjects(db: Db, userId: string, query: ListQuery) {
  const { count, rows } = await runListQuery(
    db
      .selectFrom('projects')
      .innerJoin('user_profiles', 'user_profiles.project_id', 'projects.id')
      .selectAll('projects')
      .where('user_profiles.user_id', '=', userId)
      .where('user_profiles.is_active', '=', 1),
    query,
    projectList,
  );
  return { count, records: rows.map(toRecord) };
}

export async function findProject(db: Db, projectId: string): Promise<ProjectRecord | undefined> {
  const row = await db.selectFrom('projects').selectAll().where('id', '=', projectId).executeTakeFirst();
  return row && toRecord(row);
}
