import { describe, expect, it } from 'vitest';
import { boundsOf, interpolateGrid } from './interpolation.ts';

const points = [
  { longitude: 0, latitude: 0, value: 10 },
  { longitude: 1, latitude: 0, value: 30 },
];

describe('interpolation', () => {
  it('spans the points with a margin, even a single one', () => {
    expect(boundsOf(points)).toEqual({ west: -0.05, south: -0.0005, east: 1.05, north: 0.0005 });
    const one = boundsOf([{ longitude: 5, latitude: 5, value: 1 }])!;
    expect(one.east - one.west).toBeCloseTo(0.001, 9);
    expect(boundsOf([])).toBeNull();
  });

  it('gives the nearest value, or the inverse-distance weighted mean, at each cell centre', () => {
    const bounds = { west: 0, south: -1, east: 1, north: 1 };
    expect(interpolateGrid(points, bounds, { method: 'nearest', power: 2, width: 4, height: 1 })).toEqual([
      [10, 10, 30, 30],
    ]);
    // centres at x = 0.25 and 0.75 on the equator: weights 1/0.25² and 1/0.75²
    const [[left, right]] = interpolateGrid(points, bounds, { method: 'idw', power: 2, width: 2, height: 1 }) as [
      [number, number],
    ];
    expect(left).toBeCloseTo((10 / 0.0625 + 30 / 0.5625) / (1 / 0.0625 + 1 / 0.5625), 9);
    expect(right).toBeCloseTo((10 / 0.5625 + 30 / 0.0625) / (1 / 0.0625 + 1 / 0.5625), 9);
  });

  it('takes a point’s own value in a cell centred on it', () => {
    const bounds = { west: -0.5, south: -0.5, east: 1.5, north: 0.5 };
    expect(interpolateGrid(points, bounds, { method: 'idw', power: 2, width: 2, height: 1 })).toEqual([[10, 30]]);
  });
});
