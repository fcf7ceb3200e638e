import { NOTIFICATION_TYPES } from '@vigil/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test-support/test-app.ts';
import { insertUser } from '../../test-support/users.ts';
import { CERRO, OUSE, createPiezometers, tokenFor, type TestDevices } from '../ingest/test-fixtures.ts';
import { NOTIFICATIONS, hoursAgo, insertNotification } from './test-fixtures.ts';

const TYPES = '/notifications-async/api/v1/notification-types';

let t: TestApp;
let devices: TestDevices;
let ouseId: string;
let admin: string;
let operator: string;
let adminId: string;
/** n1 critical 1 h ago on PZ-N1, n2 warning 2 h ago without entity, n3 info 3 h ago on PZ-N2, old 30 h ago */
const n: Record<'n1' | 'n2' | 'n3' | 'old' | 'ouse', { id: string; seq: number }> = {} as never;

const list = async (query: string, token = admin) => {
  const res = await t.call('GET', `${NOTIFICATIONS}/?${query}`, { token });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as { count: number; page: number; paginate_by: number; objects: any[] };
};
const ids = (body: { objects: Array<{ id: string }> }) => body.objects.map((o) => o.id);

beforeAll(async () => {
  t = await createTestApp();
  devices = await createPiezometers(t, CERRO, { 'PZ-N1': 100, 'PZ-N2': 100 });
  ouseId = (await t.db.selectFrom('projects').select('id').where('name', '=', OUSE).executeTakeFirstOrThrow()).id;
  // The demo users were created a moment ago: give them a past, so that older notifications are theirs to see.
  await t.db
    .updateTable('users')
    .set({ created_at: hoursAgo(24 * 30) })
    .where('username', 'in', ['admin', 'operator'])
    .execute();
  adminId = (await t.db.selectFrom('users').select('id').where('username', '=', 'admin').executeTakeFirstOrThrow()).id;
  admin = await tokenFor(t, 'admin', devices.projectId);
  operator = await tokenFor(t, 'operator', devices.projectId);
  const entity = (eid: string) => ({ id: devices.ids[eid]!, schemeId: devices.schemeId });
  const p = devices.projectId;
  n.old = await insertNotification(t, p, { createdAt: hoursAgo(30), level: 'warning', type: 'health_state_changed' });
  n.n3 = await insertNotification(t, p, {
    createdAt: hoursAgo(3),
    level: 'info',
    type: 'metric_limits_state_changed',
    entity: entity('PZ-N2'),
  });
  n.n2 = await insertNotification(t, p, { createdAt: hoursAgo(2), level: 'warning', type: 'unknown_payload_received' });
  n.n1 = await insertNotification(t, p, {
    createdAt: hoursAgo(1),
    level: 'critical',
    type: 'metric_limit_reached',
    entity: entity('PZ-N1'),
  });
  n.ouse = await insertNotification(t, ouseId, {
    createdAt: hoursAgo(1),
    level: 'critical',
    type: 'safety_state_changed',
  });
});
afterAll(() => t.close());

