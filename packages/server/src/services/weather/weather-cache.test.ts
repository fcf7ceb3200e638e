import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, TEST_DIALECT, type TestApp } from '../../test-support/test-app.ts';
import { CERRO, OUSE, tokenFor } from '../ingest/test-fixtures.ts';
import { demoIds } from '../ui/test-fixtures.ts';
import { CERRO_PLACE, HOUR, OUSE_PLACE, sendMet, startFakeOpenMeteo, type FakeOpenMeteo } from './test-fixtures.ts';
import { TtlCache } from './weather-cache.ts';
import { createWeatherService } from './weather-service.ts';

let t: TestApp;
let fake: FakeOpenMeteo;
const ids = { cerro: '', ouse: '' };
const admins = { cerro: '', ouse: '' };
const start = Date.now();
/** The services' clock: moved by the tests, an hour at a time. */
let clock = start;

beforeAll(async () => {
  fake = await startFakeOpenMeteo();
  t = await createTestApp();
  ids.cerro = await demoIds(t).project(CERRO);
  ids.ouse = await demoIds(t).project(OUSE);
  admins.cerro = await tokenFor(t, 'admin', ids.cerro);
  admins.ouse = await tokenFor(t, 'admin', ids.ouse);
});
afterAll(async () => {
  await t.close();
  await fake.close();
});
beforeEach(() => {
  clock = start;
  fake.requests.length = 0;
});

const service = (provider: boolean) =>
  createWeatherService({
    db: t.db,
    dialect: TEST_DIALECT,
    stationRadiusKm: 50,
    provider: provider ? { url: fake.url, timeoutMs: 2000 } : null,
    log: { error: () => undefined },
    clock: () => clock,
  });
const at = (point: { lat: number; lon: number }, units: 'celsius' | 'fahrenheit' = 'celsius', lang = 'en-US') => ({
  ...point,
  units,
  lang,
});

describe('weather answers are kept one hour', () => {
  it('asks the provider once an hour per point, whatever the units and language', async () => {
    const weather = service(true);
    const first = await weather.current(ids.cerro, at(CERRO_PLACE));
    clock = start + 59 * 60_000;
    const later = await weather.current(ids.cerro, at(CERRO_PLACE, 'fahrenheit', 'ja'));
    expect(fake.requests).toHaveLength(1);
    expect(later).toMatchObject({ temp: 65.12, title: '雨', time: first.time });
    clock = start + HOUR;
    await weather.current(ids.cerro, at(CERRO_PLACE));
    expect(fake.requests).toHaveLength(2);
  });

  it('keeps the forecast apart from the current weather, and each point apart (to about ten metres)', async () => {
    const weather = service(true);
    await weather.current(ids.cerro, at(CERRO_PLACE));
    await weather.forecast(ids.cerro, at(CERRO_PLACE));
    await weather.forecast(ids.cerro, at({ lat: CERRO_PLACE.lat + 0.00001, lon: CERRO_PLACE.lon }));
    expect(fake.requests).toHaveLength(2);
    await weather.forecast(ids.cerro, at({ lat: CERRO_PLACE.lat + 0.001, lon: CERRO_PLACE.lon }));
    expect(fake.requests).toHaveLength(3);
  });

  it("shows a station's new reading only once the hour is over", async () => {
    const weather = service(false);
    await sendMet(t, admins.cerro, [{ at: start - 20 * 60_000, values: { air_temperature: 12 } }]);
    expect((await weather.current(ids.cerro, at(CERRO_PLACE))).temp).toBe(12);
    await sendMet(t, admins.cerro, [{ at: start - 10 * 60_000, values: { air_temperature: 13 } }]);
    clock = start + 30 * 60_000;
    expect((await weather.current(ids.cerro, at(CERRO_PLACE))).temp).toBe(12);
    clock = start + HOUR + 1;
    expect((await weather.current(ids.cerro, at(CERRO_PLACE))).temp).toBe(13);
  });

  it('does not keep a failure: a station that reports answers at once', async () => {
    const weather = service(false);
    await expect(weather.current(ids.ouse, at(OUSE_PLACE))).rejects.toMatchObject({ status: 404 });
    await sendMet(t, admins.ouse, [{ at: start - 5 * 60_000, values: { air_temperature: 7.5 } }]);
    expect((await weather.current(ids.ouse, at(OUSE_PLACE))).temp).toBe(7.5);
  });
});

describe('the cache', () => {
  it('shares a load in flight and forgets a failed one', async () => {
    let now = 0;
    const cache = new TtlCache<number>(1000, () => now);
    let loads = 0;
    const load = async () => ++loads;
    expect(await Promise.all([cache.getOrLoad('a', load), cache.getOrLoad('a', load)])).toEqual([1, 1]);
    now = 999;
    expect(await cache.getOrLoad('a', load)).toBe(1);
    now = 1000;
    expect(await cache.getOrLoad('a', load)).toBe(2);
    await expect(cache.getOrLoad('b', () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(await cache.getOrLoad('b', load)).toBe(3);
  });
});
