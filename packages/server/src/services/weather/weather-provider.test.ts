import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, TEST_DIALECT, type TestApp } from '../../test-support/test-app.ts';
import { CERRO, tokenFor } from '../ingest/test-fixtures.ts';
import { demoIds } from '../ui/test-fixtures.ts';
import {
  CERRO_MET,
  CERRO_PLACE,
  HOUR,
  OPEN_METEO_NOW,
  query,
  sendMet,
  startFakeOpenMeteo,
  WEATHER,
  type FakeOpenMeteo,
} from './test-fixtures.ts';
import { createWeatherService, WEATHER_FAILURES } from './weather-service.ts';

let t: TestApp;
let fake: FakeOpenMeteo;
let projectId: string;
let operator: string;
const TIMEOUT_MS = 300;

beforeAll(async () => {
  fake = await startFakeOpenMeteo();
  t = await createTestApp({ env: { WEATHER_PROVIDER_URL: fake.url, WEATHER_PROVIDER_TIMEOUT_MS: String(TIMEOUT_MS) } });
  projectId = await demoIds(t).project(CERRO);
  operator = await tokenFor(t, 'operator', projectId);
  await sendMet(t, await tokenFor(t, 'admin', projectId), [
    { at: Date.now() - 2 * HOUR, values: { air_temperature: 12.5, rainfall: 0, wind_speed: 2, wind_direction: 90 } },
  ]);
});
afterAll(async () => {
  await t.close();
  await fake.close();
});
beforeEach(() => {
  fake.mode = 'ok';
  fake.requests.length = 0;
});

describe('weather from Open-Meteo when WEATHER_PROVIDER_URL is set', () => {
  it("asks Open-Meteo's forecast endpoint for current conditions in °C, m/s and mm, times in GMT", async () => {
    const res = await t.call('GET', `${WEATHER}/current?${query(CERRO_PLACE)}`, { token: operator });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(fake.requests).toHaveLength(1);
    const asked = fake.requests[0]!;
    expect(asked.pathname).toBe('/v1/forecast');
    expect(Object.fromEntries(asked.searchParams)).toMatchObject({
      latitude: String(CERRO_PLACE.lat),
      longitude: String(CERRO_PLACE.lon),
      temperature_unit: 'celsius',
      wind_speed_unit: 'ms',
      precipitation_unit: 'mm',
      timezone: 'GMT',
      daily: 'temperature_2m_max,temperature_2m_min,precipitation_sum',
    });
    expect(asked.searchParams.get('current')?.split(',')).toEqual(
      expect.arrayContaining(['temperature_2m', 'weather_code', 'wind_speed_10m', 'wind_direction_10m', 'visibility']),
    );
    const o = OPEN_METEO_NOW;
    expect(res.body).toEqual({
      temp: o.temperature_2m,
      tempMin: o.temperature_2m_min,
      tempMax: o.temperature_2m_max,
      pressure: o.pressure_msl,
      humidity: o.relative_humidity_2m,
      // 24 140 m
      visibility: 24.14,
      country: null,
      rainfall: o.precipitation_sum,
      // WMO 61: slight rain
      icon: 'rain',
      title: 'Rain',
      subtitle: 'Open-Meteo',
      coordinates: { lat: o.latitude, lon: o.longitude },
      wind: { direction: 247, speed: 4.2, unit: 'm/s' },
      time: new Date(Math.floor(Date.now() / (15 * 60_000)) * 15 * 60_000).toISOString(),
      source: 'open-meteo',
    });
  });

  it("converts the provider's answer to the units asked for", async () => {
    const res = await t.call('GET', `${WEATHER}/current?${query(CERRO_PLACE, '&units=fahrenheit')}`, {
      token: operator,
    });
    // 18.4 °C = 65.12 °F; 24.14 km ÷ 1.609344 = 15.00 mi; 4.2 m/s ÷ 0.44704 = 9.40 mph
    expect(res.body).toMatchObject({ temp: 65.12, visibility: 15, wind: { speed: 9.4, unit: 'mph' } });
  });

  it("makes four 6-hour periods of Open-Meteo's hourly forecast from the next boundary", async () => {
    const res = await t.call('GET', `${WEATHER}/forecast?${query(CERRO_PLACE)}`, { token: operator });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(fake.requests[0]!.searchParams.get('hourly')?.split(',')).toEqual(
      expect.arrayContaining(['temperature_2m', 'precipitation', 'weather_code', 'wind_direction_10m']),
    );
    const next = Math.ceil(Date.now() / (6 * HOUR)) * 6 * HOUR;
    // The fake's hour j (from midnight GMT) is j °C, 0.5 mm, and wind from 10·j degrees.
    const firstHour = (next - Math.floor(Date.now() / (24 * HOUR)) * 24 * HOUR) / HOUR;
    expect(res.body.objects).toEqual(
      [0, 1, 2, 3].map((i) => {
        const j = firstHour + 6 * i;
        return {
          temp: j + 2.5,
          tempMin: j,
          tempMax: j + 5,
          pressure: 1010,
          humidity: 60,
          visibility: 20,
          country: null,
          rainfall: 3,
          // the period's worst code: 63, moderate rain, at its fourth hour
          icon: 'rain',
          title: 'Rain',
          subtitle: 'Open-Meteo',
          coordinates: { lat: OPEN_METEO_NOW.latitude, lon: OPEN_METEO_NOW.longitude },
          wind: { direction: (j * 10) % 360, speed: 5, unit: 'm/s' },
          time: new Date(next + i * 6 * HOUR).toISOString(),
          source: 'open-meteo',
        };
      }),
    );
  });

  it("falls back to the site's station when Open-Meteo fails, and says so in source", async () => {
    fake.mode = 'fail';
    const res = await t.call('GET', `${WEATHER}/current?${query(CERRO_MET)}`, { token: operator });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(fake.requests).toHaveLength(1);
    expect(res.body).toMatchObject({ source: 'station:MET-01', temp: 12.5, wind: { direction: 90, speed: 2 } });
  });
});

