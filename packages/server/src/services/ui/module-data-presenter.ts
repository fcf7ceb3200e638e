import type { ProjectModuleData, UserModuleData } from '@vigil/domain';
import type { ProjectModuleDataRecord, UserModuleDataRecord } from './module-data-store.ts';

export function presentProjectModuleData(
  projectId: string,
  moduleId: string,
  record: ProjectModuleDataRecord | undefined,
): ProjectModuleData {
  return {
    project: projectId,
    module: moduleId,
    user: record?.userId ?? null,
    action: record?.action ?? null,
    timestamp: record?.timestamp ?? null,
    data: record ? record.data : null,
  };
}

export function presentUserModuleData(
  profileId: string,
  moduleId: string,
  record: UserModuleDataRecord | undefined,
): UserModuleData {
  return { profile: profileId, module: moduleId, data: record?.data ?? {}, updated_at: record?.updatedAt ?? null };
}
