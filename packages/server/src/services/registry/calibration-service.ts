import type { CalibrationCreate, CalibrationPatchBody } from '@vigil/domain';
import type { Db } from '../../db/connection.ts';
import { isUniqueViolation, newId, nowIso, toJson } from '../../db/values.ts';
import { conflict, notFound, validationError } from '../../http/errors.ts';
import type { ListQuery } from '../../http/list-query.ts';
import { calibrationHistoryValue, presentCalibration } from './calibration-presenter.ts';
import {
  deleteCalibration,
  findCalibration,
  insertCalibration,
  listCalibrations,
  updateCalibration,
  type CalibrationRow,
} from './calibration-store.ts';
import { mediaStore } from '../media/media-store.ts';
import { findDevice } from './device-store.ts';
import { historyChange, recordHistory, type Editor } from './history-store.ts';

const DATE_TAKEN = 'The instrument already has a calibration effective from this date and time';

/** The history field of a calibration in its instrument's history (ADR 0034). */
const historyField = (id: string) => `calibrations.${id}`;

/**
 * Calibrations of instruments (DESIGN §3.2): read by members, written by curators; every change is in
 * the instrument's history as `calibrations.<id>` with the old and new calibration.
 */
export function calibrationService(db: Db) {
  const media = mediaStore(db);

  async function requireInstrument(projectId: string, instrumentId: string) {
    if (!(await findDevice(db, projectId, instrumentId, 'instrument'))) throw notFound();
  }

  async function requireCalibration(projectId: string, instrumentId: string, id: string) {
    await requireInstrument(projectId, instrumentId);
    const row = await findCalibration(db, instrumentId, id);
    if (!row) throw notFound();
    return row;
  }

  /** 400 for a certificate that is not an uploaded file of the project. */
  async function checkCertificate(projectId: string, row: CalibrationRow) {
    const certificate = row.certificate_file_id ? await media.find(projectId, row.certificate_file_id) : undefined;
    if (row.certificate_file_id && !certificate?.is_uploaded)
      throw validationError('Invalid calibration', { certificate_file_id: ['No uploaded media file with this id'] });
  }

  /**
   * Writes with the instrument's history in one transaction; the unique (instrument, effective_from)
   * index refuses a second calibration at the same instant, as a 409 whichever write came first.
   */
  async function write(
    editor: Editor,
    instrumentId: string,
    id: string,
    old: unknown,
    next: unknown,
    work: (trx: Db) => Promise<void>,
  ) {
    const fields = { [historyField(id)]: { old, new: next } };
    try {
      await db.transaction().execute(async (trx) => {
        await work(trx);
        await recordHistory(trx, [historyChange(editor, 'instrument', instrumentId, 'updated', nowIso(), fields)]);
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw conflict(DATE_TAKEN, { effective_from: [DATE_TAKEN] });
      throw error;
    }
  }

  return {
    async list(projectId: string, instrumentId: string, query: ListQuery) {
      await requireInstrument(projectId, instrumentId);
      const { count, rows } = await listCalibrations(db, instrumentId, query);
      return { count, objects: rows.map(presentCalibration) };
    },

    async create(editor: Editor, instrumentId: string, body: CalibrationCreate) {
      await requireInstrument(editor.projectId, instrumentId);
      const row: CalibrationRow = {
        id: newId(),
        project_id: editor.projectId,
        entity_id: instrumentId,
        effective_from: new Date(body.effective_from).toISOString(),
        factors: toJson(body.factors),
        serial_number: body.serial_number,
        certificate_file_id: body.certificate_file_id,
        notes: body.notes,
        created_at: nowIso(),
        created_by: editor.username,
      };
      await checkCertificate(editor.projectId, row);
      await write(editor, instrumentId, row.id, null, calibrationHistoryValue(row), (trx) =>
        insertCalibration(trx, row),
      );
      return presentCalibration(row);
    },

    /** Changes the fields sent; `factors` replaces the whole set. */
    async update(editor: Editor, instrumentId: string, id: string, body: CalibrationPatchBody) {
      const before = await requireCalibration(editor.projectId, instrumentId, id);
      const after: CalibrationRow = {
        ...before,
        effective_from: body.effective_from ? new Date(body.effective_from).toISOString() : before.effective_from,
        factors: body.factors ? toJson(body.factors) : before.factors,
        serial_number: body.serial_number ?? before.serial_number,
        certificate_file_id:
          body.certificate_file_id === undefined ? before.certificate_file_id : body.certificate_file_id,
        notes: body.notes ?? before.notes,
      };
      const [old, next] = [calibrationHistoryValue(before), calibrationHistoryValue(after)];
      if (JSON.stringify(old) === JSON.stringify(next)) return presentCalibration(before);
      await checkCertificate(editor.projectId, after);
      await write(editor, instrumentId, id, old, next, (trx) => updateCalibration(trx, after));
      return presentCalibration(after);
    },

    async remove(editor: Editor, instrumentId: string, id: string) {
      const before = await requireCalibration(editor.projectId, instrumentId, id);
      await write(editor, instrumentId, id, calibrationHistoryValue(before), null, (trx) => deleteCalibration(trx, id));
    },
  };
}
