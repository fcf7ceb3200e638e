import { HEATMAP_COLOURS, heatmapBody } from '@vigil/domain';
import { describe, expect, it } from 'vitest';
import { heatmapProjection, pointAt, sampleGrid, surfacePixels } from './heatmap-geometry.ts';
import { HEATMAP_GRID, heatmapRequest } from './heatmap-request.ts';
import { classIndexOf, heatmapClasses, rgbOf } from './heatmap-scale.ts';

describe('heatmap classes', () => {
  it('splits the value range into five classes of equal width in the five colours, low to high', () => {
    const classes = heatmapClasses([10, 35, 60]);
    expect(classes.map((c) => [c.from, c.to])).toEqual([
      [10, 20],
      [20, 30],
      [30, 40],
      [40, 50],
      [50, 60],
    ]);
    expect(classes.map((c) => c.colour)).toEqual([...HEATMAP_COLOURS]);
    expect(HEATMAP_COLOURS).toHaveLength(5);
  });

  it('puts each value in its class, the top value in the last one', () => {
    const classes = heatmapClasses([0, 100]);
    expect([0, 19.9, 20, 55, 100, 120, -5].map((v) => classIndexOf(classes, v))).toEqual([0, 0, 1, 2, 4, 4, 0]);
  });

  it('gives values all alike a range around them (5 % each side), and none without values', () => {
    const classes = heatmapClasses([200, 200]);
    expect(classes[0]!.from).toBe(190);
    expect(classes[4]!.to).toBe(210);
    expect(classIndexOf(classes, 200)).toBe(2);
    expect(heatmapClasses([])).toEqual([]);
  });

  it('reads #rrggbb colours', () => {
    expect(rgbOf('#2c7bb6')).toEqual([0x2c, 0x7b, 0xb6]);
  });
});

describe('heatmap projection', () => {
  it('keeps the aspect of the site: a degree of longitude at 60° is half as wide as a degree of latitude', () => {
    const points = [
      { longitude: 10, latitude: 60 },
      { longitude: 12, latitude: 61 },
    ];
    // 2° of longitude × cos 60.5° ≈ 0.985 wide, 1° high: on a wide canvas the height decides the scale.
    const p = heatmapProjection(points, null, 1000, 100, 0)!;
    const [x0, y0] = p.toPixel(10, 60);
    const [x1, y1] = p.toPixel(12, 61);
    expect(y0 - y1).toBeCloseTo(100, 6);
    expect((x1 - x0) / (y0 - y1)).toBeCloseTo(2 * Math.cos((60.5 * Math.PI) / 180), 6);
    // centred
    expect((x0 + x1) / 2).toBeCloseTo(500, 6);
  });

  it('maps pixels back to the coordinates they came from', () => {
    const p = heatmapProjection([{ longitude: -1.08, latitude: 53.9 }], null, 300, 200, 10)!;
    const [x, y] = p.toPixel(-1.0801, 53.9002);
    const [lon, lat] = p.toLonLat(x, y);
    expect(lon).toBeCloseTo(-1.0801, 9);
    expect(lat).toBeCloseTo(53.9002, 9);
  });

  it('has nothing to fit without devices', () => {
    expect(heatmapProjection([], null, 300, 200, 10)).toBeNull();
  });
});

describe('sampling the grid', () => {
  const bounds = { west: 0, east: 2, south: 0, north: 2 };
  // rows north to south: the north row is 10, 20, the south row 30, 40
  const grid = {
    width: 2,
    height: 2,
    values: [
      [10, 20],
      [30, 40],
    ],
  };

  it('takes a cell’s value at its centre and blends between centres', () => {
    expect(sampleGrid(grid, bounds, 0.5, 1.5)).toBe(10);
    expect(sampleGrid(grid, bounds, 1.5, 0.5)).toBe(40);
    expect(sampleGrid(grid, bounds, 1, 1)).toBe(25);
    expect(sampleGrid(grid, bounds, 1, 1.5)).toBe(15);
  });

  it('is empty outside the bounds', () => {
    expect(sampleGrid(grid, bounds, 3, 1)).toBeNull();
    expect(sampleGrid({ width: 0, height: 0, values: [] }, bounds, 1, 1)).toBeNull();
  });

  it('colours the surface pixels by class and leaves the outside transparent', () => {
    const projection = heatmapProjection([], bounds, 4, 4, 0)!;
    const classes = heatmapClasses([10, 40]);
    const pixels = surfacePixels(grid, bounds, classes, projection, 4, 4);
    // top-left pixel: value 10, the lowest class
    expect([...pixels.slice(0, 3)]).toEqual(rgbOf(HEATMAP_COLOURS[0]));
    // bottom-right pixel: value 40, the highest class
    expect([...pixels.slice(15 * 4, 15 * 4 + 3)]).toEqual(rgbOf(HEATMAP_COLOURS[4]));
    expect(pixels[3]).toBeGreaterThan(0);
    const wide = heatmapProjection([], bounds, 8, 4, 0)!;
    expect(surfacePixels(grid, bounds, classes, wide, 8, 4)[3]).toBe(0);
  });
});

describe('finding the device under the pointer', () => {
  it('takes the nearest device within reach, none beyond it', () => {
    const points = [
      { id: 'a', longitude: 0, latitude: 0 },
      { id: 'b', longitude: 1, latitude: 0 },
    ];
    const p = heatmapProjection(points, null, 110, 110, 5)!;
    const [bx, by] = p.toPixel(1, 0);
    expect(pointAt(points, p, bx - 3, by, 8)?.id).toBe('b');
    expect(pointAt(points, p, bx - 30, by - 30, 8)).toBeNull();
  });
});

describe('the heatmap request', () => {
  const card = { metric: 'raw_metrics.pressure', method: 'idw' as const, time_interval_oversampling: 3600 };

  it('asks for the newest values in the look-back before now, over the group or every device', () => {
    const now = new Date('2026-11-25T12:00:00Z');
    const body = heatmapRequest(card, ['d1', 'd2'], now);
    expect(body).toEqual({
      metric: 'raw_metrics.pressure',
      time: '2026-11-25T12:00:00.000Z',
      interpolation: { method: 'idw', grid: HEATMAP_GRID },
      time_interval_oversampling: 3600,
      filters: { monitored_entity_ids: ['d1', 'd2'] },
    });
    expect(heatmapBody.safeParse(body).success).toBe(true);
    expect(heatmapRequest(card, null, now).filters).toBeUndefined();
  });
});
