import type { InclinometerDatumCreate, ReadingSetQuery } from '@vigil/domain';
import type { Db } from '../../db/connection.ts';
import { newId } from '../../db/values.ts';
import { notFound, validationError } from '../../http/errors.ts';
import type { ListQuery } from '../../http/list-query.ts';
import { datumHistoryValue, presentDatum } from './datum-presenter.ts';
import {
  datumInEffect,
  hasReadingSet,
  insertDatum,
  listDatums,
  listReadingSets,
  type DatumRow,
} from './datum-store.ts';
import { findDevice } from './device-store.ts';
import { historyChange, recordHistory, type Editor } from './history-store.ts';

const NO_READING_SET = 'The instrument has no readings at this date and time: a datum must be one of its reading sets';

/** A set_at after `previous` by at least a millisecond, so that the newest datum is always the last set. */
function nextSetAt(previous: string | undefined): string {
  const now = Date.now();
  const after = previous ? Date.parse(previous) + 1 : now;
  return new Date(Math.max(now, after)).toISOString();
}

/**
 * Inclinometer datums (ADR 0041): read by members, set by curators. A new datum never overwrites an
 * earlier one; each is in the instrument's history as the field `datum`, old and new in effect.
 */
export function datumService(db: Db) {
  async function requireInstrument(projectId: string, instrumentId: string) {
    if (!(await findDevice(db, projectId, instrumentId, 'instrument'))) throw notFound();
  }

  return {
    async list(projectId: string, instrumentId: string, query: ListQuery) {
      await requireInstrument(projectId, instrumentId);
      const { count, rows } = await listDatums(db, instrumentId, query);
      return { count, objects: rows.map(presentDatum) };
    },

    async create(editor: Editor, instrumentId: string, body: InclinometerDatumCreate) {
      await requireInstrument(editor.projectId, instrumentId);
      const datumAt = new Date(body.datum_at).toISOString();
      if (!(await hasReadingSet(db, instrumentId, datumAt)))
        throw validationError(NO_READING_SET, { datum_at: [NO_READING_SET] });
      return db.transaction().execute(async (trx) => {
        const before = await datumInEffect(trx, instrumentId);
        const row: DatumRow = {
          id: newId(),
          project_id: editor.projectId,
          entity_id: instrumentId,
          datum_at: datumAt,
          set_at: nextSetAt(before?.set_at),
          set_by: editor.username,
          notes: body.notes,
        };
        await insertDatum(trx, row);
        const fields = { datum: { old: datumHistoryValue(before), new: datumHistoryValue(row) } };
        await recordHistory(trx, [historyChange(editor, 'instrument', instrumentId, 'updated', row.set_at, fields)]);
        return presentDatum(row);
      });
    },

    /** The instrument's reading sets in a time range, newest first: what a datum may be set to. */
    async readingSets(projectId: string, instrumentId: string, range: ReadingSetQuery) {
      await requireInstrument(projectId, instrumentId);
      const [from, to] = [new Date(range.from_time).toISOString(), new Date(range.to_time).toISOString()];
      return listReadingSets(db, instrumentId, from, to);
    },
  };
}
