import { describe, expect, it, vi } from 'vitest';
import {
  alignSeries,
  envelopeExtent,
  envelopePoints,
  valuePoints,
  chartValue,
  isEmpty,
  isolatedPoints,
  legendLabel,
  limitLines,
  scaleExtent,
  unitAxes,
  valueFormat,
  type ChartLimit,
  type ChartSeriesInput,
} from './chart-model.ts';

const MIN = 60_000;
const T0 = Date.UTC(2025, 0, 1);

function series(key: string, points: ChartSeriesInput['points'], unit = 'm'): ChartSeriesInput {
  return { key, label: key, unit, points };
}

/** Readings every `step` minutes from T0, one per value. */
function every(step: number, values: (number | null)[]): [number, number | null][] {
  return values.map((v, i) => [T0 + i * step * MIN, v]);
}

const seconds = (ms: number) => ms / 1000;

describe('alignSeries', () => {
  it('gives the times in seconds and one column per series', () => {
    expect(alignSeries([series('a', every(1, [1, 2, 3]))])).toEqual([
      [seconds(T0), seconds(T0 + MIN), seconds(T0 + 2 * MIN)],
      [1, 2, 3],
    ]);
  });

  it('joins two series on the sorted union of their times, leaving each line unbroken where the other has a reading', () => {
    const a = series('a', [
      [T0, 1],
      [T0 + 2 * MIN, 3],
    ]);
    const b = series('b', [
      [T0 + MIN, 20],
      [T0 + 3 * MIN, 40],
    ]);
    const [xs, ya, yb] = alignSeries([a, b]);
    expect(xs).toEqual([0, 1, 2, 3].map((i) => seconds(T0 + i * MIN)));
    expect(ya).toEqual([1, undefined, 3, undefined]);
    expect(yb).toEqual([undefined, 20, undefined, 40]);
  });

  it('sorts readings given out of order and keeps the last of a repeated time', () => {
    const [xs, ys] = alignSeries([
      series('a', [
        [T0 + MIN, 2],
        [T0, 1],
        [T0 + MIN, 5],
      ]),
    ]);
    expect(xs).toEqual([seconds(T0), seconds(T0 + MIN)]);
    expect(ys).toEqual([1, 5]);
  });

  it('plots numbers and numeric strings, breaks the line at null and leaves out invalid points (requirements#monitoring-validation)', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const points = [
      [T0, 1],
      [T0 + MIN, Number.NaN],
      [T0 + 2 * MIN, '7'],
      [T0 + 3 * MIN, null],
      [T0 + 4 * MIN, { value: 3 }],
      [T0 + 5 * MIN, 5],
    ] as const;
    const [xs, ys] = alignSeries([series('a', points)]);
    expect(xs).toEqual([0, 2, 3, 5].map((i) => seconds(T0 + i * MIN)));
    expect(ys).toEqual([1, 7, null, 5]);
    warn.mockRestore();
  });

  it('logs the invalid points of a series once, naming the series', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    alignSeries([
      series('pz-01', every(1, [1, Number.NaN, 2]).concat([[T0 + 9 * MIN, true as unknown as number]])),
      series('pz-02', every(1, [1, 2])),
    ]);
    expect(warn).toHaveBeenCalledTimes(1);
    expect(String(warn.mock.calls[0]![0])).toContain('pz-01');
    expect(String(warn.mock.calls[0]![0])).toContain('2 invalid');
    warn.mockRestore();
  });

  it('does not break bars at a long spacing: each bar stands alone', () => {
    const daily = series('rain', [...every(1440, [2, 0, 1]), [T0 + 12 * 1440 * MIN, 4]]);
    expect(alignSeries([{ ...daily, style: 'bars' }])[1]).toEqual([2, 0, 1, 4]);
    expect(alignSeries([daily])[1]).toEqual([2, 0, 1, null, 4]);
  });

  it('inserts a gap where readings are more than three times the median spacing apart', () => {
    // every 10 minutes, then a 31-minute hole (> 30), then every 10 minutes again
    const points = [...every(10, [1, 2, 3]), [T0 + 51 * MIN, 4] as const, [T0 + 61 * MIN, 5] as const];
    const [xs, ys] = alignSeries([series('a', points)]);
    expect(ys).toEqual([1, 2, 3, null, 4, 5]);
    const gapAt = xs[3]!;
    expect(gapAt).toBeGreaterThan(seconds(T0 + 20 * MIN));
    expect(gapAt).toBeLessThan(seconds(T0 + 51 * MIN));
  });

  it('does not break a line whose readings are at most three times the median spacing apart', () => {
    const points = [...every(10, [1, 2, 3]), [T0 + 50 * MIN, 4] as const];
    expect(alignSeries([series('a', points)])[1]).toEqual([1, 2, 3, 4]);
  });

  it('takes the gap threshold from the option when given', () => {
    const points = every(10, [1, 2, 3]);
    expect(alignSeries([series('a', points)], { gapMs: 5 * MIN })[1]).toEqual([1, null, 2, null, 3]);
  });

  it('judges each series by its own spacing', () => {
    const hourly = series('hourly', every(60, [1, 2, 3]));
    const minutely = series('minutely', every(1, [7, 8, 9]));
    const [, yh, ym] = alignSeries([hourly, minutely]);
    expect(yh!.filter((v) => v === null)).toHaveLength(0);
    expect(ym!.filter((v) => v === null)).toHaveLength(0);
  });

  it("stretches a gap over the other series' times inside it, so the line breaks from reading to reading", () => {
    // a: every 10 minutes up to 30, then nothing until 80; b: every 5 minutes throughout
    const a = series('a', [...every(10, [1, 2, 3, 4]), [T0 + 80 * MIN, 5] as const]);
    const b = series(
      'b',
      every(
        5,
        Array.from({ length: 17 }, (_, i) => i),
      ),
    );
    const [xs, ya] = alignSeries([a, b]);
    const at = (min: number) => ya![xs.indexOf(seconds(T0 + min * MIN))];
    expect(at(5)).toBeUndefined(); // between two readings close together: the line runs on
    expect(at(30)).toBe(4);
    expect([35, 40, 45, 50, 55, 60, 65, 70, 75].map(at)).toEqual(Array(9).fill(null));
    expect(at(80)).toBe(5);
  });

  it('gives nothing for no series', () => {
    expect(alignSeries([])).toEqual([[]]);
  });
});

