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
  listProjectCalibrations,
  nextEffectiveFrom,
  updateCalibration,
  type CalibrationRow,
} from './calibration-store.ts';
import { mediaStore } from '../media/media-store.ts';
import { findDevice } from './device-store.ts';
import { historyChange, recordHistory, type Editor } from './history-store.ts';
import { NOTHING_TO_RECOMPUTE, presentRecompute } from './recompute-presenter.ts';
import { findRecompute, requestRecompute } from './recompute-store.ts';

const DATE_TAKEN = 'The instrument already has a calibration effective from this date and time';

/** The history field of a calibration in its instrument's history (ADR 0034). */
const historyField = (id: string) => `calibrations.${id}`;

/**
 * Calibrations of instruments (requirements#site-contracts): read by members, written by curators; every change is in
 * the instrument's history as `calibrations.<id>` with the old and new calibration, and asks, in the
 * same transaction, for the recomputation of the readings it covers (ADR 0040); `recompute` is then
 * told to look for it.
 */
export function calibrationService(db: Db, recompute: (projectId: string, calibrationId: string) => void = () => {}) {
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
    /** the earliest effective_from the change moves readings at (old or new), or null: none */
    from: string | null,
    /** the latest one: the covered readings end at the next calibration after it */
    upTo: string | null = from,
  ) {
    const fields = { [historyField(id)]: { old, new: next } };
    try {
      await db.transaction().execute(async (trx) => {
        await work(trx);
        const now = nowIso();
        await recordHistory(trx, [historyChange(editor, 'instrument', instrumentId, 'updated', now, fields)]);
        if (from === null) return;
        const to = await nextEffectiveFrom(trx, instrumentId, upTo!, id);
        const job = { calibrationId: id, projectId: editor.projectId, entityId: instrumentId };
        await requestRecompute(trx, job, { from, to }, now);
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw conflict(DATE_TAKEN, { effective_from: [DATE_TAKEN] });
      throw error;
    }
    if (from !== null) recompute(editor.projectId, id);
  }

  return {
    /** Several instruments' calibrations in one call: a chart marks the changes of every instrument it shows. */
    async listOfProject(projectId: string, query: ListQuery) {
      const { count, rows } = await listProjectCalibrations(db, projectId, query);
      return { count, objects: rows.map(presentCalibration) };
    },

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
      await write(
        editor,
        instrumentId,
        row.id,
        null,
        calibrationHistoryValue(row),
        (trx) => insertCalibration(trx, row),
        row.effective_from,
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
      // Notes, serial number and certificate change no value: only new factors or dates recompute.
      const moved = before.effective_from !== after.effective_from || before.factors !== after.factors;
      const [from, upTo] = [before.effective_from, after.effective_from].sort();
      await write(
        editor,
        instrumentId,
        id,
        old,
        next,
        (trx) => updateCalibration(trx, after),
        moved ? from! : null,
        upTo,
      );
      return presentCalibration(after);
    },

    /** The recomputation after the calibration's last change; a deleted calibration's stays readable. */
    async recompute(projectId: string, instrumentId: string, id: string) {
      await requireInstrument(projectId, instrumentId);
      const job = await findRecompute(db, instrumentId, id);
      if (job) return presentRecompute(job);
      if (!(await findCalibration(db, instrumentId, id))) throw notFound();
      return NOTHING_TO_RECOMPUTE;
    },

    async remove(editor: Editor, instrumentId: string, id: string) {
      const before = await requireCalibration(editor.projectId, instrumentId, id);
      await write(
        editor,
        instrumentId,
        id,
        calibrationHistoryValue(before),
        null,
        (trx) => deleteCalibration(trx, id),
        before.effective_from,
      );
    },
  };
}
