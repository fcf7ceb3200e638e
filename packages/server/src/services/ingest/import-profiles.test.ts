import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test-support/test-app.ts';
import { createChain, PROFILES } from './import-fixtures.ts';
import { CERRO, createPiezometers, OUSE, tokenFor, type TestDevices } from './test-fixtures.ts';

let t: TestApp;
let cerro: TestDevices;
let admin: string;
let manager: string;
let operator: string;

beforeAll(async () => {
  t = await createTestApp();
  cerro = await createPiezometers(t, CERRO, { 'PRF-PZ-1': 400 });
  await createPiezometers(t, OUSE, { 'PRF-OUSE-1': 10 });
  await createChain(t, cerro.projectId, 'PRF-IPI', 3);
  admin = await tokenFor(t, 'admin', cerro.projectId);
  manager = await tokenFor(t, 'manager', cerro.projectId);
  operator = await tokenFor(t, 'operator', cerro.projectId);
});
afterAll(() => t.close());

const profile = (name: string, extra: Record<string, unknown> = {}) => ({
  name,
  format: 'toa5',
  columns: [
    { column: 'Press_kPa', eid: 'PRF-PZ-1', metric: 'pressure', scale: 0.001, offset: 0 },
    { column: 'Tilt_A(1)', eid: 'PRF-IPI', metric: 'tilt_a', data_point: 'PRF-IPI-N01' },
  ],
  ...extra,
});

describe('import profiles', () => {
  it('are created by curators with a TOA5 file’s defaults, read by members, changed and deleted', async () => {
    const created = await t.call('POST', PROFILES, { token: manager, body: profile('CR6 piezometers') });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body).toMatchObject({
      name: 'CR6 piezometers',
      format: 'toa5',
      delimiter: ',',
      decimal: '.',
      timestamp_column: 'TIMESTAMP',
      timestamp_format: 'ISO',
      timezone: 'UTC',
      nan_values: [],
      created_by: 'manager',
    });
    expect(created.body.columns[0]).toEqual({
      column: 'Press_kPa',
      eid: 'PRF-PZ-1',
      metric: 'pressure',
      scale: 0.001,
      offset: 0,
    });
    const id = created.body.id;

    const read = await t.call('GET', `${PROFILES}/${id}`, { token: operator });
    expect(read.status).toBe(200);
    expect(read.body).toEqual(created.body);
    const list = await t.call('GET', `${PROFILES}?name=CR6 piezometers`, { token: operator });
    expect(list.body.objects.map((p: { id: string }) => p.id)).toEqual([id]);

    const patched = await t.call('PATCH', `${PROFILES}/${id}`, {
      token: admin,
      body: { timezone: 'America/Santiago', nan_values: ['-7999'] },
    });
    expect(patched.status, JSON.stringify(patched.body)).toBe(200);
    expect(patched.body).toMatchObject({
      timezone: 'America/Santiago',
      nan_values: ['-7999'],
      name: 'CR6 piezometers',
    });

    expect((await t.call('POST', PROFILES, { token: operator, body: profile('Nope') })).status).toBe(403);
    expect((await t.call('PATCH', `${PROFILES}/${id}`, { token: operator, body: { name: 'x' } })).status).toBe(403);
    expect((await t.call('DELETE', `${PROFILES}/${id}`, { token: operator })).status).toBe(403);
    expect((await t.call('DELETE', `${PROFILES}/${id}`, { token: manager })).status).toBe(204);
    expect((await t.call('GET', `${PROFILES}/${id}`, { token: manager })).status).toBe(404);
  });

  it('names a column whose metric is not a raw metric of its device’s scheme', async () => {
    const res = await t.call('POST', PROFILES, {
      token: admin,
      body: profile('Bad metric', {
        columns: [
          { column: 'A', eid: 'PRF-PZ-1', metric: 'pressure' },
          { column: 'B', eid: 'PRF-PZ-1', metric: 'piezometric_level' },
        ],
      }),
    });
    expect(res.status).toBe(400);
    expect(res.body.error_type).toBe('ValidationError');
    expect(Object.keys(res.body.details)).toEqual(['columns.1.metric']);
  });

  it('names devices that are not the project’s, data points not the device’s, and columns mapped twice', async () => {
    const res = await t.call('POST', PROFILES, {
      token: admin,
      body: profile('Bad devices', {
        columns: [
          { column: 'A', eid: 'PRF-OUSE-1', metric: 'pressure' },
          { column: 'B', eid: 'PRF-IPI', metric: 'tilt_a', data_point: 'PRF-IPI-N09' },
          { column: 'C', eid: 'PRF-PZ-1', metric: 'pressure' },
          { column: 'C', eid: 'PRF-PZ-1', metric: 'temperature' },
        ],
      }),
    });
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.details).sort()).toEqual(['columns.0.eid', 'columns.1.data_point', 'columns.3.column']);
  });

  it('refuses a bad format, time zone, timestamp pattern or delimiter, and no columns', async () => {
    const res = await t.call('POST', PROFILES, {
      token: admin,
      body: {
        name: 'Bad fields',
        format: 'xlsx',
        delimiter: 'x',
        timezone: 'Mars/Olympus',
        timestamp_format: 'hh:mm',
        columns: [],
      },
    });
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.details).sort()).toEqual(
      ['columns', 'delimiter', 'format', 'timestamp_format', 'timezone'].sort(),
    );
  });

  it('keeps names unique in a project (409), on creation and on renaming', async () => {
    expect((await t.call('POST', PROFILES, { token: admin, body: profile('Twice') })).status).toBe(201);
    const again = await t.call('POST', PROFILES, { token: admin, body: profile('Twice') });
    expect(again.status).toBe(409);
    expect(again.body.error_type).toBe('Conflict');
    const other = await t.call('POST', PROFILES, { token: admin, body: profile('Other') });
    const renamed = await t.call('PATCH', `${PROFILES}/${other.body.id}`, { token: admin, body: { name: 'Twice' } });
    expect(renamed.status).toBe(409);
  });

  it('is not seen from another project', async () => {
    const created = await t.call('POST', PROFILES, { token: admin, body: profile('Private') });
    const ouseAdmin = await tokenFor(t, 'admin', (await createPiezometers(t, OUSE, { 'PRF-OUSE-2': 1 })).projectId);
    expect((await t.call('GET', `${PROFILES}/${created.body.id}`, { token: ouseAdmin })).status).toBe(404);
    expect((await t.call('DELETE', `${PROFILES}/${created.body.id}`, { token: ouseAdmin })).status).toBe(404);
  });
});