describe('GET notifications/', () => {
  it('lists the last 24 hours of the project, newest first, 20 a page', async () => {
    const body = await list('');
    expect(body).toMatchObject({ count: 3, page: 1, paginate_by: 20 });
    expect(ids(body)).toEqual([n.n1.id, n.n2.id, n.n3.id]);
    expect(body.objects[0]).toEqual({
      id: n.n1.id,
      text: expect.any(String),
      is_read: false,
      created_at: expect.any(String),
      icon: 'critical',
      level: 'critical',
      read_by_users: [],
      notification_type: { name: 'metric_limit_reached' },
      extra: expect.objectContaining({ event_type: 'metric_limit_reached' }),
    });
  });

  it('reaches further back with created_at.from_time and stops at created_at.to_time', async () => {
    expect(ids(await list(`created_at.from_time=${hoursAgo(48)}`))).toEqual([n.n1.id, n.n2.id, n.n3.id, n.old.id]);
    expect(ids(await list(`created_at.from_time=${hoursAgo(48)}&created_at.to_time=${hoursAgo(2.5)}`))).toEqual([
      n.n3.id,
      n.old.id,
    ]);
  });

  it('orders by created_at either way, and pages', async () => {
    expect(ids(await list('ordering=created_at'))).toEqual([n.n3.id, n.n2.id, n.n1.id]);
    const page = await list('paginate_by=2&page=2');
    expect(page).toMatchObject({ count: 3, page: 2, paginate_by: 2 });
    expect(ids(page)).toEqual([n.n3.id]);
  });

  it('filters by level, with all meaning any', async () => {
    expect(ids(await list('level=critical'))).toEqual([n.n1.id]);
    expect(ids(await list('level=info'))).toEqual([n.n3.id]);
    expect((await list('level=all')).count).toBe(3);
  });

  it('filters by event type, one or a comma list', async () => {
    expect(ids(await list('extra.event_type=unknown_payload_received'))).toEqual([n.n2.id]);
    expect(ids(await list('extra.event_type=metric_limit_reached,metric_limits_state_changed'))).toEqual([
      n.n1.id,
      n.n3.id,
    ]);
  });

  it('filters by device and by scheme', async () => {
    expect(ids(await list(`extra.monitored_entity.id=${devices.ids['PZ-N2']}`))).toEqual([n.n3.id]);
    expect(ids(await list(`extra.monitored_entity.scheme.id=${devices.schemeId}`))).toEqual([n.n1.id, n.n3.id]);
  });

  it('selects fields and drops excluded ones', async () => {
    expect((await list('fields=id,level,notification_type.name')).objects[0]).toEqual({
      id: n.n1.id,
      level: 'critical',
      notification_type: { name: 'metric_limit_reached' },
    });
    const trimmed = (await list('excluded_fields=extra,read_by_users')).objects[0];
    expect(trimmed).not.toHaveProperty('extra');
    expect(trimmed).not.toHaveProperty('read_by_users');
    expect(trimmed).toHaveProperty('text');
  });

  it.each([
    ['level=urgent', 'level'],
    ['read_status=seen', 'read_status'],
    ['created_at.from_time=yesterday', 'created_at.from_time'],
    ['created_at.to_time=2026-13-45', 'created_at.to_time'],
    ['extra.event_type=state_changed', 'extra.event_type'],
    ['extra.monitored_entity.id=a%20b', 'extra.monitored_entity.id'],
    ['ordering=level', 'ordering'],
    ['paginate_by=0', 'paginate_by'],
    ['colour=red', 'colour'],
    ['historical=maybe', 'historical'],
  ])('refuses %s with a ValidationError naming %s', async (query, field) => {
    const res = await t.call('GET', `${NOTIFICATIONS}/?${query}`, { token: admin });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ error_type: 'ValidationError', message: expect.any(String) });
    expect(Object.keys(res.body.details)).toContain(field);
  });

  it('needs a session', async () => {
    expect((await t.call('GET', `${NOTIFICATIONS}/`)).status).toBe(401);
    expect((await t.call('GET', `${NOTIFICATIONS}/?token=nope-nope-nope-nope-nope`)).status).toBe(401);
  });

  it('refuses a token in the URL: only event streams take ?token=, since URLs end up in logs', async () => {
    const res = await t.call('GET', `${NOTIFICATIONS}/?token=${admin}&paginate_by=1`);
    expect(res.status).toBe(401);
    expect(res.body.error_type).toBe('Unauthorized');
  });
});

describe('the window and the user’s creation time', () => {
  let newcomer: string;

  beforeAll(async () => {
    const role = await t.db
      .selectFrom('roles')
      .select('id')
      .where('project_id', '=', devices.projectId)
      .where('name', '=', 'Operator')
      .executeTakeFirstOrThrow();
    await insertUser(t, 'newcomer', {
      password: 'newcomer-1',
      memberships: [{ projectId: devices.projectId, roleIds: [role.id] }],
    });
    await t.db
      .updateTable('users')
      .set({ created_at: hoursAgo(2.5) })
      .where('username', '=', 'newcomer')
      .execute();
    newcomer = await tokenFor(t, 'newcomer', devices.projectId, 'newcomer-1');
  });

  it('shows a user nothing from before the user existed', async () => {
    expect(ids(await list('', newcomer))).toEqual([n.n1.id, n.n2.id]);
    expect(ids(await list(`created_at.from_time=${hoursAgo(48)}`, newcomer))).toEqual([n.n1.id, n.n2.id]);
  });

  it('shows the older ones when historical=true', async () => {
    expect(ids(await list('historical=true', newcomer))).toEqual([n.n1.id, n.n2.id, n.n3.id]);
    expect(ids(await list(`historical=true&created_at.from_time=${hoursAgo(48)}`, newcomer))).toEqual([
      n.n1.id,
      n.n2.id,
      n.n3.id,
      n.old.id,
    ]);
  });
});

