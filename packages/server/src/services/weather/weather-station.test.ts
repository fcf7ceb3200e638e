import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test-support/test-app.ts';
import { CERRO, OUSE, tokenFor } from '../ingest/test-fixtures.ts';
import { demoIds } from '../ui/test-fixtures.ts';
import { CERRO_MET, CERRO_PLACE, HOUR, OUSE_PLACE, query, sendMet, WEATHER } from './test-fixtures.ts';

let t: TestApp;
let cerro: { admin: string; operator: string };
let ouse: { admin: string; operator: string };
const now = Date.now();

beforeAll(async () => {
  t = await createTestApp();
  const ids = demoIds(t);
  const [cerroId, ouseId] = [await ids.project(CERRO), await ids.project(OUSE)];
  cerro = { admin: await tokenFor(t, 'admin', cerroId), operator: await tokenFor(t, 'operator', cerroId) };
  ouse = { admin: await tokenFor(t, 'admin', ouseId), operator: await tokenFor(t, 'operator', ouseId) };
  // Cerro Azul's MET-01: a cold night, a hot afternoon, and a shower in the last hour.
  await sendMet(t, cerro.admin, [
    { at: now - 25 * HOUR, values: { air_temperature: 2, rainfall: 5 } },
    { at: now - 20 * HOUR, values: { air_temperature: 8, rainfall: 1.2 } },
    { at: now - 10 * HOUR, values: { air_temperature: 21, rainfall: 0.4, humidity: 30 } },
    {
      at: now - HOUR / 2,
      values: {
        air_temperature: 15.5,
        rainfall: 0.2,
        humidity: 40,
        pressure: 881.2,
        wind_speed: 5,
        wind_direction: 200,
      },
    },
  ]);
});
afterAll(() => t.close());

const current = (token: string, q: string) => t.call('GET', `${WEATHER}/current?${q}`, { token });

describe("current weather from the project's own meteorological station", () => {
  it('answers the newest reading of MET-01, the extremes and the rain of the last 24 hours', async () => {
    const res = await current(cerro.operator, query(CERRO_PLACE));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toEqual({
      temp: 15.5,
      tempMin: 8,
      tempMax: 21,
      pressure: 881.2,
      humidity: 40,
      visibility: null,
      country: null,
      // 1.2 + 0.4 + 0.2: the 5 mm of 25 hours ago are out of the window
      rainfall: 1.8,
      // 0.2 mm in the last hour
      icon: 'drizzle',
      title: 'Drizzle',
      subtitle: 'MET-01 Crest weather station',
      coordinates: { lat: expect.closeTo(CERRO_MET.lat, 9), lon: expect.closeTo(CERRO_MET.lon, 9) },
      wind: { direction: 200, speed: 5, unit: 'm/s' },
      time: new Date(now - HOUR / 2).toISOString(),
      source: 'station:MET-01',
    });
  });

  it('converts to Fahrenheit with the wind in mph, and to Kelvin with it in m/s', async () => {
    const fahrenheit = await current(cerro.operator, query(CERRO_PLACE, '&units=fahrenheit'));
    // 15.5 °C × 9/5 + 32 = 59.9 °F; 8 → 46.4; 21 → 69.8; 5 m/s ÷ 0.44704 = 11.18 mph
    expect(fahrenheit.body).toMatchObject({
      temp: 59.9,
      tempMin: 46.4,
      tempMax: 69.8,
      wind: { direction: 200, speed: 11.18, unit: 'mph' },
      pressure: 881.2,
      rainfall: 1.8,
    });
    const kelvin = await current(cerro.operator, query(CERRO_PLACE, '&units=kelvin'));
    expect(kelvin.body).toMatchObject({
      temp: 288.65,
      tempMin: 281.15,
      tempMax: 294.15,
      wind: { speed: 5, unit: 'm/s' },
    });
  });

  it('titles the weather in the language asked for, the nearest of the eight, else American English', async () => {
    const titles: Record<string, string> = {
      'pt-BR': 'Garoa',
      pt: 'Garoa',
      ja: '霧雨',
      ru: 'Морось',
      af: 'Motreën',
      xx: 'Drizzle',
    };
    for (const [lang, title] of Object.entries(titles)) {
      const res = await current(cerro.operator, query(CERRO_PLACE, `&lang=${lang}`));
      expect(res.body.title, lang).toBe(title);
    }
  });

  it('takes the station up to 50 km from the point, and none beyond', async () => {
    // a degree of latitude is 111.2 km
    const near = await current(cerro.operator, query({ lat: CERRO_MET.lat + 45 / 111.2, lon: CERRO_MET.lon }));
    expect(near.body).toMatchObject({ source: 'station:MET-01', temp: 15.5 });
    const far = await current(cerro.operator, query({ lat: CERRO_MET.lat + 55 / 111.2, lon: CERRO_MET.lon }));
    expect(far.status).toBe(204);
    expect(far.body).toBeUndefined();
  });

  it("uses only the caller's project's stations", async () => {
    const res = await current(ouse.operator, query(CERRO_PLACE));
    expect(res.status).toBe(204);
  });

  it('keeps the newest value of each metric when a payload carries only some of them', async () => {
    await sendMet(t, cerro.admin, [{ at: now - HOUR / 6, values: { air_temperature: 16 } }]);
    // another point, so that the answer above, kept for an hour, does not stand for this one
    const res = await current(cerro.operator, query(CERRO_MET));
    expect(res.body).toMatchObject({
      temp: 16,
      humidity: 40,
      pressure: 881.2,
      wind: { direction: 200, speed: 5 },
      time: new Date(now - HOUR / 6).toISOString(),
    });
  });

  it('has nothing to say (204) while the station has never reported', async () => {
    const res = await current(ouse.operator, query(OUSE_PLACE));
    expect(res.status).toBe(204);
    expect(res.body).toBeUndefined();
  });
});