describe('provider failures', () => {
  const logged: string[] = [];
  /** A service of its own (an empty cache) whose log the test reads. */
  const service = (url = fake.url) =>
    createWeatherService({
      db: t.db,
      dialect: TEST_DIALECT,
      stationRadiusKm: 50,
      provider: { url, timeoutMs: TIMEOUT_MS },
      log: { error: (_details, message) => logged.push(message) },
    });
  const point = { ...CERRO_PLACE, units: 'celsius' as const, lang: 'en-US' };
  beforeEach(() => {
    logged.length = 0;
  });

  it.each([
    ['answers 500', 'fail'],
    ['answers JSON of another shape', 'garbage'],
  ] as const)('logs and falls back to the station when the provider %s', async (_label, mode) => {
    fake.mode = mode;
    const weather = service();
    expect(await weather.current(projectId, point)).toMatchObject({ source: 'station:MET-01', temp: 12.5 });
    expect(logged).toEqual([WEATHER_FAILURES.current]);
    expect(WEATHER_FAILURES.current).toBe('Failed to fetch weather data');
    const forecast = await weather.forecast(projectId, point);
    expect(forecast.objects.every((o) => o.source === 'station:MET-01')).toBe(true);
    expect(logged).toEqual([WEATHER_FAILURES.current, 'Failed to fetch weather forecast data']);
  });

  it('gives up on a provider that does not answer within the time-out', async () => {
    fake.mode = 'stall';
    const started = Date.now();
    const answer = await service().current(projectId, point);
    expect(answer.source).toBe('station:MET-01');
    expect(Date.now() - started).toBeGreaterThanOrEqual(TIMEOUT_MS - 20);
    expect(Date.now() - started).toBeLessThan(TIMEOUT_MS + 3000);
    expect(fake.requests).toHaveLength(1);
    expect(logged).toEqual(['Failed to fetch weather data']);
  });

  it('falls back when nothing listens at the URL', async () => {
    const closed = await startFakeOpenMeteo();
    await closed.close();
    expect(await service(closed.url).current(projectId, point)).toMatchObject({ source: 'station:MET-01' });
    expect(logged).toEqual(['Failed to fetch weather data']);
  });

  it('answers NotFound when the provider fails and no station is near', async () => {
    fake.mode = 'fail';
    const far = { ...point, lat: 0, lon: 0 };
    await expect(service().current(projectId, far)).rejects.toMatchObject({ status: 404, errorType: 'NotFound' });
    expect(logged).toEqual(['Failed to fetch weather data']);
  });
});
