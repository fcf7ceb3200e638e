import type { InclinometerDatum } from '@vigil/domain';
import type { DatumRow } from './datum-store.ts';

/** A datum as the API shows it (ADR 0041). */
export const presentDatum = (row: DatumRow): InclinometerDatum => ({
  id: row.id,
  datum_at: row.datum_at,
  set_at: row.set_at,
  set_by: row.set_by,
  notes: row.notes,
});

/** What the device's history keeps of a datum: the fields a user sets. */
export const datumHistoryValue = (row: DatumRow | undefined) =>
  row ? { datum_at: row.datum_at, notes: row.notes } : null;
