import type { Db } from '../../db/connection.ts';
import { newId, toJson } from '../../db/values.ts';
import type { NewReading } from '../metrics/write-store.ts';

/** A reading entered by hand: its data session and the raw values as typed (ADR 0027). */
export interface ManualEntry {
  sessionId: string;
  raw: Record<string, number>;
}

/** Of `ids`, the data sessions of the project still open for readings. */
export async function findOpenSessions(db: Db, projectId: string, ids: readonly string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .selectFrom('data_sessions')
    .select('id')
    .where('project_id', '=', projectId)
    .where('status', '=', 'open')
    .where('id', 'in', [...ids])
    .execute();
  return new Set(rows.map((r) => r.id));
}

/**
 * Keeps, for each manual reading inserted, who entered it and when, and the first record of its
 * history; called inside ingest's transaction so that no manual reading is stored without them.
 */
export function recordManualReadings(
  projectId: string,
  entries: ReadonlyMap<NewReading, ManualEntry>,
  enteredBy: string,
  enteredAt: string,
) {
  return async (trx: Db, inserted: readonly NewReading[]) => {
    const rows = inserted.flatMap((reading) => {
      const entry = entries.get(reading);
      return entry ? [{ reading, entry, id: newId() }] : [];
    });
    if (rows.length === 0) return;
    await trx
      .insertInto('manual_readings')
      .values(
        rows.map(({ reading, entry, id }) => ({
          id,
          project_id: projectId,
          data_session_id: entry.sessionId,
          entity_id: reading.entityId,
          data_point_id: reading.dataPointId,
          read_at: reading.readAt,
          raw_metrics: toJson(entry.raw),
          entered_by: enteredBy,
          entered_at: enteredAt,
          corrected_by: null,
          corrected_at: null,
        })),
      )
      .execute();
    await trx
      .insertInto('manual_reading_history')
      .values(
        rows.map(({ entry, id }) => ({
          id: newId(),
          reading_id: id,
          action: 'entered' as const,
          at: enteredAt,
          user_name: enteredBy,
          raw_metrics: toJson(entry.raw),
          reason: null,
        })),
      )
      .execute();
  };
}

/** Keeps a correction: the reading's new raw values and who made them, and a history record saying why. */
export function recordCorrection(
  correction: { readingId: string; by: string; reason: string },
  raw: Record<string, number>,
  at: string,
) {
  return async (trx: Db, inserted: readonly NewReading[]) => {
    if (inserted.length === 0) return;
    await trx
      .updateTable('manual_readings')
      .set({ raw_metrics: toJson(raw), corrected_by: correction.by, corrected_at: at })
      .where('id', '=', correction.readingId)
      .execute();
    await trx
      .insertInto('manual_reading_history')
      .values({
        id: newId(),
        reading_id: correction.readingId,
        action: 'corrected',
        at,
        user_name: correction.by,
        raw_metrics: toJson(raw),
        reason: correction.reason,
      })
      .execute();
  };
}

/** A manual reading of the project. */
export const findManualReading = (db: Db, projectId: string, id: string) =>
  db
    .selectFrom('manual_readings')
    .selectAll()
    .where('project_id', '=', projectId)
    .where('id', '=', id)
    .executeTakeFirst();

/** A data session's manual readings (or a device's), in the order they were read: 5,000 at most. */
export const listManualReadings = (
  db: Db,
  projectId: string,
  filter: { data_session?: string; monitored_entity_id?: string },
) =>
  db
    .selectFrom('manual_readings')
    .selectAll()
    .where('project_id', '=', projectId)
    .$if(!!filter.data_session, (q) => q.where('data_session_id', '=', filter.data_session!))
    .$if(!!filter.monitored_entity_id, (q) => q.where('entity_id', '=', filter.monitored_entity_id!))
    .orderBy('read_at')
    .orderBy('id')
    .limit(5000)
    .execute();

/** A manual reading's history, oldest first. */
export const findManualReadingHistory = (db: Db, readingId: string) =>
  db
    .selectFrom('manual_reading_history')
    .selectAll()
    .where('reading_id', '=', readingId)
    .orderBy('at')
    .orderBy('id')
    .execute();

/** The eid of a reading's entity, for the payload that corrects it. */
export async function findEntityEid(db: Db, entityId: string): Promise<string> {
  const row = await db
    .selectFrom('monitored_entities')
    .select('eid')
    .where('id', '=', entityId)
    .executeTakeFirstOrThrow();
  return row.eid;
}
