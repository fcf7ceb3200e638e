import { isCurator, type ManualReading, type ManualReadingCorrectionBody } from '@vigil/domain';
import type { Selectable } from 'kysely';
import type { ManualReadingsTable } from '../../db/schema.ts';
import { fromJson } from '../../db/values.ts';
import type { ProjectActor } from '../../http/auth-hook.ts';
import { forbidden, notFound } from '../../http/errors.ts';
import {
  findEntityEid,
  findManualReading,
  findManualReadingHistory,
  listManualReadings,
} from './manual-reading-store.ts';
import { ingestPayloads, type IngestHost } from './pipeline.ts';

type ManualRow = Selectable<ManualReadingsTable>;

const presentManualReading = (row: ManualRow): ManualReading => ({
  id: row.id,
  data_session: row.data_session_id,
  monitored_entity_id: row.entity_id,
  data_point_id: row.data_point_id || null,
  read_at: row.read_at,
  raw_metrics: fromJson(row.raw_metrics, {}),
  entered_by: row.entered_by,
  entered_at: row.entered_at,
  corrected_by: row.corrected_by,
  corrected_at: row.corrected_at,
});

/** Manual readings as entered, their corrections and history (ADR 0027); the values live in readings. */
export function manualReadingService(app: IngestHost) {
  const { db } = app;

  async function requireReading(projectId: string, id: string): Promise<ManualRow> {
    const row = await findManualReading(db, projectId, id);
    if (!row) throw notFound('Manual reading not found');
    return row;
  }

  return {
    /** A data session's readings (or a device's), in the order they were read. */
    async list(projectId: string, filter: { data_session?: string; monitored_entity_id?: string }) {
      const rows = await listManualReadings(db, projectId, filter);
      return { objects: rows.map(presentManualReading) };
    },

    async get(projectId: string, id: string) {
      return presentManualReading(await requireReading(projectId, id));
    },

    /**
     * Corrects a manual reading: its author, or an administrator or manager (ADR 0006). The values
     * go through the pipeline again (checked, derived, stored over the old, evaluated); the old ones
     * stay in the history.
     */
    async correct(actor: ProjectActor, id: string, body: ManualReadingCorrectionBody) {
      const row = await requireReading(actor.projectId, id);
      if (!isCurator(actor.activeRole?.name) && row.entered_by !== actor.username) throw forbidden();
      const eid = await findEntityEid(db, row.entity_id);
      await ingestPayloads(
        app,
        actor.projectId,
        {
          eid,
          read_at: row.read_at,
          raw_metrics: body.raw_metrics,
          ...(row.data_point_id ? { data_point_id: row.data_point_id } : {}),
        },
        'http',
        { correction: { readingId: row.id, by: actor.username, reason: body.reason } },
      );
      return presentManualReading(await requireReading(actor.projectId, id));
    },

    async history(projectId: string, id: string) {
      await requireReading(projectId, id);
      const rows = await findManualReadingHistory(db, id);
      return {
        objects: rows.map((r) => ({
          id: r.id,
          action: r.action,
          at: r.at,
          user: r.user_name,
          raw_metrics: fromJson<Record<string, number>>(r.raw_metrics, {}),
          reason: r.reason,
        })),
      };
    },
  };
}
