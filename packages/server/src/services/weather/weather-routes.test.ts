import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test-support/test-app.ts';
import { CERRO, tokenFor } from '../ingest/test-fixtures.ts';
import { demoIds } from '../ui/test-fixtures.ts';
import { WEATHER } from './test-fixtures.ts';

let t: TestApp;
let operator: string;

beforeAll(async () => {
  t = await createTestApp();
  operator = await tokenFor(t, 'operator', await demoIds(t).project(CERRO));
});
afterAll(() => t.close());

describe('bad input is a ValidationError', () => {
  const cases: Array<[string, Record<string, string[]>]> = [
    ['lon=-70.3', { lat: ['Required'] }],
    ['lat=-27.3', { lon: ['Required'] }],
    ['', { lat: ['Required'], lon: ['Required'] }],
    ['lat=91&lon=0', { lat: ['Latitude must be between -90 and 90'] }],
    ['lat=-90.5&lon=0', { lat: ['Latitude must be between -90 and 90'] }],
    ['lat=0&lon=180.01', { lon: ['Longitude must be between -180 and 180'] }],
    ['lat=0&lon=-181', { lon: ['Longitude must be between -180 and 180'] }],
    ['lat=north&lon=0', { lat: ['Must be a number'] }],
    ['lat=&lon=0', { lat: ['Must be a number'] }],
    ['lat=1e3&lon=0', { lat: ['Must be a number'] }],
    ['lat=0&lon=0&units=rankine', { units: [expect.any(String)] }],
    ['lat=0&lon=0&lang=%3Cscript%3E', { lang: ['Must be a language code such as en-US'] }],
  ];

  it.each(cases)('refuses current?%s', async (query, details) => {
    for (const path of ['current', 'forecast']) {
      const res = await t.call('GET', `${WEATHER}/${path}?${query}`, { token: operator });
      expect(res.status, `${path}?${query}`).toBe(400);
      expect(res.body).toEqual({ error_type: 'ValidationError', message: 'Invalid query', details });
    }
  });

  it('takes the extremes themselves', async () => {
    // No station near the poles, but the point itself is valid.
    // No weather there is nothing to say, not a failure: 204.
    const res = await t.call('GET', `${WEATHER}/current?lat=-90&lon=180`, { token: operator });
    expect(res.status).toBe(204);
    expect((await t.call('GET', `${WEATHER}/forecast?lat=-90&lon=180`, { token: operator })).status).toBe(204);
  });
});

describe('who may ask', () => {
  it('refuses callers without a session', async () => {
    for (const path of ['current', 'forecast']) {
      const res = await t.call('GET', `${WEATHER}/${path}?lat=0&lon=0`);
      expect(res.status).toBe(401);
      expect(res.body.error_type).toBe('Unauthorized');
    }
  });

  it('answers NotFound in the error shape for paths it does not have', async () => {
    const res = await t.call('GET', `${WEATHER}/history?lat=0&lon=0`, { token: operator });
    expect(res.status).toBe(404);
    expect(res.body.error_type).toBe('NotFound');
  });
});
