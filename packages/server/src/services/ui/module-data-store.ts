import type { Db } from '../../db/connection.ts';
import { fromJson, toJson } from '../../db/values.ts';

export interface ProjectModuleDataRecord {
  projectId: string;
  moduleId: string;
  userId: string;
  action: 'persist';
  timestamp: string;
  data: unknown;
}

export interface UserModuleDataRecord {
  profileId: string;
  moduleId: string;
  data: Record<string, unknown>;
  updatedAt: string;
}

export async function findProjectModuleData(db: Db, projectId: string, moduleId: string) {
  const row = await db
    .selectFrom('project_module_data')
    .selectAll()
    .where('project_id', '=', projectId)
    .where('module_id', '=', moduleId)
    .executeTakeFirst();
  if (!row) return undefined;
  const record: ProjectModuleDataRecord = {
    projectId: row.project_id,
    moduleId: row.module_id,
    userId: row.user_id,
    action: 'persist',
    timestamp: row.timestamp,
    data: fromJson(row.data, null),
  };
  return record;
}

/** The timestamp of the stored version, read inside the transaction that writes the next one. */
export async function findProjectModuleDataVersion(
  db: Db,
  projectId: string,
  moduleId: string,
): Promise<string | undefined> {
  const row = await db
    .selectFrom('project_module_data')
    .select('timestamp')
    .where('project_id', '=', projectId)
    .where('module_id', '=', moduleId)
    .executeTakeFirst();
  return row?.timestamp;
}

const rowValues = (record: ProjectModuleDataRecord) => ({
  data: toJson(record.data),
  user_id: record.userId,
  action: record.action,
  timestamp: record.timestamp,
});

/** Writes the first version; false when another one got there first. */
export async function insertProjectModuleData(db: Db, record: ProjectModuleDataRecord): Promise<boolean> {
  const result = await db
    .insertInto('project_module_data')
    .values({ project_id: record.projectId, module_id: record.moduleId, ...rowValues(record) })
    .onConflict((oc) => oc.columns(['project_id', 'module_id']).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
}

/**
 * Replaces the version stored at `baseTimestamp`; false when it is no longer the stored one. A
 * concurrent writer of the same base waits for the first one's row lock, then matches nothing.
 */
export async function replaceProjectModuleData(
  db: Db,
  record: ProjectModuleDataRecord,
  baseTimestamp: string,
): Promise<boolean> {
  const result = await db
    .updateTable('project_module_data')
    .set(rowValues(record))
    .where('project_id', '=', record.projectId)
    .where('module_id', '=', record.moduleId)
    .where('timestamp', '=', baseTimestamp)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export interface ProjectRefs {
  /** entity id → entity type */
  entities: Map<string, string>;
  groups: Set<string>;
  /** data point id → entity id */
  dataPoints: Map<string, string>;
  /** cross sections of other projects: a card may name a section deleted since, never another project's */
  foreignCrossSections: Set<string>;
}

const CHUNK = 500;
async function inChunks<T>(ids: string[], read: (chunk: string[]) => Promise<T[]>): Promise<T[]> {
  const unique = [...new Set(ids)];
  const rows: T[] = [];
  for (let at = 0; at < unique.length; at += CHUNK) rows.push(...(await read(unique.slice(at, at + CHUNK))));
  return rows;
}

/** Which of these entity, group and data point ids are the project's. */
export async function findProjectRefs(
  db: Db,
  projectId: string,
  ids: { entities: string[]; groups: string[]; dataPoints: string[]; crossSections: string[] },
): Promise<ProjectRefs> {
  const [entities, groups, dataPoints, crossSections] = await Promise.all([
    inChunks(ids.entities, (chunk) =>
      db
        .selectFrom('monitored_entities')
        .select(['id', 'entity_type'])
        .where('project_id', '=', projectId)
        .where('id', 'in', chunk)
        .execute(),
    ),
    inChunks(ids.groups, (chunk) =>
      db.selectFrom('basic_groups').select('id').where('project_id', '=', projectId).where('id', 'in', chunk).execute(),
    ),
    inChunks(ids.dataPoints, (chunk) =>
      db
        .selectFrom('data_points')
        .select(['id', 'entity_id'])
        .where('project_id', '=', projectId)
        .where('id', 'in', chunk)
        .execute(),
    ),
    inChunks(ids.crossSections, (chunk) =>
      db
        .selectFrom('cross_sections')
        .select('id')
        .where('project_id', '!=', projectId)
        .where('id', 'in', chunk)
        .execute(),
    ),
  ]);
  return {
    entities: new Map(entities.map((r) => [r.id, r.entity_type])),
    groups: new Set(groups.map((r) => r.id)),
    dataPoints: new Map(dataPoints.map((r) => [r.id, r.entity_id])),
    foreignCrossSections: new Set(crossSections.map((r) => r.id)),
  };
}

export async function findUserModuleData(
  db: Db,
  profileId: string,
  moduleId: string,
): Promise<UserModuleDataRecord | undefined> {
  const row = await db
    .selectFrom('user_module_data')
    .selectAll()
    .where('profile_id', '=', profileId)
    .where('module_id', '=', moduleId)
    .executeTakeFirst();
  return (
    row && {
      profileId: row.profile_id,
      moduleId: row.module_id,
      data: fromJson(row.data, {}),
      updatedAt: row.updated_at,
    }
  );
}

export async function saveUserModuleData(db: Db, record: UserModuleDataRecord): Promise<void> {
  const values = { data: toJson(record.data), updated_at: record.updatedAt };
  await db
    .insertInto('user_module_data')
    .values({ profile_id: record.profileId, module_id: record.moduleId, ...values })
    .onConflict((oc) => oc.columns(['profile_id', 'module_id']).doUpdateSet(values))
    .execute();
}

/** Every module's project data in the project, with the module's name and folder. */
export const findModulesProjectData = (db: Db, projectId: string) =>
  db
    .selectFrom('project_module_data as d')
    .innerJoin('modules as m', 'm.id', 'd.module_id')
    .select(['m.name', 'm.folder', 'd.data'])
    .where('d.project_id', '=', projectId)
    .execute();
