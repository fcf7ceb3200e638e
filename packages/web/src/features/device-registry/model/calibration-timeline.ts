import type { Calibration } from '@vigil/domain';

/** Where a calibration stands at a moment: the one readings use now, one due later, or one replaced. */
export type CalibrationStanding = 'inEffect' | 'scheduled' | 'superseded';

export interface TimelineEntry {
  calibration: Calibration;
  standing: CalibrationStanding;
}

/**
 * An instrument's calibrations newest first, each with its standing at `now`: the latest that took
 * effect at or before `now` is in effect (as formulas choose, ADR 0038), later ones are scheduled.
 */
export function calibrationTimeline(calibrations: readonly Calibration[], now: Date): TimelineEntry[] {
  const sorted = [...calibrations].sort((a, b) => Date.parse(b.effective_from) - Date.parse(a.effective_from));
  const inEffect = sorted.find((c) => Date.parse(c.effective_from) <= now.getTime());
  return sorted.map((calibration) => ({
    calibration,
    standing:
      calibration === inEffect
        ? 'inEffect'
        : Date.parse(calibration.effective_from) > now.getTime()
          ? 'scheduled'
          : 'superseded',
  }));
}
