import { Migrator, type Kysely, type Migration } from 'kysely';
import * as foundation from './migrations/0001-foundation.ts';

const migrations: Record<string, Migration> = {
  '0001-foundation': foundation,
};

/** Brings the schema up to date; fails loudly (and the server does not start) if a migration fails. */
export async function migrateToLatest(db: Kysely<any>): Promise<void> {
  const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${String(error)}`, { cause: error });
  }
}
