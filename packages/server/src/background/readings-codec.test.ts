import { describe, expect, it } from 'vitest';
import type { BusEvents } from '../bus/bus.ts';
import { decodeReadings, encodeReadings } from './readings-codec.ts';

const metrics = (raw: Record<string, number>, invalid: Record<string, number> = {}) => ({
  raw_metrics: raw,
  calculated_metrics: { piezometric_level: 1136.123456789 },
  context_metrics: { tip_elevation: 1120.5 },
  invalid_metrics: invalid,
});

describe('readings passed to the background worker', () => {
  it('arrive exactly as stored: ids, data points, times and every value of every group', () => {
    const event: BusEvents['readings.stored'] = {
      projectId: 'p1',
      backlogId: 42,
      readings: [
        {
          entityId: 'e1',
          dataPointId: '',
          readAt: '2026-11-21T10:00:00.000Z',
          t: Date.parse('2026-11-21T10:00:00.000Z'),
          receivedAt: '2026-11-21T10:00:01.250Z',
          metrics: metrics({ pressure: 158.4, temperature: -3.25 }),
        },
        {
          entityId: 'e2',
          dataPointId: 'dp-7',
          readAt: '2026-11-21T10:00:00.123Z',
          t: Date.parse('2026-11-21T10:00:00.123Z'),
          receivedAt: '2026-11-21T10:00:01.250Z',
          metrics: metrics({ pressure: 0 }, { temperature: 999 }),
        },
        {
          entityId: 'e1',
          dataPointId: '',
          readAt: '2026-11-21T10:05:00.000Z',
          t: Date.parse('2026-11-21T10:05:00.000Z'),
          receivedAt: '2026-11-21T10:05:00.900Z',
          metrics: { raw_metrics: {}, calculated_metrics: {}, context_metrics: {}, invalid_metrics: {} },
        },
      ],
    };
    const encoded = encodeReadings(event);
    expect(encoded.numbers).toBeInstanceOf(Float64Array);
    expect(decodeReadings(structuredClone(encoded))).toEqual(event);
  });

  it('passes an empty batch', () => {
    expect(decodeReadings(encodeReadings({ projectId: 'p1', readings: [] }))).toEqual({
      projectId: 'p1',
      readings: [],
    });
  });
});
