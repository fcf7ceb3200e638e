import type { Db } from '../../db/connection.ts';
import { readStored, readStoredReadings } from '../metrics/stored-readings.ts';

// The SQL of check readings (ADR 0042): manual readings of logger-read devices, and the readings
// stored around them. Reads only; manual readings are written by ingest (ADR 0027).

export interface CheckedManualRow {
  id: string;
  entity_id: string;
  data_point_id: string;
  read_at: string;
}

/** The manual readings of a data session (or a device) whose device hangs on a data logger, oldest first. */
export async function findLoggerReadManualReadings(
  db: Db,
  projectId: string,
  filter: { data_session?: string | undefined; monitored_entity_id?: string | undefined },
): Promise<CheckedManualRow[]> {
  return db
    .selectFrom('manual_readings as m')
    .innerJoin('monitored_entities as e', 'e.id', 'm.entity_id')
    .select(['m.id', 'm.entity_id', 'm.data_point_id', 'm.read_at'])
    .where('m.project_id', '=', projectId)
    .where('e.interface_node_id', 'is not', null)
    .$if(!!filter.data_session, (q) => q.where('m.data_session_id', '=', filter.data_session!))
    .$if(!!filter.monitored_entity_id, (q) => q.where('m.entity_id', '=', filter.monitored_entity_id!))
    .orderBy('m.read_at')
    .orderBy('m.id')
    .limit(1000)
    .execute();
}

/** The readings of one device (data point) with read_at in [from, to], and which of them were entered by hand. */
export async function findReadingsAround(db: Db, reading: CheckedManualRow, from: string, to: string) {
  const [readings, manual] = await Promise.all([
    readStored(db, (reader) =>
      readStoredReadings(
        reader,
        { entityIds: [reading.entity_id], dataPointIds: [reading.data_point_id] },
        { from: Date.parse(from), end: Date.parse(to) + 1 },
      ),
    ),
    db
      .selectFrom('manual_readings')
      .select('read_at')
      .where('entity_id', '=', reading.entity_id)
      .where('data_point_id', '=', reading.data_point_id)
      .where('read_at', '>=', from)
      .where('read_at', '<=', to)
      .execute(),
  ]);
  return { readings, manualTimes: new Set(manual.map((m) => m.read_at)) };
}
