import { INTERPOLATION_METHOD_REQUIRED } from '@vigil/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test-support/test-app.ts';
import { API, CERRO, OUSE, createSite, ingest, tokenIn, type Site } from './test-fixtures.ts';

let t: TestApp;
let token: string;
let site: Site;

const T = '2026-11-01T12:00:00.000Z';
const minutes = (m: number) => new Date(Date.parse(T) + m * 60_000).toISOString();
/** [longitude, latitude] and the pressures sent at T-50 min and T-5 min. */
const DEVICES = {
  'HM-1': { location: [-70.34, -27.37] as [number, number], pressures: [12, 10] },
  'HM-2': { location: [-70.32, -27.37] as [number, number], pressures: [22, 20] },
  'HM-3': { location: [-70.33, -27.35] as [number, number], pressures: [32, 30] },
};

beforeAll(async () => {
  t = await createTestApp();
  site = await createSite(t, CERRO, [
    ...Object.entries(DEVICES).map(([eid, d], i) => ({ eid, elevation: 100 + i, location: d.location })),
    { eid: 'HM-4', elevation: 200 },
  ]);
  const ouse = await createSite(t, OUSE, [{ eid: 'OU-9', elevation: 1, location: [-70.33, -27.36] }]);
  token = await tokenIn(t, 'admin', site.projectId);
  await ingest(t, token, [
    ...Object.entries(DEVICES).flatMap(([eid, d]) => [
      { eid, read_at: minutes(-50), raw_metrics: { pore_kpa: d.pressures[0]! } },
      { eid, read_at: minutes(-5), raw_metrics: { pore_kpa: d.pressures[1]! } },
    ]),
    { eid: 'HM-4', read_at: minutes(-5), raw_metrics: { pore_kpa: 1000 } },
  ]);
  await ingest(t, await tokenIn(t, 'admin', ouse.projectId), [
    { eid: 'OU-9', read_at: minutes(-5), raw_metrics: { pore_kpa: 999 } },
  ]);
});
afterAll(() => t.close());

/** Only this file's devices (the demo site has located devices of its own), unless the body says otherwise. */
const heatmap = (body: Record<string, unknown>) =>
  t.call('POST', `${API}/metrics/heatmap/`, {
    token,
    body: { filters: { monitored_entity_ids: ['HM-1', 'HM-2', 'HM-3', 'HM-4'].map((eid) => site.ids[eid]) }, ...body },
  });

/** Cell centres of the answer's grid, as [longitude, latitude], rows from north. */
function centres(body: {
  bounds: { west: number; south: number; east: number; north: number };
  grid: { width: number; height: number };
}) {
  const { west, south, east, north } = body.bounds;
  const { width, height } = body.grid;
  return Array.from({ length: height }, (_, j) =>
    Array.from({ length: width }, (_, i) => [
      west + ((i + 0.5) * (east - west)) / width,
      north - ((j + 0.5) * (north - south)) / height,
    ]),
  );
}

function distance2([x1, y1]: number[], [x2, y2]: number[], latitude: number) {
  const k = Math.cos((latitude * Math.PI) / 180);
  return ((x1! - x2!) * k) ** 2 + (y1! - y2!) ** 2;
}

