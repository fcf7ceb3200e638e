import type { JournalEntry } from '@vigil/domain';
import type { Db } from '../../db/connection.ts';
import { fromJson } from '../../db/values.ts';
import { listManualReadings } from '../ingest/manual-reading-store.ts';
import { journalStore } from '../journal/journal-store.ts';
import { journalService } from '../journal/journal-service.ts';
import type { ReportDevices } from './report-devices.ts';

const MAX_ROWS = 1000;

export interface ManualRow {
  device: string;
  readAt: string;
  values: string;
  enteredBy: string | null;
  correctedBy: string | null;
}

export interface FieldRecords {
  readings: ManualRow[];
  entries: Array<Pick<JournalEntry, 'occurred_at' | 'title' | 'text' | 'author'> & { devices: string }>;
}

/**
 * The manual readings read in [from, to) (device by device: a reading may be entered long after it was
 * read, in a later data session) and the journal entries that occurred in it, oldest first, through the
 * journal's and ingest's public functions.
 */
export async function fieldRecordsSection(
  db: Db,
  projectId: string,
  devices: ReportDevices,
  from: number,
  to: number,
): Promise<FieldRecords> {
  const store = journalStore(db);
  const fromIso = new Date(from).toISOString();
  const toIso = new Date(to).toISOString();
  const name = (id: string) => {
    const d = devices.byId.get(id);
    return d ? `${d.eid} ${d.title}` : id;
  };
  const readings: ManualRow[] = [];
  for (const device of devices.devices) {
    for (const row of await listManualReadings(db, projectId, { monitored_entity_id: device.id })) {
      if (row.read_at < fromIso || row.read_at >= toIso) continue;
      const values = Object.entries(fromJson<Record<string, number>>(row.raw_metrics, {}));
      readings.push({
        device: name(row.entity_id),
        readAt: row.read_at,
        values: values.map(([k, v]) => `${k} = ${v}`).join(', '),
        enteredBy: row.entered_by,
        correctedBy: row.corrected_by,
      });
    }
  }
  readings.sort((a, b) => a.readAt.localeCompare(b.readAt));
  const listed = await journalService(store).listEntries(projectId, {
    'occurred_at.from_time': fromIso,
    'occurred_at.to_time': new Date(to - 1).toISOString(),
    ordering: 'occurred_at',
    paginate_by: MAX_ROWS,
  });
  const entries = (listed.objects as JournalEntry[]).map((e) => ({
    occurred_at: e.occurred_at,
    title: e.title,
    text: e.text,
    author: e.author,
    devices: e.monitored_entity_ids.map(name).join(', '),
  }));
  return { readings: readings.slice(0, MAX_ROWS), entries };
}
