import type { TimeseriesResult } from '@vigil/domain';
import { describe, expect, it } from 'vitest';
import { aggregationRows, windowLabel } from './aggregation-rows.ts';

const result: TimeseriesResult = {
  data: [
    { monitored_entity: 'pz-2', values: { '2026-11-02T00:00:00.000Z': 12.5, '2026-11-03T00:00:00.000Z': 12.75 } },
    { monitored_entity: 'pz-1', values: { '2026-11-01T00:00:00.000Z': 1, '2026-11-03T00:00:00.000Z': 3 } },
    { monitored_entity: 'other', values: { '2026-10-01T00:00:00.000Z': 9 } },
  ],
};

describe('the rows of an aggregation table', () => {
  it('has one row per window, newest first, with each column its value or null', () => {
    expect(aggregationRows(result, ['pz-1', 'pz-2'])).toEqual([
      { start: Date.parse('2026-11-03T00:00:00Z'), values: [3, 12.75] },
      { start: Date.parse('2026-11-02T00:00:00Z'), values: [null, 12.5] },
      { start: Date.parse('2026-11-01T00:00:00Z'), values: [1, null] },
    ]);
  });

  it('has no rows before an answer', () => {
    expect(aggregationRows(undefined, ['pz-1'])).toEqual([]);
  });

  it('reads data point series when the call grouped by data point', () => {
    const byPoint = { data: [{ data_point_id: 'n1', values: { '2026-11-01T00:00:00.000Z': 4 } }] };
    expect(aggregationRows(byPoint, ['n1'], 'data_point_id')).toEqual([
      { start: Date.parse('2026-11-01T00:00:00Z'), values: [4] },
    ]);
  });
});

describe('the name of a window', () => {
  const weekOf = (date: string) => `Week of ${date}`;
  const start = Date.parse('2026-11-02T00:00:00Z');
  it('names UTC days, weeks and months by their UTC date whatever the viewer’s zone', () => {
    expect(windowLabel(start, 'day', 'en-GB', weekOf)).toBe('2 Nov 2026');
    expect(windowLabel(start, 'week', 'en-GB', weekOf)).toBe('Week of 2 Nov 2026');
    expect(windowLabel(Date.parse('2026-11-01T00:00:00Z'), 'month', 'en-GB', weekOf)).toBe('November 2026');
  });
  it('names an hour with its time', () => {
    expect(windowLabel(start, 'hour', 'en-GB', weekOf)).toMatch(/2 Nov 2026.*\d{2}:\d{2}/);
  });
});