describe('POST metrics/heatmap/', () => {
  it('takes each located device’s newest value and gives the nearest one in every cell', async () => {
    const res = await heatmap({
      metric: 'raw_metrics.pore_kpa',
      time: T,
      interpolation: { method: 'nearest', grid: { width: 6, height: 4 } },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.points).toEqual(
      expect.arrayContaining(
        Object.entries(DEVICES).map(([eid, d]) => ({
          monitored_entity: site.ids[eid],
          longitude: d.location[0],
          latitude: d.location[1],
          value: d.pressures[1],
        })),
      ),
    );
    expect(res.body.points).toHaveLength(3);
    const { west, east, south, north } = res.body.bounds;
    expect(west).toBeLessThan(-70.34);
    expect(east).toBeGreaterThan(-70.32);
    expect(south).toBeLessThan(-27.37);
    expect(north).toBeGreaterThan(-27.35);
    const midLatitude = (north + south) / 2;
    const wanted = centres(res.body).map((row) =>
      row.map((centre) => {
        const byDistance = Object.values(DEVICES).sort(
          (a, b) => distance2(a.location, centre, midLatitude) - distance2(b.location, centre, midLatitude),
        );
        return byDistance[0]!.pressures[1];
      }),
    );
    expect(res.body.grid).toEqual({ width: 6, height: 4, values: wanted });
  });

  it('weighs every device by inverse distance to the given power with idw', async () => {
    for (const power of [1, 2, 3]) {
      const res = await heatmap({
        metric: 'pore_kpa',
        time: T,
        interpolation: { method: 'idw', power, grid: { width: 5, height: 5 } },
      });
      const midLatitude = (res.body.bounds.north + res.body.bounds.south) / 2;
      const grid = centres(res.body);
      grid.forEach((row, j) =>
        row.forEach((centre, i) => {
          let weights = 0;
          let sum = 0;
          for (const d of Object.values(DEVICES)) {
            const w = 1 / Math.sqrt(distance2(d.location, centre, midLatitude)) ** power;
            weights += w;
            sum += w * d.pressures[1]!;
          }
          expect(res.body.grid.values[j][i]).toBeCloseTo(sum / weights, 9);
        }),
      );
    }
  });

  it('averages over from_time–to_time, and looks back time_interval_oversampling seconds from time', async () => {
    const range = await heatmap({
      metric: 'pore_kpa',
      from_time: minutes(-60),
      to_time: T,
      interpolation: { method: 'nearest', grid: { width: 2, height: 2 } },
    });
    const byEntity = Object.fromEntries(
      range.body.points.map((p: { monitored_entity: string; value: number }) => [p.monitored_entity, p.value]),
    );
    for (const [eid, d] of Object.entries(DEVICES))
      expect(byEntity[site.ids[eid]!]).toBe((d.pressures[0]! + d.pressures[1]!) / 2);

    const early = await heatmap({
      metric: 'pore_kpa',
      time: minutes(-20),
      time_interval_oversampling: 3600,
      interpolation: { method: 'idw' },
    });
    expect(early.body.points.map((p: { value: number }) => p.value).sort()).toEqual([12, 22, 32]);
    expect(early.body.grid).toMatchObject({ width: 50, height: 50 });

    const tooShort = await heatmap({
      metric: 'pore_kpa',
      time: minutes(-20),
      time_interval_oversampling: 60,
      interpolation: { method: 'idw' },
    });
    expect(tooShort.body.points.every((p: { value: unknown }) => p.value === null)).toBe(true);
    expect(tooShort.body.bounds).toBeNull();
    expect(tooShort.body.grid.values).toEqual([]);
  });

  it('maps context metrics from the devices themselves', async () => {
    const res = await heatmap({
      metric: 'context_metrics.tip_m',
      interpolation: { method: 'nearest', grid: { width: 1, height: 1 } },
    });
    expect(res.body.points.map((p: { value: number }) => p.value).sort()).toEqual([100, 101, 102]);
  });

  it('requires an interpolation method', async () => {
    for (const body of [
      { metric: 'pore_kpa', time: T },
      { metric: 'pore_kpa', time: T, interpolation: {} },
    ]) {
      const res = await heatmap(body);
      expect(res.status).toBe(400);
      expect(Object.values(res.body.details).flat()).toContain(INTERPOLATION_METHOD_REQUIRED);
    }
    const wrong = await heatmap({ metric: 'pore_kpa', interpolation: { method: 'kriging' } });
    expect(wrong.status).toBe(400);
    expect(Object.keys(wrong.body.details)).toContain('interpolation.method');
  });

  it('refuses other bad bodies', async () => {
    for (const body of [
      { interpolation: { method: 'idw' } },
      { metric: 'pore_kpa', interpolation: { method: 'idw', grid: { width: 0, height: 5 } } },
      { metric: 'pore_kpa', interpolation: { method: 'idw', grid: { width: 5000, height: 5 } } },
      { metric: 'pore_kpa', interpolation: { method: 'idw', power: -1 } },
      { metric: 'pore_kpa', time: T, from_time: T, to_time: T, interpolation: { method: 'idw' } },
      { metric: 'pore_kpa', from_time: T, interpolation: { method: 'idw' } },
      { metric: 'pore_kpa', from_time: T, to_time: minutes(-60), interpolation: { method: 'idw' } },
      { metric: 'pore_kpa', time_interval_oversampling: -5, interpolation: { method: 'idw' } },
    ]) {
      const res = await heatmap(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error_type).toBe('ValidationError');
    }
  });
});
