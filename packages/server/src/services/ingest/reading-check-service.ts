import {
  CHECK_TOLERANCE_MINUTES,
  compareReadings,
  nearestWithin,
  type ReadingCheck,
  type ReadingChecks,
  type TimedGroups,
} from '@vigil/domain';
import type { Db } from '../../db/connection.ts';
import { fromJson } from '../../db/values.ts';
import { findLoggerReadManualReadings, findReadingsAround } from './reading-check-store.ts';

const groupsOf = (json: string) => fromJson<TimedGroups['groups']>(json, {});

/**
 * Check readings (ADR 0042): each manual reading of a logger-read device beside its logger's reading
 * nearest in time within CHECK_TOLERANCE_MINUTES, metric by metric with the difference. Rounds are a
 * few dozen readings: one small range query each, on the readings' key.
 */
export function readingCheckService(db: Db) {
  return {
    async list(
      projectId: string,
      filter: { data_session?: string | undefined; monitored_entity_id?: string | undefined },
    ): Promise<ReadingChecks> {
      const tolerance = CHECK_TOLERANCE_MINUTES * 60_000;
      const objects: ReadingCheck[] = [];
      for (const manual of await findLoggerReadManualReadings(db, projectId, filter)) {
        const t = Date.parse(manual.read_at);
        const from = new Date(t - tolerance).toISOString();
        const to = new Date(t + tolerance).toISOString();
        const { readings, manualTimes } = await findReadingsAround(db, manual, from, to);
        const own = readings.find((r) => r.read_at === manual.read_at);
        const logger = nearestWithin(
          readings.filter((r) => !manualTimes.has(r.read_at)).map((r) => ({ t: Date.parse(r.read_at), row: r })),
          t,
          tolerance,
        );
        objects.push({
          manual_reading_id: manual.id,
          monitored_entity_id: manual.entity_id,
          data_point_id: manual.data_point_id || null,
          read_at: manual.read_at,
          logger_read_at: logger?.row.read_at ?? null,
          metrics: own && logger ? compareReadings(groupsOf(own.metrics), groupsOf(logger.row.metrics)) : [],
        });
      }
      return { tolerance_minutes: CHECK_TOLERANCE_MINUTES, objects };
    },
  };
}
