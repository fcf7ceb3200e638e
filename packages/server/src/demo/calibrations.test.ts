import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test-support/test-app.ts';
import { DEMO_DEVICE_SITES } from './devices.ts';
import { loadDemoInstruments, seedHistory } from './history.ts';
import { storedReadingsOf } from '../test-support/stored-readings.ts';

const DAY_MS = 86_400_000;
const KPA_PER_M = 9.8068;
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function demoDevice(slug: 'ouse-embankment' | 'cerro-azul', eid: string) {
  return t.db
    .selectFrom('monitored_entities as e')
    .innerJoin('projects as p', 'p.id', 'e.project_id')
    .select(['e.id', 'e.context', 'e.created_at'])
    .where('p.slug', '=', slug)
    .where('e.eid', '=', eid)
    .executeTakeFirstOrThrow();
}
const ouseDevice = (eid: string) => demoDevice('ouse-embankment', eid);

const calibrationsOf = (entityId: string) =>
  t.db.selectFrom('calibrations').selectAll().where('entity_id', '=', entityId).orderBy('effective_from').execute();

// Ouse's sensors are of 350 kPa, Cerro Azul's of 700 kPa: twice the kPa a digit.
describe.each([
  { slug: 'ouse-embankment' as const, count: 12, gauge: [-0.1, -0.08] },
  { slug: 'cerro-azul' as const, count: 24, gauge: [-0.19, -0.17] },
])('the factory sheets of the piezometers of $slug', ({ slug, count, gauge }) => {
  it('each has its own: G, R0, K and T0 from its installation, with the serial number its certificate names', async () => {
    const sheets = new Set<string>();
    for (const planned of DEMO_DEVICE_SITES[slug]!.devices.filter((d) => d.eid.startsWith('PZ-'))) {
      const device = await demoDevice(slug, planned.eid);
      const [factory] = await calibrationsOf(device.id);
      expect(factory, planned.eid).toBeDefined();
      expect(factory!.effective_from).toBe(device.created_at);
      expect(factory!.serial_number).toMatch(/^VW-4500S-\d{5}$/);
      expect(planned.assetCertificate).toBe(`Calibration certificate ${factory!.serial_number}`);
      const factors = JSON.parse(factory!.factors);
      expect(Object.keys(factors).sort()).toEqual(['G', 'K', 'R0', 'T0']);
      expect(factors.G).toBeLessThan(gauge[1]!);
      expect(factors.G).toBeGreaterThan(gauge[0]!);
      expect(factors.R0).toBeGreaterThan(8000);
      sheets.add(factory!.factors);
    }
    expect(sheets.size).toBe(count);
  });
});

describe('the demo’s vibrating-wire piezometers (Ouse)', () => {
  it('gives PZ-02 a re-zero after maintenance 75 days back, with its new zero reading', async () => {
    const device = await ouseDevice('PZ-02');
    const [factory, rezero] = await calibrationsOf(device.id);
    expect(rezero).toBeDefined();
    expect(Math.abs(Date.parse(rezero!.effective_from) - (Date.now() - 75 * DAY_MS))).toBeLessThan(DAY_MS);
    expect(rezero!.notes).toMatch(/Re-zeroed after maintenance/);
    expect(JSON.parse(rezero!.factors).R0).not.toBe(JSON.parse(factory!.factors).R0);
    expect(JSON.parse(rezero!.factors).G).toBe(JSON.parse(factory!.factors).G);
  });

  it('sends digits and temperature, and the level computed from them is the demo’s level curve, across the re-zero', async () => {
    const device = await ouseDevice('PZ-02');
    const [, rezero] = await calibrationsOf(device.id);
    const around = Date.parse(rezero!.effective_from);
    await seedHistory(t.app, { now: around + DAY_MS, days: 2 });
    const rows = await storedReadingsOf(t.db, device.id);
    expect(rows.length).toBeGreaterThan(40);
    const model = (await loadDemoInstruments(t.app)).find((d) => d.entityId === device.id)!;
    const tip = JSON.parse(device.context).tip_elevation as number;
    const digits = { before: [] as number[], after: [] as number[] };
    for (const row of rows) {
      const metrics = row.metrics;
      const at = Date.parse(row.read_at);
      expect(Object.keys(metrics.raw_metrics).sort()).toEqual(['reading', 'temperature']);
      const physical = model.model.readingsAt(at, model.historyCadenceMs)![0]!.raw_metrics;
      // the level of the pressure-sending piezometer of before: the same curve, to the millimetre
      expect(metrics.calculated_metrics.piezometric_level).toBeCloseTo(tip + physical.pressure! / KPA_PER_M, 3);
      (at < around ? digits.before : digits.after).push(metrics.raw_metrics.reading);
    }
    expect(digits.before.length).toBeGreaterThan(10);
    expect(digits.after.length).toBeGreaterThan(10);
  });
});

// After the Ouse tests: the history resumes from each device's newest reading, so this one seeds later.
describe('the demo’s vibrating-wire piezometers (Cerro Azul)', () => {
  const cerroDevice = (eid: string) => demoDevice('cerro-azul', eid);

  it('sends digits (to 0.01) and temperature, and the level computed from them is the level curve of before, to a tenth of a millimetre', async () => {
    const now = Date.now() - 10 * DAY_MS;
    await seedHistory(t.app, { now, days: 1 });
    const models = await loadDemoInstruments(t.app);
    for (const eid of ['PZ-01', 'PZ-12', 'PZ-24']) {
      const device = await cerroDevice(eid);
      const rows = await storedReadingsOf(t.db, device.id, { from: new Date(now - 2 * DAY_MS + 1).toISOString() });
      expect(rows.length, eid).toBeGreaterThan(20);
      const model = models.find((d) => d.entityId === device.id)!;
      const tip = JSON.parse(device.context).tip_elevation as number;
      for (const row of rows) {
        const metrics = row.metrics;
        expect(Object.keys(metrics.raw_metrics).sort()).toEqual(['reading', 'temperature']);
        expect(metrics.raw_metrics.reading).toBe(Math.round(metrics.raw_metrics.reading * 100) / 100);
        const physical = model.model.readingsAt(Date.parse(row.read_at), model.historyCadenceMs)![0]!.raw_metrics;
        expect(metrics.calculated_metrics.pressure).toBeCloseTo(physical.pressure!, 2);
        const level = tip + physical.pressure! / KPA_PER_M;
        expect(Math.abs(metrics.calculated_metrics.piezometric_level - level), row.read_at).toBeLessThan(1e-4);
      }
    }
  });
});
