import type { Db } from '../db/connection.ts';
import { purgeReadings } from '../services/metrics/reading-purge.ts';
import {
  ALL_TIME,
  countStored,
  readStored,
  readStoredReadings,
  type ReadingScope,
} from '../services/metrics/stored-readings.ts';
import type { TestApp } from './test-app.ts';

/**
 * How many readings are stored (ADR 0048: in reading days, or rows of `readings` not in them yet):
 * what a test counts instead of the rows of `readings`, which compaction purges.
 */
export async function storedReadingCount(db: Db, scope: ReadingScope = {}): Promise<number> {
  return readStored(db, (reader) => countStored(reader, scope, ALL_TIME));
}

/**
 * Compacts everything stored and purges the rows kept in reading days, once the rules engine has
 * evaluated them (the purge keeps the rows of its backlog): every reader then meets reading days only.
 */
export async function compactAndPurge(t: TestApp): Promise<void> {
  await t.app.rulesEngine?.idle();
  await t.app.compactor!.run();
  await purgeReadings(t.db, t.app.dialect);
}

/** A stored reading as tests look at it: rebuilt when it is in a reading day, its metrics parsed. */
export interface StoredReadingRow {
  entity_id: string;
  data_point_id: string;
  project_id: string;
  read_at: string;
  received_at: string;
  metrics: any;
}

/**
 * The stored readings of the entities (ADR 0048: from reading days and rows alike), in read_at
 * order, then entity and data point; `from` inclusive, `to` exclusive (ISO).
 */
export async function storedReadingsOf(
  db: Db,
  entityIds: string | readonly string[],
  range: { from?: string; to?: string } = {},
): Promise<StoredReadingRow[]> {
  const ids = typeof entityIds === 'string' ? [entityIds] : entityIds;
  const projects = new Map(
    (
      await db
        .selectFrom('monitored_entities')
        .select(['id', 'project_id'])
        .where('id', 'in', [...ids])
        .execute()
    ).map((e) => [e.id, e.project_id]),
  );
  const readings = await readStored(db, (reader) =>
    readStoredReadings(
      reader,
      { entityIds: ids },
      {
        from: range.from === undefined ? null : Date.parse(range.from),
        end: range.to === undefined ? null : Date.parse(range.to),
      },
    ),
  );
  return readings.map((r) => ({
    entity_id: r.entity_id,
    data_point_id: r.data_point_id,
    project_id: projects.get(r.entity_id)!,
    read_at: r.read_at,
    received_at: r.received_at,
    metrics: JSON.parse(r.metrics) as unknown,
  }));
}

/** The entity's stored reading at `readAt` (of any data point), or undefined. */
export async function storedReadingAt(db: Db, entityId: string, readAt: string) {
  const t = Date.parse(readAt);
  return (await storedReadingsOf(db, entityId, { from: readAt, to: new Date(t + 1).toISOString() }))[0];
}
