import type { Calibration } from '@vigil/domain';
import { fromJson } from '../../db/values.ts';
import type { CalibrationRow } from './calibration-store.ts';

/** A calibration as the API shows it (requirements#site-contracts). */
export const presentCalibration = (row: CalibrationRow): Calibration => ({
  id: row.id,
  monitored_entity_id: row.entity_id,
  effective_from: row.effective_from,
  factors: fromJson<Record<string, number>>(row.factors, {}),
  serial_number: row.serial_number,
  certificate_file_id: row.certificate_file_id,
  notes: row.notes,
  created_at: row.created_at,
  created_by: row.created_by,
});

/** What the device's history keeps of a calibration: its fields a user sets. */
export const calibrationHistoryValue = (row: CalibrationRow) => {
  const { id: _id, monitored_entity_id: _of, created_at: _at, created_by: _by, ...values } = presentCalibration(row);
  return values;
};
