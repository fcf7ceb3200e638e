import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BusEvents } from '../bus/bus.ts';
import { createTestApp, type TestApp } from '../test-support/test-app.ts';
import { DEMO_DEVICE_SITES } from './devices.ts';
import { loadDemoInstruments, seedHistory } from './history.ts';
import { DAY_MS, HOUR_MS, infiltration, rainBetween, type Site, climateOf, hashString } from './signals.ts';
import { isScriptedSilence } from './incidents.ts';
import { createSimulator, liveReadAt } from './simulator.ts';
import { storedReadingCount } from '../test-support/stored-readings.ts';

let t: TestApp;
const stored: Array<BusEvents['readings.stored']> = [];
// A fixed end, so that the generated outages, storms and breaches are the same on every run.
const END = Date.UTC(2026, 9, 15, 6, 0, 0);

beforeAll(async () => {
  t = await createTestApp();
  t.app.bus.subscribe('readings.stored', (e) => void stored.push(e));
});
afterAll(() => t.close());

const countReadings = () => storedReadingCount(t.db);

describe('demo signals', () => {
  const ouse: Site = {
    key: hashString('ouse-embankment'),
    climate: climateOf('ouse-embankment'),
    latitude: 53.9,
    longitude: -1.09,
  };

  it('rains on Yorkshire now and then, and the rain reaches the ground water later', () => {
    const days = Array.from({ length: 60 }, (_, d) => rainBetween(ouse, END - (d + 1) * DAY_MS, END - d * DAY_MS));
    const wet = days.filter((mm) => mm > 0.1).length;
    expect(wet).toBeGreaterThan(8);
    expect(wet).toBeLessThan(45);
    // after a storm that follows a dry week, the ground water rises a day or two later
    const storm = days.findIndex((mm, d) => mm > 3 && days.slice(d + 1, d + 8).every((x) => x < 0.1));
    expect(storm).toBeGreaterThanOrEqual(0);
    const stormDayStart = END - (storm + 1) * DAY_MS;
    const before = infiltration(ouse, stormDayStart, 12, 36);
    const after = infiltration(ouse, stormDayStart + 3 * DAY_MS, 12, 36);
    expect(after).toBeGreaterThan(before + 1);
  });

  it('gives the same reading for the same device and instant, however it is built', async () => {
    const [a] = (await loadDemoInstruments(t.app)).filter((d) => d.eid === 'PZ-01');
    const [b] = (await loadDemoInstruments(t.app)).filter((d) => d.eid === 'PZ-01');
    expect(a).toBeDefined();
    const at = END - 7 * HOUR_MS;
    expect(a!.model.readingsAt(at, HOUR_MS)).toEqual(b!.model.readingsAt(at, HOUR_MS));
    expect(a!.model.readingsAt(at, HOUR_MS)).not.toEqual(a!.model.readingsAt(at + HOUR_MS, HOUR_MS));
  });
});

describe('demo history and simulator', () => {
  it('finds every seeded demo device with its data points', async () => {
    const devices = await loadDemoInstruments(t.app);
    const planned = Object.values(DEMO_DEVICE_SITES).flatMap((site) => site.devices);
    expect(devices).toHaveLength(planned.length);
    for (const chain of planned.filter((d) => d.dataPoints.length > 0)) {
      const model = devices.find((d) => d.eid === chain.eid)!.model;
      // one reading per data point (an hour later if the chain happens to be in an outage)
      const readings = model.readingsAt(END, HOUR_MS) ?? model.readingsAt(END + 2 * DAY_MS, HOUR_MS);
      expect(readings?.map((r) => r.data_point_id).filter(Boolean)).toHaveLength(chain.dataPoints.length);
    }
  });

  it('writes the history of every device through the pipeline, silently, and resumes instead of repeating', async () => {
    stored.length = 0;
    const readings = await seedHistory(t.app, { now: END, days: 3 });
    expect(readings).toBeGreaterThan(1000);
    expect(await countReadings()).toBe(readings);
    expect(stored).toEqual([]);

    const perDevice = await t.db
      .selectFrom('monitored_entities as e')
      .leftJoin('entity_payload_times as p', 'p.entity_id', 'e.id')
      .select(['e.id', 'e.eid', 'e.project_id', 'p.latest_payload_read_at'])
      .execute();
    for (const row of perDevice) {
      expect(await storedReadingCount(t.db, { entityIds: [row.id] }), row.eid).toBeGreaterThan(0);
      expect(Date.parse(row.latest_payload_read_at!), row.eid).toBeLessThanOrEqual(END);
      expect(Date.parse(row.latest_payload_read_at!), row.eid).toBeGreaterThan(END - 2 * DAY_MS);
    }
    // piezometers carry their calculated level
    const piezometer = await t.db
      .selectFrom('latest_readings as l')
      .innerJoin('monitored_entities as e', 'e.id', 'l.entity_id')
      .select('l.metrics')
      .where('e.eid', '=', 'PZ-01')
      .executeTakeFirstOrThrow();
    expect(JSON.parse(piezometer.metrics).calculated_metrics.piezometric_level).toEqual(expect.any(Number));

    expect(await seedHistory(t.app, { now: END, days: 3 })).toBe(0);
    expect(await countReadings()).toBe(readings);
  });

  it('continues live: a reading a minute from each device, announced to the rules engine', async () => {
    const now = Date.now();
    // The history ends an hour earlier, so that the live reading is the newest whatever the clock says.
    await seedHistory(t.app, { now: now - 3_600_000, days: 0.5 });
    const simulator = createSimulator(t.app);
    stored.length = 0;
    const first = await simulator.round(now);
    expect(first).toBeGreaterThan(20);
    expect(await simulator.round(now)).toBe(0);
    expect(stored.flatMap((e) => e.readings)).toHaveLength(first);

    const pz = (await loadDemoInstruments(t.app)).find(
      (d) => d.model.readingsAt(liveReadAt(d, now), 60_000) && !isScriptedSilence(d, now, liveReadAt(d, now)),
    )!;
    const entity = await t.db
      .selectFrom('entity_payload_times')
      .select('latest_payload_read_at')
      .where('entity_id', '=', pz.entityId)
      .executeTakeFirstOrThrow();
    expect(entity.latest_payload_read_at).toBe(new Date(liveReadAt(pz, now)).toISOString());

    expect(await simulator.round(now + 60_000)).toBeGreaterThan(20);
  });
});
