import type { Kysely } from 'kysely';
import { addModuleToProjects, removeModuleFromProjects } from './migration-helpers.ts';

// Frozen in time: later changes go in new migrations. Monitoring reports (issue 39) are a module of their
// own, `Reports` at `reports`: every role reads them (the engineer of record and the operators alike), and
// the server lets only administrators and managers edit templates and review (ADR 0051). The demo seed
// gives it to new projects; projects made before get it here, at the end of every role's menu.

export async function up(db: Kysely<any>): Promise<void> {
  await addModuleToProjects(db, { name: 'Reports', path: 'reports', folder: 'Reports' }, () => true);
}

export async function down(db: Kysely<any>): Promise<void> {
  await removeModuleFromProjects(db, 'Reports');
}