describe("a station's forecast: the same hours a day earlier", () => {
  // The forecast's first period starts at the next 6-hour boundary; the station's readings of the
  // day before it stand for the coming 24 hours.
  const next = Math.ceil(now / (6 * HOUR)) * 6 * HOUR;
  const dayBefore = next - 24 * HOUR;

  beforeAll(async () => {
    await sendMet(t, ouse.admin, [
      {
        at: dayBefore + HOUR,
        values: { air_temperature: 6, rainfall: 0.6, wind_speed: 3, wind_direction: 350, humidity: 80, pressure: 1012 },
      },
      {
        at: dayBefore + 3 * HOUR,
        values: { air_temperature: 10, rainfall: 0, wind_speed: 5, wind_direction: 20, humidity: 70, pressure: 1010 },
      },
      {
        at: dayBefore + 14 * HOUR,
        values: { air_temperature: 14, rainfall: 3.6, wind_speed: 4, wind_direction: 90, humidity: 90, pressure: 1008 },
      },
    ]);
  });

  it('answers one object a period the station has readings of, each a day after them', async () => {
    const res = await t.call('GET', `${WEATHER}/forecast?${query(OUSE_PLACE)}`, { token: ouse.operator });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const common = {
      visibility: null,
      country: null,
      subtitle: 'MET-01 Naburn weather station',
      source: 'station:MET-01',
    };
    expect(res.body.objects).toEqual([
      expect.objectContaining({
        ...common,
        time: new Date(next).toISOString(),
        temp: 8,
        tempMin: 6,
        tempMax: 10,
        rainfall: 0.6,
        humidity: 75,
        pressure: 1011,
        // the period's first direction: 350° and 20° average to nothing meaningful
        wind: { direction: 350, speed: 4, unit: 'm/s' },
        // 0.6 mm in 6 hours
        icon: 'drizzle',
        title: 'Drizzle',
      }),
      expect.objectContaining({
        ...common,
        time: new Date(next + 12 * HOUR).toISOString(),
        temp: 14,
        tempMin: 14,
        tempMax: 14,
        rainfall: 3.6,
        // 0.6 mm an hour
        icon: 'rain',
        wind: { direction: 90, speed: 4, unit: 'm/s' },
      }),
    ]);
  });

  it('converts the periods to the units asked for', async () => {
    const res = await t.call('GET', `${WEATHER}/forecast?${query(OUSE_PLACE, '&units=fahrenheit&lang=es')}`, {
      token: ouse.operator,
    });
    // 8 °C = 46.4 °F, 6 → 42.8, 10 → 50; 4 m/s ÷ 0.44704 = 8.95 mph
    expect(res.body.objects[0]).toMatchObject({
      temp: 46.4,
      tempMin: 42.8,
      tempMax: 50,
      wind: { speed: 8.95, unit: 'mph' },
      title: 'Llovizna',
    });
  });
});
