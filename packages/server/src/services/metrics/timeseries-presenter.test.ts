import { describe, expect, it } from 'vitest';
import { TimeseriesPresenter } from './timeseries-presenter.ts';

const HOUR = 3_600_000;

/** What JSON.stringify writes for the same series: the presenter must write exactly that. */
function stringified(keyName: string, series: Array<[string, Array<[number, number]>]>) {
  const data = series
    .filter(([, points]) => points.length)
    .map(([key, points]) => ({
      [keyName]: key,
      values: Object.fromEntries(points.map(([start, value]) => [new Date(start).toISOString(), value])),
    }));
  return JSON.stringify({ data });
}

describe('TimeseriesPresenter', () => {
  it('writes what JSON.stringify writes, for numbers of every kind', () => {
    const samples = [
      0,
      -0,
      1,
      -1,
      0.1,
      0.5,
      150.123,
      -17.25,
      101.3,
      2500,
      1e-6,
      1e-7,
      123456.654321,
      0.30000000000000004,
      1 / 3,
      999999999.999999,
      1e9,
      1e21,
      -1e-7,
      5e-324,
      Number.MAX_SAFE_INTEGER,
      NaN,
      Infinity,
      -Infinity,
    ];
    for (let i = 0; i < 5000; i++) {
      const places = i % 8;
      const magnitude = 10 ** ((i % 13) - 3);
      samples.push(Number(((Math.sin(i) * magnitude) as number).toFixed(places)));
      samples.push(Math.sin(i) * magnitude);
    }
    const presenter = new TimeseriesPresenter('monitored_entity', ['a', 'b']);
    const starts = samples.map((_, i) => i * HOUR);
    presenter.window(starts);
    samples.forEach((value, i) => presenter.point(i % 2, i, value));
    const expected = stringified('monitored_entity', [
      ['a', samples.flatMap((v, i): Array<[number, number]> => (i % 2 === 0 ? [[starts[i]!, v]] : []))],
      ['b', samples.flatMap((v, i): Array<[number, number]> => (i % 2 === 1 ? [[starts[i]!, v]] : []))],
    ]);
    expect(presenter.toJson().toString('utf8')).toBe(expected);
  });

  it('keeps key order, leaves out keys without values and joins windows', () => {
    const presenter = new TimeseriesPresenter('data_point_id', ['dp-1', 'dp-2', 'dp-"3"']);
    presenter.window([0, HOUR]);
    presenter.point(2, 0, 1.5);
    presenter.point(0, 1, 2);
    presenter.window([2 * HOUR, 3 * HOUR]);
    presenter.point(2, 1, 3);
    expect(JSON.parse(presenter.toJson().toString('utf8'))).toEqual({
      data: [
        { data_point_id: 'dp-1', values: { '1970-01-01T01:00:00.000Z': 2 } },
        { data_point_id: 'dp-"3"', values: { '1970-01-01T00:00:00.000Z': 1.5, '1970-01-01T03:00:00.000Z': 3 } },
      ],
    });
    expect(new TimeseriesPresenter('monitored_entity', ['x']).toJson().toString()).toBe('{"data":[]}');
  });
});