describe('chartValue', () => {
  it('keeps finite numbers, parses numeric strings and takes a date as its time', () => {
    expect(chartValue(2.5)).toBe(2.5);
    expect(chartValue(-0.25)).toBe(-0.25);
    expect(chartValue(' 101.25 ')).toBe(101.25);
    expect(chartValue(new Date(T0))).toBe(T0);
  });

  it('makes a gap of null and of a string that is not a number', () => {
    expect(chartValue(null)).toBeNull();
    expect(chartValue('n/a')).toBeNull();
    expect(chartValue('')).toBeNull();
  });

  it('finds any other value invalid', () => {
    for (const value of [{}, [1], true, false, Number.NaN, Number.POSITIVE_INFINITY, new Date(Number.NaN), () => 1]) {
      expect(chartValue(value)).toBeUndefined();
    }
  });
});

describe('isolatedPoints', () => {
  it('finds readings with a gap or nothing on both sides', () => {
    expect(isolatedPoints([5, null, 1, 2, null, undefined, 3, undefined, null, 4])).toEqual([0, 6, 9]);
  });

  it('finds none in an unbroken line', () => {
    expect(isolatedPoints([1, undefined, 2, 3])).toEqual([]);
  });
});

describe('isEmpty', () => {
  it('is empty when no series has a finite value', () => {
    expect(isEmpty([])).toBe(true);
    expect(isEmpty([series('a', []), series('b', every(1, [null, Number.NaN]))])).toBe(true);
  });

  it('is not empty with one finite value', () => {
    expect(isEmpty([series('a', []), series('b', every(1, [null, 0]))])).toBe(false);
  });
});

describe('legendLabel', () => {
  it('names the unit after the label', () => {
    expect(legendLabel({ label: 'Piezometric level', unit: 'm' })).toBe('Piezometric level (m)');
    expect(legendLabel({ label: 'Count', unit: '' })).toBe('Count');
  });
});

describe('unitAxes', () => {
  it('puts the first unit on the left, the second on the right and a third on an unseen scale of its own', () => {
    const axes = unitAxes([{ unit: 'm' }, { unit: 'kPa' }, { unit: 'm' }, { unit: '°C' }]);
    expect(axes).toEqual([
      { unit: 'm', scale: 'u0', side: 'left' },
      { unit: 'kPa', scale: 'u1', side: 'right' },
      { unit: '°C', scale: 'u2', side: 'none' },
    ]);
  });
});

