import type { Kysely } from 'kysely';
import { addModuleToProjects, removeModuleFromProjects } from './migration-helpers.ts';

// Frozen in time: later changes go in new migrations. Instrument administration (issue 31) is a module
// of its own, `DeviceRegistry` at `devices`; the demo seed gives it to new projects. Projects made before
// get it here, for every role (writes stay with Administrators and Managers, whom the server checks),
// at the end of each role's menu.

export async function up(db: Kysely<any>): Promise<void> {
  await addModuleToProjects(db, { name: 'Device registry', path: 'devices', folder: 'DeviceRegistry' }, () => true);
}

export async function down(db: Kysely<any>): Promise<void> {
  await removeModuleFromProjects(db, 'DeviceRegistry');
}