describe('read state, per user', () => {
  it('marks notifications read for the caller only, once', async () => {
    const first = await t.call('POST', `${NOTIFICATIONS}/mark-as-read`, { token: admin, body: { ids: [n.n1.id] } });
    expect(first).toMatchObject({ status: 200, body: { marked: 1 } });
    const again = await t.call('POST', `${NOTIFICATIONS}/mark-as-read`, { token: admin, body: { ids: [n.n1.id] } });
    expect(again).toMatchObject({ status: 200, body: { marked: 0 } });

    expect(ids(await list('read_status=read'))).toEqual([n.n1.id]);
    expect((await list('read_status=read')).objects[0].is_read).toBe(true);
    expect(ids(await list('read_status=unread'))).toEqual([n.n2.id, n.n3.id]);
    expect((await list('read_status=all')).count).toBe(3);

    const forOperator = await list('read_status=unread', operator);
    expect(ids(forOperator)).toEqual([n.n1.id, n.n2.id, n.n3.id]);
    expect(forOperator.objects[0].is_read).toBe(false);
  });

  it('counts the unread as the badge asks', async () => {
    const body = await list('level=all&read_status=unread&paginate_by=1');
    expect(body.count).toBe(2);
    expect(body.objects).toHaveLength(1);
    expect((await list('level=all&read_status=unread&paginate_by=1', operator)).count).toBe(3);
  });

  it('lists who read a notification, for everyone in the project', async () => {
    const res = await t.call('GET', `${NOTIFICATIONS}/${n.n1.id}?fields=read_by_users`, { token: operator });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      read_by_users: [
        {
          id: adminId,
          username: 'admin',
          first_name: expect.any(String),
          last_name: expect.any(String),
          read_at: expect.any(String),
        },
      ],
    });
    const whole = await t.call('GET', `${NOTIFICATIONS}/${n.n1.id}/`, { token: admin });
    expect(whole.body).toMatchObject({ id: n.n1.id, is_read: true, level: 'critical' });
    expect((await list('', operator)).objects[0].read_by_users).toEqual(res.body.read_by_users);
  });

  it('ignores ids of other projects and unknown ids', async () => {
    const res = await t.call('POST', `${NOTIFICATIONS}/mark-as-read`, {
      token: admin,
      body: { ids: [n.ouse.id, 'no-such-notification'] },
    });
    expect(res).toMatchObject({ status: 200, body: { marked: 0 } });
    expect(
      await t.db.selectFrom('notification_reads').select('user_id').where('notification_id', '=', n.ouse.id).execute(),
    ).toEqual([]);
  });

  it.each([
    ['no body', undefined],
    ['ids not an array', { ids: 'abc' }],
    ['no ids', { ids: [] }],
    ['too many ids', { ids: Array.from({ length: 1001 }, (_, i) => `id-${i}`) }],
    ['an id that is not one', { ids: ['../x'] }],
  ])('refuses %s', async (_, body) => {
    const res = await t.call('POST', `${NOTIFICATIONS}/mark-as-read`, { token: admin, body });
    expect(res.status).toBe(400);
    expect(res.body.error_type).toBe('ValidationError');
  });

  it('marks all the project’s notifications read, whatever their age', async () => {
    const res = await t.call('POST', `${NOTIFICATIONS}/mark-all-read`, { token: operator });
    expect(res).toMatchObject({ status: 200, body: { marked: 4 } });
    expect((await list(`read_status=unread&created_at.from_time=${hoursAgo(48)}`, operator)).count).toBe(0);
    expect((await list('read_status=unread')).count).toBe(2);
    const ouseUnread = await t.db
      .selectFrom('notification_reads')
      .select('user_id')
      .where('notification_id', '=', n.ouse.id)
      .execute();
    expect(ouseUnread).toEqual([]);
    expect((await t.call('POST', `${NOTIFICATIONS}/mark-all-read`, { token: operator })).body).toEqual({ marked: 0 });
  });

  it('needs a session to mark', async () => {
    expect((await t.call('POST', `${NOTIFICATIONS}/mark-as-read`, { body: { ids: [n.n1.id] } })).status).toBe(401);
    expect((await t.call('POST', `${NOTIFICATIONS}/mark-all-read`)).status).toBe(401);
  });
});

describe('GET notifications/{id}', () => {
  it('answers 404 for another project’s notification and an unknown id', async () => {
    for (const id of [n.ouse.id, 'no-such-notification']) {
      const res = await t.call('GET', `${NOTIFICATIONS}/${id}`, { token: admin });
      expect(res.status).toBe(404);
      expect(res.body.error_type).toBe('NotFound');
    }
  });

  it('needs a session', async () => {
    expect((await t.call('GET', `${NOTIFICATIONS}/${n.n1.id}`)).status).toBe(401);
  });
});

describe('GET notification-types/', () => {
  it('lists the sixteen types by name', async () => {
    const res = await t.call('GET', `${TYPES}/?fields=name`, { token: operator });
    expect(res.status).toBe(200);
    expect(res.body.count).toBe(16);
    expect(res.body.objects.map((o: { name: string }) => o.name)).toEqual([...NOTIFICATION_TYPES].sort());
    expect(res.body.objects[0]).toEqual({ name: 'abnormality_state_changed' });
  });

  it('needs a session', async () => {
    expect((await t.call('GET', `${TYPES}/`)).status).toBe(401);
  });
});
