import type { Account, Microservice, PermissionGroup } from '@vigil/domain';
import type { Selectable } from 'kysely';
import type { AccountsTable, PermissionGroupsTable } from '../../db/schema.ts';
import { fromJson } from '../../db/values.ts';
import type { ServiceInfo } from '../catalogue.ts';

export function presentPermissionGroup(row: Selectable<PermissionGroupsTable>): PermissionGroup {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    permissions: fromJson<string[]>(row.permissions, []),
  };
}

export function presentAccount(row: Pick<Selectable<AccountsTable>, 'id' | 'name' | 'created_at'>): Account {
  return { id: row.id, name: row.name, created_at: row.created_at };
}

export function presentMicroservice(service: ServiceInfo, version: string): Microservice {
  return { name: service.name, title: service.title, version };
}
