import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test-support/test-app.ts';
import { API, registryIds } from './test-fixtures.ts';

// Issue 31: two managers editing the same device, scheme or group: the second save is refused (409)
// with a message, not silently lost. GET answers an ETag; PATCH and DELETE honour If-Match (ADR 0034).

let t: TestApp;
let admin: string;
let manager: string;
let ids: ReturnType<typeof registryIds>;
beforeAll(async () => {
  t = await createTestApp();
  ids = registryIds(t);
  [admin, manager] = await Promise.all([t.login('admin'), t.login('manager')]);
});
afterAll(() => t.close());

const get = (path: string) => t.call('GET', `${API}/${path}`, { token: admin });
const save = (method: string, path: string, body: unknown, token: string, etag?: unknown) =>
  t.call(method, `${API}/${path}`, { token, body, headers: etag ? { 'if-match': String(etag) } : {} });

/** Both editors open the thing, the first saves, then the second saves over what he opened. */
async function secondSave(path: string, first: unknown, second: unknown) {
  const opened = await get(path);
  expect(opened.status).toBe(200);
  const etag = opened.headers.etag;
  expect(etag).toMatch(/^".+"$/);
  const saved = await save('PATCH', path, first, admin, etag);
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  expect(saved.headers.etag).not.toBe(etag);
  const refused = await save('PATCH', path, second, manager, etag);
  return { refused, etag, saved };
}

describe('two editors', () => {
  it('refuses the second save of a device with 409 and keeps the first', async () => {
    const id = await ids.entity('cerro-azul', 'PZ-02');
    const { refused, saved } = await secondSave(
      `instruments/${id}`,
      { contracted_sla_time: 900 },
      { contracted_sla_time: 7200 },
    );
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ error_type: 'Conflict' });
    expect(refused.body.message).toMatch(/someone else saved/i);
    expect((await get(`instruments/${id}`)).body.contracted_sla_time).toBe(900);
    // Read again, the second editor's save goes through.
    const again = await save('PATCH', `instruments/${id}`, { contracted_sla_time: 7200 }, manager, saved.headers.etag);
    expect(again.status).toBe(200);
    expect(again.body.contracted_sla_time).toBe(7200);
  });

  it('refuses the second save of a scheme and of a group', async () => {
    const scheme = await ids.scheme('cerro-azul', 'Data logger');
    expect((await secondSave(`schemes/${scheme}`, { name: 'Logger A' }, { name: 'Logger B' })).refused.status).toBe(
      409,
    );
    expect((await get(`schemes/${scheme}`)).body.name).toBe('Logger A');
    const group = (await get('basic-groups?title=Weather&fields=id')).body.objects[0].id;
    expect(
      (await secondSave(`basic-groups/${group}`, { title: 'Met' }, { title: 'Weather stations' })).refused.status,
    ).toBe(409);
    expect((await get(`basic-groups/${group}`)).body.title).toBe('Met');
  });

  it('refuses a delete or a decommissioning over a stale version', async () => {
    const group = await save('POST', 'basic-groups', { title: 'Short-lived' }, admin);
    const etag = group.headers.etag;
    expect((await save('PATCH', `basic-groups/${group.body.id}`, { title: 'Renamed' }, admin, etag)).status).toBe(200);
    expect((await save('DELETE', `basic-groups/${group.body.id}`, undefined, manager, etag)).status).toBe(409);
    expect((await get(`basic-groups/${group.body.id}`)).status).toBe(200);
    const id = await ids.entity('cerro-azul', 'PZ-03');
    const stale = (await get(`instruments/${id}`)).headers.etag;
    await save('PATCH', `instruments/${id}`, { description: 'Checked' }, admin, stale);
    expect((await save('POST', `instruments/${id}/decommission`, undefined, manager, stale)).status).toBe(409);
    expect((await get(`instruments/${id}`)).body.decommissioned).toBe(false);
  });

  it('keeps PATCH without If-Match working as before, for API clients', async () => {
    const id = await ids.entity('cerro-azul', 'PZ-04');
    expect((await save('PATCH', `instruments/${id}`, { title: 'PZ-04 first' }, admin)).status).toBe(200);
    expect((await save('PATCH', `instruments/${id}`, { title: 'PZ-04 second' }, manager)).status).toBe(200);
    expect((await save('PATCH', `instruments/${id}`, { title: 'PZ-04 any' }, manager, '*')).status).toBe(200);
    expect((await get(`instruments/${id}`)).body.title).toBe('PZ-04 any');
  });
});
