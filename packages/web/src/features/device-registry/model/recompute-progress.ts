import type { CalibrationRecompute } from '@vigil/domain';

/** A recomputation as a progress bar shows it: ended or not, and the share done (0–100). */
export function recomputeProgress(recompute: CalibrationRecompute) {
  const ended = recompute.status === 'done' || recompute.status === 'failed';
  const total = recompute.readings_total;
  // Nothing to recompute is done at once; before the total is known the bar runs without a figure.
  const percent = total > 0 ? Math.min(100, (recompute.readings_done / total) * 100) : ended ? 100 : null;
  return { ended, failed: recompute.status === 'failed', percent };
}