describe('limitLines', () => {
  const axes = unitAxes([{ unit: 'm' }, { unit: 'kPa' }]);
  const limit = (over: Partial<ChartLimit>): ChartLimit => ({
    level: 'critical',
    bound: 'upper',
    value: 105.2,
    unit: 'm',
    ...over,
  });

  it('draws each level in the colour of requirements#monitoring-constants', () => {
    const lines = limitLines(
      [limit({ level: 'critical' }), limit({ level: 'warning' }), limit({ level: 'invalid' })],
      axes,
    );
    expect(lines.map((l) => l.colour)).toEqual(['#D0021B', '#F5A623', '#4A90E2']);
  });

  it('dashes lower bounds and draws upper bounds solid', () => {
    const [upper, lower] = limitLines([limit({ bound: 'upper' }), limit({ bound: 'lower' })], axes);
    expect(upper!.dash).toEqual([]);
    expect(lower!.dash.length).toBeGreaterThan(0);
  });

  it('attaches a limit to the scale of its unit, an unknown unit to the first', () => {
    const lines = limitLines([limit({ unit: 'kPa' }), limit({ unit: 'm' }), limit({ unit: 'mm' })], axes);
    expect(lines.map((l) => l.scale)).toEqual(['u1', 'u0', 'u0']);
  });

  it('labels a line with its words and its value', () => {
    const format = valueFormat('en-US');
    expect(limitLines([limit({ label: 'critical upper' })], axes, format)[0]!.text).toBe('critical upper 105.2 m');
    expect(limitLines([limit({})], axes, format)[0]!.text).toBe('105.2 m');
  });

  it('leaves out a limit without a finite value', () => {
    expect(limitLines([limit({ value: Number.NaN })], axes)).toEqual([]);
  });
});

describe('scaleExtent', () => {
  it('includes a limit lying within half the data span beyond the data', () => {
    // data 100..110 (span 10): limits up to 115 and down to 95 count
    expect(scaleExtent(100, 110, [114])).toEqual([100, 114]);
    expect(scaleExtent(100, 110, [95])).toEqual([95, 110]);
  });

  it('ignores a limit further away, so that the data is not flattened', () => {
    expect(scaleExtent(100, 110, [116, 80])).toEqual([100, 110]);
  });

  it('includes limits inside the data range without changing it', () => {
    expect(scaleExtent(100, 110, [105])).toEqual([100, 110]);
  });

  it('measures the reach of flat data from its magnitude', () => {
    // flat at 100: span taken as 10, so a limit up to 105 counts
    expect(scaleExtent(100, 100, [104])).toEqual([100, 104]);
    expect(scaleExtent(0, 0, [0.4])).toEqual([0, 0.4]);
  });

  it('centres flat data in a band a tenth of its value wide', () => {
    expect(scaleExtent(100, 100, [106])).toEqual([95, 105]);
    expect(scaleExtent(1136.5, 1136.5, [])).toEqual([1079.675, 1193.325]);
    expect(scaleExtent(0, 0, [])).toEqual([-0.5, 0.5]);
  });

  it('spans the limits when there is no data, and is unknown with neither', () => {
    expect(scaleExtent(null, null, [90, 120])).toEqual([90, 120]);
    expect(scaleExtent(Infinity, -Infinity, [])).toBeNull();
  });
});

describe('envelopes', () => {
  it("reads an answer's envelope and counts as points, oldest first", () => {
    expect(
      envelopePoints({
        envelope: { '2026-11-20T01:00:00Z': [1, 9], '2026-11-20T00:00:00Z': [2, 3] },
        counts: { '2026-11-20T01:00:00Z': 7, '2026-11-20T00:00:00Z': 1 },
      }),
    ).toEqual([
      [Date.parse('2026-11-20T00:00:00Z'), 2, 3, 1],
      [Date.parse('2026-11-20T01:00:00Z'), 1, 9, 7],
    ]);
    expect(envelopePoints({})).toEqual([]);
  });

  it("reads an answer's values as points, oldest first, in time order whatever the order of its keys", () => {
    const hours = ['2026-11-20T02:00:00.000Z', '2026-11-20T00:00:00.000Z', '2026-11-20T01:00:00.000Z'];
    expect(valuePoints({ [hours[0]!]: 3, [hours[1]!]: -0.5, [hours[2]!]: 1e-7 })).toEqual([
      [Date.parse(hours[1]!), -0.5],
      [Date.parse(hours[2]!), 1e-7],
      [Date.parse(hours[0]!), 3],
    ]);
    // the same bucket starts read again (another series of the page) give the same times
    expect(valuePoints({ [hours[1]!]: 4 })).toEqual([[Date.parse(hours[1]!), 4]]);
    expect(valuePoints({})).toEqual([]);
  });

  it('gives the extent of the envelopes of one scale within a time range', () => {
    const envelopes = [
      {
        scale: 'u0',
        points: [
          [0, 5, 10, 3],
          [1000, 4, 26.26, 3],
          [2000, 5, 6, 1],
        ] as const,
      },
      { scale: 'u1', points: [[1000, -100, 900, 2]] as const },
    ];
    expect(envelopeExtent(envelopes, 'u0', 0, 2000)).toEqual([4, 26.26]);
    expect(envelopeExtent(envelopes, 'u0', 1500, 2000)).toEqual([5, 6]);
    expect(envelopeExtent(envelopes, 'u0', 3000, 4000)).toBeNull();
  });
});
