import type { ModuleObject } from '@vigil/domain';
import type { ModuleRecord } from './module-store.ts';

export const presentModule = (record: ModuleRecord): ModuleObject => ({
  id: record.id,
  name: record.name,
  path: record.path,
  folder: record.folder,
  roles: record.roleIds,
  features: Array.isArray(record.features) ? record.features : [],
});
