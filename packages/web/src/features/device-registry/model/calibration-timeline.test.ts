import type { Calibration } from '@vigil/domain';
import { describe, expect, it } from 'vitest';
import { calibrationTimeline } from './calibration-timeline.ts';

const calibration = (id: string, effective_from: string): Calibration => ({
  id,
  monitored_entity_id: 'pz-1',
  effective_from,
  factors: { R0: 1 },
  serial_number: '',
  certificate_file_id: null,
  notes: '',
  created_at: effective_from,
  created_by: 'admin',
});

describe('the calibrations timeline', () => {
  const now = new Date('2026-11-30T12:00:00Z');
  const list = [
    calibration('factory', '2026-01-10T00:00:00Z'),
    calibration('future', '2026-12-15T00:00:00Z'),
    calibration('rezero', '2026-11-23T06:30:00Z'),
  ];

  it('lists the newest first, marks the latest already begun as in effect and later ones as scheduled', () => {
    expect(calibrationTimeline(list, now).map((e) => [e.calibration.id, e.standing])).toEqual([
      ['future', 'scheduled'],
      ['rezero', 'inEffect'],
      ['factory', 'superseded'],
    ]);
  });

  it('has a calibration in effect from its very instant, and none before the first', () => {
    const at = new Date('2026-11-23T06:30:00Z');
    expect(calibrationTimeline(list, at).find((e) => e.standing === 'inEffect')?.calibration.id).toBe('rezero');
    const before = new Date('2025-12-31T00:00:00Z');
    expect(calibrationTimeline(list, before).map((e) => e.standing)).toEqual(['scheduled', 'scheduled', 'scheduled']);
  });
});
