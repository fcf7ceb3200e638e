import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect } from 'vitest';
import { DEMO_DEVICE_SITES } from '../../demo/devices.ts';
import { DEMO_PROJECTS } from '../../demo/site.ts';
import type { TestApp } from '../../test-support/test-app.ts';
import { INGEST } from '../ingest/test-fixtures.ts';

export const WEATHER = '/weather/api/v1';
export const HOUR = 3_600_000;

/** The first place of each demo project (where a weather card looks by default) and its MET-01. */
export const CERRO_PLACE = DEMO_PROJECTS[0].places[0];
export const OUSE_PLACE = DEMO_PROJECTS[1].places[0];
const [metLon, metLat] = DEMO_DEVICE_SITES['cerro-azul']!.devices.find((d) => d.eid === 'MET-01')!.location;
export const CERRO_MET = { lat: metLat, lon: metLon };

export const query = (point: { lat: number; lon: number }, extra = '') => `lat=${point.lat}&lon=${point.lon}${extra}`;

export type MetValues = Partial<
  Record<'air_temperature' | 'rainfall' | 'humidity' | 'pressure' | 'wind_speed' | 'wind_direction', number>
>;

/** Readings of the project's MET-01, each at its time (epoch ms), through the ingest API. */
export async function sendMet(t: TestApp, token: string, readings: Array<{ at: number; values: MetValues }>) {
  const body = readings.map((r) => ({ eid: 'MET-01', read_at: new Date(r.at).toISOString(), raw_metrics: r.values }));
  const res = await t.call('POST', INGEST, { token, body });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
}

/** What the fake Open-Meteo answers for current weather (and today's extremes). */
export const OPEN_METEO_NOW = {
  latitude: -27.375,
  longitude: -70.375,
  temperature_2m: 18.4,
  relative_humidity_2m: 31,
  precipitation: 0.3,
  weather_code: 61,
  pressure_msl: 1012.6,
  wind_speed_10m: 4.2,
  wind_direction_10m: 247,
  visibility: 24_140,
  temperature_2m_max: 24.1,
  temperature_2m_min: 9.7,
  precipitation_sum: 1.4,
};

/** `2026-03-26T16:15`: Open-Meteo's times, local to the answer's time zone (GMT here), without seconds. */
const local = (t: number) => new Date(t).toISOString().slice(0, 16);
const midnight = (t: number) => Math.floor(t / (24 * HOUR)) * 24 * HOUR;

function currentBody(now: number) {
  const o = OPEN_METEO_NOW;
  return {
    latitude: o.latitude,
    longitude: o.longitude,
    generationtime_ms: 0.06,
    utc_offset_seconds: 0,
    timezone: 'GMT',
    timezone_abbreviation: 'GMT',
    elevation: 1150,
    current_units: { time: 'iso8601', interval: 'seconds', temperature_2m: '°C', wind_speed_10m: 'm/s' },
    current: {
      time: local(Math.floor(now / (15 * 60_000)) * 15 * 60_000),
      interval: 900,
      temperature_2m: o.temperature_2m,
      relative_humidity_2m: o.relative_humidity_2m,
      precipitation: o.precipitation,
      weather_code: o.weather_code,
      pressure_msl: o.pressure_msl,
      wind_speed_10m: o.wind_speed_10m,
      wind_direction_10m: o.wind_direction_10m,
      visibility: o.visibility,
    },
    daily_units: { time: 'iso8601', temperature_2m_max: '°C', temperature_2m_min: '°C', precipitation_sum: 'mm' },
    daily: {
      time: [local(midnight(now)).slice(0, 10)],
      temperature_2m_max: [o.temperature_2m_max],
      temperature_2m_min: [o.temperature_2m_min],
      precipitation_sum: [o.precipitation_sum],
    },
  };
}

/**
 * 48 hours from midnight (GMT) today, hour j: temperature j °C, 0.5 mm of rain, weather code 63
 * (moderate rain) at every sixth hour from the fourth and 2 (partly cloudy) otherwise, wind from
 * 10·j degrees at 5 m/s, humidity 60 %, pressure 1010 hPa, visibility 20 km.
 */
function hourlyBody(now: number) {
  const start = midnight(now);
  const hours = Array.from({ length: 48 }, (_, j) => j);
  return {
    latitude: OPEN_METEO_NOW.latitude,
    longitude: OPEN_METEO_NOW.longitude,
    generationtime_ms: 0.2,
    utc_offset_seconds: 0,
    timezone: 'GMT',
    timezone_abbreviation: 'GMT',
    elevation: 1150,
    hourly_units: { time: 'iso8601', temperature_2m: '°C' },
    hourly: {
      time: hours.map((j) => local(start + j * HOUR)),
      temperature_2m: hours.map((j) => j),
      relative_humidity_2m: hours.map(() => 60),
      precipitation: hours.map(() => 0.5),
      weather_code: hours.map((j) => (j % 6 === 3 ? 63 : 2)),
      pressure_msl: hours.map(() => 1010),
      wind_speed_10m: hours.map(() => 5),
      wind_direction_10m: hours.map((j) => (j * 10) % 360),
      visibility: hours.map(() => 20_000),
    },
  };
}

/** How the fake answers: in Open-Meteo's format, with a 500, never, or with JSON of another shape. */
export type FakeMode = 'ok' | 'fail' | 'stall' | 'garbage';

export interface FakeOpenMeteo {
  /** the forecast endpoint, as WEATHER_PROVIDER_URL takes it */
  url: string;
  requests: URL[];
  mode: FakeMode;
  close(): Promise<void>;
}

/** A stand-in for Open-Meteo's `/v1/forecast` on 127.0.0.1 (the network is closed to tests). */
export async function startFakeOpenMeteo(): Promise<FakeOpenMeteo> {
  const stalled: ServerResponse[] = [];
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    fake.requests.push(url);
    const json = (status: number, body: unknown) =>
      res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    if (fake.mode === 'stall') stalled.push(res);
    else if (fake.mode === 'fail') json(500, { error: true, reason: 'Internal server error' });
    else if (fake.mode === 'garbage') json(200, { latitude: 'north', hourly: 'none' });
    else if (url.pathname !== '/v1/forecast') json(404, { error: true, reason: 'Not found' });
    else json(200, url.searchParams.has('current') ? currentBody(Date.now()) : hourlyBody(Date.now()));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const fake: FakeOpenMeteo = {
    url: `http://127.0.0.1:${port}/v1/forecast`,
    requests: [],
    mode: 'ok',
    async close() {
      for (const res of stalled) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  return fake;
}
