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

export async function saveProjectModuleData(db: Db, record: ProjectModuleDataRecord): Promise<void> {
  const values = {
    data: toJson(record.data),
    user_id: record.userId,
    action: record.action,
    timestamp: record.timestamp,
  };
  await db
    .insertInto('project_module_data')
    .values({ project_id: record.projectId, module_id: record.moduleId, ...values })
    .onConflict((oc) => oc.columns(['project_id', 'module_id']).doUpdateSet(values))
    .execute();
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
