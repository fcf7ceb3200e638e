import type { CalibrationRecompute } from '@vigil/domain';
import type { RecomputeRow } from './recompute-store.ts';

/** A calibration's recomputation as `GET …/calibrations/{cal}/recompute` answers it (requirements#site-contracts). */
export const presentRecompute = (row: RecomputeRow): CalibrationRecompute => ({
  status: row.status,
  readings_total: row.readings_total,
  readings_done: Math.min(row.readings_done, row.readings_total),
});

/** A calibration no change of which has asked for a recomputation (added before ADR 0040). */
export const NOTHING_TO_RECOMPUTE: CalibrationRecompute = { status: 'done', readings_total: 0, readings_done: 0 };
