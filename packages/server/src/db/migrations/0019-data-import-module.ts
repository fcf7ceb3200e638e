import type { Kysely } from 'kysely';
import { addModuleToProjects, removeModuleFromProjects } from './migration-helpers.ts';

// Frozen in time: later changes go in new migrations. Logger file imports (issue 32) are a module of
// their own, `DataImport` at `data-import`, for Administrators and Managers only (ADR 0035): the demo
// seed gives it to new projects; projects made before get it here, at the end of those roles' menus.

const CURATORS = ['Administrator', 'Manager'];

export async function up(db: Kysely<any>): Promise<void> {
  await addModuleToProjects(db, { name: 'Data import', path: 'data-import', folder: 'DataImport' }, (role) =>
    CURATORS.includes(role.name),
  );
}

export async function down(db: Kysely<any>): Promise<void> {
  await removeModuleFromProjects(db, 'DataImport');
}
