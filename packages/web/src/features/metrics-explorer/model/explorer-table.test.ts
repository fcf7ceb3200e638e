import type { TimeseriesResult } from '@vigil/domain';
import { describe, expect, it } from 'vitest';
import { aggregationRows } from '../../../components/aggregation-table/aggregation-rows.ts';
import { chartSeries, columnHeading, explorerExport, windowGapMs } from './explorer-table.ts';

const COLUMNS = [
  { key: 'pz-1', label: 'PZ-01 Crest', unit: 'kPa', decimals: 1 },
  { key: 'pz-2', label: 'PZ-02 Toe', unit: 'kPa', decimals: 1 },
];
const RESULT: TimeseriesResult = {
  data: [
    { monitored_entity: 'pz-1', values: { '2026-11-02T00:00:00.000Z': 101.25, '2026-11-09T00:00:00.000Z': 103 } },
    { monitored_entity: 'pz-2', values: { '2026-11-09T00:00:00.000Z': 99.5, '2026-11-16T00:00:00.000Z': 98 } },
  ],
};
const ROWS = aggregationRows(
  RESULT,
  COLUMNS.map((c) => c.key),
);
const weekOf = (date: string) => `Week of ${date}`;

describe('the explorer’s table of a timeseries result', () => {
  it('has one row per window start, newest first, and an empty cell where a device had no reading', () => {
    expect(ROWS.map((r) => [new Date(r.start).toISOString(), r.values])).toEqual([
      ['2026-11-16T00:00:00.000Z', [null, 98]],
      ['2026-11-09T00:00:00.000Z', [103, 99.5]],
      ['2026-11-02T00:00:00.000Z', [101.25, null]],
    ]);
  });

  it('heads each device column with its unit', () => {
    expect(columnHeading(COLUMNS[0]!)).toBe('PZ-01 Crest (kPa)');
    expect(columnHeading({ label: 'Count', unit: '' })).toBe('Count');
  });

  it('exports the rows with the windows named and the values unrounded', () => {
    const settings = explorerExport(COLUMNS, ROWS, {
      title: 'Pore water pressure · Maximum · Weekly',
      windowHeading: 'Window',
      window: 'week',
      locale: 'en-GB',
      weekOf,
      meta: [{ name: 'Project', content: 'Cerro Azul' }],
    });
    expect(settings.fileName).toBe('Pore water pressure · Maximum · Weekly');
    expect(settings.meta).toEqual([{ name: 'Project', content: 'Cerro Azul' }]);
    expect(settings.data[0]!.rows).toEqual([
      ['Window', 'PZ-01 Crest (kPa)', 'PZ-02 Toe (kPa)'],
      ['Week of 16 Nov 2026', null, 98],
      ['Week of 9 Nov 2026', 103, 99.5],
      ['Week of 2 Nov 2026', 101.25, null],
    ]);
  });

  it('names day, month and hour windows by their dates', () => {
    const day = explorerExport(COLUMNS, ROWS.slice(0, 1), {
      title: 't',
      windowHeading: 'Window',
      window: 'day',
      locale: 'en-GB',
      weekOf,
      meta: [],
    });
    expect(day.data[0]!.rows[1]![0]).toBe('16 Nov 2026');
    const month = explorerExport(COLUMNS, ROWS.slice(2), {
      title: 't',
      windowHeading: 'Window',
      window: 'month',
      locale: 'en-GB',
      weekOf,
      meta: [],
    });
    expect(month.data[0]!.rows[1]![0]).toBe('November 2026');
  });
});

describe('the explorer’s chart', () => {
  it('draws one line per device, oldest window first, through the windows it has a value in', () => {
    expect(chartSeries(COLUMNS, ROWS)).toEqual([
      {
        key: 'pz-1',
        label: 'PZ-01 Crest',
        unit: 'kPa',
        points: [
          [Date.parse('2026-11-02T00:00:00Z'), 101.25],
          [Date.parse('2026-11-09T00:00:00Z'), 103],
        ],
      },
      {
        key: 'pz-2',
        label: 'PZ-02 Toe',
        unit: 'kPa',
        points: [
          [Date.parse('2026-11-09T00:00:00Z'), 99.5],
          [Date.parse('2026-11-16T00:00:00Z'), 98],
        ],
      },
    ]);
  });

  it('breaks a line where a whole window has no reading', () => {
    expect(windowGapMs('day')).toBe(1.5 * 86_400_000);
    expect(windowGapMs('week')).toBeGreaterThan(7 * 86_400_000);
    expect(windowGapMs('week')).toBeLessThan(14 * 86_400_000);
    expect(windowGapMs('month')).toBeGreaterThan(31 * 86_400_000);
    expect(windowGapMs('month')).toBeLessThan(59 * 86_400_000);
  });
});
