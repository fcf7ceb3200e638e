import { Migrator, PostgresAdapter, sql, type Kysely, type Migration } from 'kysely';
import * as foundation from './migrations/0001-foundation.ts';
import * as registryAndMetrics from './migrations/0002-registry-and-metrics.ts';
import * as rulesAndNotifications from './migrations/0003-rules-and-notifications.ts';
import * as seriesBlocks from './migrations/0004-series-blocks.ts';
import * as readingsWithoutProjectIndex from './migrations/0005-readings-without-project-index.ts';
import * as registryVersion from './migrations/0006-registry-version.ts';
import * as entityPayloadTimes from './migrations/0007-entity-payload-times.ts';
import * as evaluationBacklog from './migrations/0008-evaluation-backlog.ts';
import * as siteImages from './migrations/0009-site-images.ts';
import * as alarms from './migrations/0010-alarms.ts';
import * as media from './migrations/0011-media.ts';
import * as journal from './migrations/0012-journal.ts';
import * as crossSections from './migrations/0013-cross-sections.ts';
import * as notificationRecipients from './migrations/0014-notification-recipients.ts';
import * as privateMedia from './migrations/0015-private-media.ts';
import * as registryHistory from './migrations/0016-registry-history.ts';
import * as ingestKeysAndImports from './migrations/0017-ingest-keys-and-imports.ts';
import * as deviceRegistryModule from './migrations/0018-device-registry-module.ts';
import * as dataImportModule from './migrations/0019-data-import-module.ts';
import * as blockVersions from './migrations/0020-block-versions.ts';
import * as calibrations from './migrations/0021-calibrations.ts';
import * as calibrationRecomputes from './migrations/0022-calibration-recomputes.ts';
import * as inclinometerDatums from './migrations/0023-inclinometer-datums.ts';
import * as compressedBlocks from './migrations/0024-compressed-blocks.ts';
import * as retention from './migrations/0025-retention.ts';
import * as readingDays from './migrations/0026-reading-days.ts';
import * as callOut from './migrations/0027-call-out.ts';
import * as reports from './migrations/0028-reports.ts';
import * as reportsModule from './migrations/0029-reports-module.ts';
import * as reportDeliveries from './migrations/0030-report-deliveries.ts';

const migrations: Record<string, Migration> = {
  '0001-foundation': foundation,
  '0002-registry-and-metrics': registryAndMetrics,
  '0003-rules-and-notifications': rulesAndNotifications,
  '0004-series-blocks': seriesBlocks,
  '0005-readings-without-project-index': readingsWithoutProjectIndex,
  '0006-registry-version': registryVersion,
  '0007-entity-payload-times': entityPayloadTimes,
  '0008-evaluation-backlog': evaluationBacklog,
  '0009-site-images': siteImages,
  '0010-alarms': alarms,
  '0011-media': media,
  '0012-journal': journal,
  '0013-cross-sections': crossSections,
  '0014-notification-recipients': notificationRecipients,
  '0015-private-media': privateMedia,
  '0016-registry-history': registryHistory,
  '0017-ingest-keys-and-imports': ingestKeysAndImports,
  '0018-device-registry-module': deviceRegistryModule,
  '0019-data-import-module': dataImportModule,
  '0020-block-versions': blockVersions,
  '0021-calibrations': calibrations,
  '0022-calibration-recomputes': calibrationRecomputes,
  '0023-inclinometer-datums': inclinometerDatums,
  '0024-compressed-blocks': compressedBlocks,
  '0025-retention': retention,
  '0026-reading-days': readingDays,
  '0027-call-out': callOut,
  '0028-reports': reports,
  '0029-reports-module': reportsModule,
  '0030-report-deliveries': reportDeliveries,
};

/** The migrator of Vigil's migrations on `db` (tests step it down to see a migration run on old rows). */
export async function migrator(db: Kysely<any>): Promise<Migrator> {
  // Kysely looks for its migration tables in every schema unless told which: name the current one, so
  // that databases holding several schemas (tests, shared servers) do not see each other's tables.
  const migrationTableSchema =
    db.getExecutor().adapter instanceof PostgresAdapter
      ? (await sql<{ schema: string }>`select current_schema() as schema`.execute(db)).rows[0]?.schema
      : undefined;
  return new Migrator({ db, provider: { getMigrations: async () => migrations }, migrationTableSchema });
}

/** Brings the schema up to date; fails loudly (and the server does not start) if a migration fails. */
export async function migrateToLatest(db: Kysely<any>): Promise<void> {
  const { error, results } = await (await migrator(db)).migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${String(error)}`, { cause: error });
  }
}
