import type { JournalEntry } from '@vigil/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test-support/test-app.ts';
import { tokenFor } from '../ingest/test-fixtures.ts';
import { addMember, CERRO, demoIds, EXTRA_PASSWORD, OUSE } from '../ui/test-fixtures.ts';

const JOURNAL = '/inmt-journal/api/v1';

let t: TestApp;
let cerro: string;
let admin: string;
let manager: string;
let operator: string;
let otherOperator: string;
let ouseAdmin: string;
let journalId: string;
let pz01: string;
beforeAll(async () => {
  t = await createTestApp();
  cerro = await demoIds(t).project(CERRO);
  admin = await tokenFor(t, 'admin', cerro);
  manager = await tokenFor(t, 'manager', cerro);
  operator = await tokenFor(t, 'operator', cerro);
  await addMember(t, 'second-operator', [{ projectId: cerro, roleIds: [(await demoIds(t).roles(cerro)).Operator!] }]);
  otherOperator = await tokenFor(t, 'second-operator', cerro, EXTRA_PASSWORD);
  ouseAdmin = await tokenFor(t, 'admin', await demoIds(t).project(OUSE));
  const pz = await t.db
    .selectFrom('monitored_entities')
    .select('id')
    .where('project_id', '=', cerro)
    .where('eid', '=', 'PZ-01')
    .executeTakeFirstOrThrow();
  pz01 = pz.id;
  const journal = await t.call('POST', `${JOURNAL}/journals/`, {
    token: manager,
    body: { title: 'Inspections', description: 'Routine and special inspections' },
  });
  expect(journal.status).toBe(201);
  journalId = journal.body.id;
});
afterAll(() => t.close());

async function createEntry(token: string, body: object = {}): Promise<JournalEntry> {
  const res = await t.call('POST', `${JOURNAL}/journal-entries/`, {
    token,
    body: { journal: journalId, title: 'Crest walk', occurred_at: '2026-11-20T08:30:00Z', ...body },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body;
}

describe('journals', () => {
  it('are listed, read and, with fields=id, reduced to their ids', async () => {
    const list = await t.call('GET', `${JOURNAL}/journals/?fields=id`, { token: operator });
    expect(list.status).toBe(200);
    expect(list.body.objects).toContainEqual({ id: journalId });
    const one = await t.call('GET', `${JOURNAL}/journals/${journalId}/`, { token: operator });
    expect(one.body).toMatchObject({ id: journalId, title: 'Inspections', created_by: 'manager' });
  });

  it('are made, renamed and deleted by administrators and managers only; deleting takes the entries with it', async () => {
    expect((await t.call('POST', `${JOURNAL}/journals/`, { token: operator, body: { title: 'Mine' } })).status).toBe(
      403,
    );
    const made = await t.call('POST', `${JOURNAL}/journals/`, { token: admin, body: { title: 'Temporary' } });
    expect(made.status).toBe(201);
    const entry = await t.call('POST', `${JOURNAL}/journal-entries/`, {
      token: operator,
      body: { journal: made.body.id, title: 'Note', occurred_at: '2026-11-21T10:00:00Z' },
    });
    expect(
      (await t.call('PATCH', `${JOURNAL}/journals/${made.body.id}/`, { token: operator, body: { title: 'x' } })).status,
    ).toBe(403);
    expect(
      (await t.call('PATCH', `${JOURNAL}/journals/${made.body.id}/`, { token: manager, body: { title: 'Renamed' } }))
        .body.title,
    ).toBe('Renamed');
    expect((await t.call('DELETE', `${JOURNAL}/journals/${made.body.id}/`, { token: operator })).status).toBe(403);
    expect((await t.call('DELETE', `${JOURNAL}/journals/${made.body.id}/`, { token: manager })).status).toBe(204);
    expect((await t.call('GET', `${JOURNAL}/journal-entries/${entry.body.id}/`, { token: operator })).status).toBe(404);
  });

  it('refuses bad input and keeps projects apart', async () => {
    const bad = await t.call('POST', `${JOURNAL}/journals/`, { token: admin, body: { title: '  ', colour: 'red' } });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.details).sort()).toEqual(['colour', 'title']);
    expect((await t.call('GET', `${JOURNAL}/journals/${journalId}/`, { token: ouseAdmin })).status).toBe(404);
    const ouseList = await t.call('GET', `${JOURNAL}/journals/?fields=id`, { token: ouseAdmin });
    expect(ouseList.body.objects).not.toContainEqual({ id: journalId });
    expect((await t.call('GET', `${JOURNAL}/journals/`)).status).toBe(401);
  });
});

describe('journal entries', () => {
  it('are created with their author, devices, tags and attachments, and their creation starts the history', async () => {
    const entry = await createEntry(operator, {
      text: 'Crest walked end to end; no cracks.',
      tags: ['inspection', 'crest', 'crest'],
      monitored_entity_ids: [pz01],
    });
    expect(entry).toMatchObject({
      journal: journalId,
      author: 'operator',
      tags: ['inspection', 'crest'],
      monitored_entity_ids: [pz01],
      attachments: [],
      occurred_at: '2026-11-20T08:30:00.000Z',
    });
    const history = await t.call('GET', `${JOURNAL}/journal-entries/${entry.id}/history/`, { token: operator });
    expect(history.body.objects).toHaveLength(1);
    expect(history.body.objects[0]).toMatchObject({ action: 'created', user: 'operator' });
  });

  it('refuse no journal, a journal that does not exist or is another project’s, wrong types and unknown devices', async () => {
    const ouseJournal = await t.call('POST', `${JOURNAL}/journals/`, { token: ouseAdmin, body: { title: 'Ouse log' } });
    const cases: Array<[object, string]> = [
      [{ title: 'x', occurred_at: '2026-11-20T08:30:00Z' }, 'journal'],
      [{ journal: 'no-such-journal', title: 'x', occurred_at: '2026-11-20T08:30:00Z' }, 'journal'],
      [{ journal: ouseJournal.body.id, title: 'x', occurred_at: '2026-11-20T08:30:00Z' }, 'journal'],
      [{ journal: journalId, title: 'x', occurred_at: 'yesterday' }, 'occurred_at'],
      [{ journal: journalId, title: 42, occurred_at: '2026-11-20T08:30:00Z' }, 'title'],
      [{ journal: journalId, title: 'x', occurred_at: '2026-11-20T08:30:00Z', tags: 'crest' }, 'tags'],
      [
        { journal: journalId, title: 'x', occurred_at: '2026-11-20T08:30:00Z', monitored_entity_ids: ['nope'] },
        'monitored_entity_ids',
      ],
      [
        { journal: journalId, title: 'x', occurred_at: '2026-11-20T08:30:00Z', attachments: ['no-file'] },
        'attachments',
      ],
    ];
    for (const [body, field] of cases) {
      const res = await t.call('POST', `${JOURNAL}/journal-entries/`, { token: operator, body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error_type).toBe('ValidationError');
      expect(Object.keys(res.body.details), JSON.stringify(res.body)).toContain(field);
    }
  });

  it('are listed by journal and period, newest first, and found by device, tag and text', async () => {
    const old = await createEntry(operator, {
      title: 'Piezometer check',
      occurred_at: '2026-10-01T09:00:00Z',
      tags: ['piezometer'],
    });
    const recent = await createEntry(operator, {
      title: 'Seepage at the toe',
      occurred_at: '2026-11-22T09:00:00Z',
      monitored_entity_ids: [pz01],
    });
    const list = await t.call(
      'GET',
      `${JOURNAL}/journal-entries/?journal=${journalId}&occurred_at.from_time=2026-11-01T00:00:00Z&occurred_at.to_time=2026-11-30T00:00:00Z`,
      { token: operator },
    );
    const ids = list.body.objects.map((e: JournalEntry) => e.id);
    expect(ids).toContain(recent.id);
    expect(ids).not.toContain(old.id);
    const times = list.body.objects.map((e: JournalEntry) => e.occurred_at);
    expect(times).toEqual([...times].sort().reverse());
    const byDevice = await t.call('GET', `${JOURNAL}/journal-entries/?device=${pz01}`, { token: operator });
    expect(byDevice.body.objects.map((e: JournalEntry) => e.id)).toContain(recent.id);
    expect(byDevice.body.objects.map((e: JournalEntry) => e.id)).not.toContain(old.id);
    const byTag = await t.call('GET', `${JOURNAL}/journal-entries/?tag=piezometer`, { token: operator });
    expect(byTag.body.objects.map((e: JournalEntry) => e.id)).toEqual([old.id]);
    const byText = await t.call('GET', `${JOURNAL}/journal-entries/?search=SEEPAGE%25`, { token: operator });
    expect(byText.body.count).toBe(0);
    const byWord = await t.call('GET', `${JOURNAL}/journal-entries/?search=seepage`, { token: operator });
    expect(byWord.body.objects.map((e: JournalEntry) => e.id)).toEqual([recent.id]);
    expect(
      (await t.call('GET', `${JOURNAL}/journal-entries/?occurred_at.from_time=soon`, { token: operator })).status,
    ).toBe(400);
  });

  it('PATCH changes only the fields sent and adds one history record naming them with old and new values', async () => {
    const entry = await createEntry(operator, { text: 'First draft', tags: ['draft'] });
    const res = await t.call('PATCH', `${JOURNAL}/journal-entries/${entry.id}/`, {
      token: operator,
      body: { text: 'Final text', tags: ['final'] },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      title: entry.title,
      occurred_at: entry.occurred_at,
      text: 'Final text',
      tags: ['final'],
    });
    expect(res.body.updated_by).toBe('operator');
    const history = (await t.call('GET', `${JOURNAL}/journal-entries/${entry.id}/history/`, { token: operator })).body
      .objects;
    expect(history).toHaveLength(2);
    expect(history[1]).toMatchObject({
      action: 'updated',
      user: 'operator',
      changes: [
        { field: 'text', old: 'First draft', new: 'Final text' },
        { field: 'tags', old: ['draft'], new: ['final'] },
      ],
    });
    // Sending the same values changes nothing and records nothing.
    await t.call('PATCH', `${JOURNAL}/journal-entries/${entry.id}/`, { token: operator, body: { text: 'Final text' } });
    expect(
      (await t.call('GET', `${JOURNAL}/journal-entries/${entry.id}/history/`, { token: operator })).body.objects,
    ).toHaveLength(2);
    const empty = await t.call('PATCH', `${JOURNAL}/journal-entries/${entry.id}/`, { token: operator, body: {} });
    expect(empty.status).toBe(400);
    expect(
      (await t.call('PATCH', `${JOURNAL}/journal-entries/${entry.id}/`, { token: operator, body: { journal: 'x' } }))
        .status,
    ).toBe(400);
  });

  it('are changed and deleted by their author, or by administrators and managers', async () => {
    const entry = await createEntry(operator);
    expect(
      (
        await t.call('PATCH', `${JOURNAL}/journal-entries/${entry.id}/`, {
          token: otherOperator,
          body: { title: 'Mine now' },
        })
      ).status,
    ).toBe(403);
    expect((await t.call('DELETE', `${JOURNAL}/journal-entries/${entry.id}/`, { token: otherOperator })).status).toBe(
      403,
    );
    expect(
      (
        await t.call('PATCH', `${JOURNAL}/journal-entries/${entry.id}/`, {
          token: manager,
          body: { title: 'Reviewed' },
        })
      ).status,
    ).toBe(200);
    expect((await t.call('DELETE', `${JOURNAL}/journal-entries/${entry.id}/`, { token: operator })).status).toBe(204);
    expect((await t.call('GET', `${JOURNAL}/journal-entries/${entry.id}/history/`, { token: operator })).status).toBe(
      404,
    );
  });

  it("keep another project's entries out of reach: 404 for every call", async () => {
    const entry = await createEntry(operator);
    for (const [method, url, body] of [
      ['GET', `${JOURNAL}/journal-entries/${entry.id}/`],
      ['PATCH', `${JOURNAL}/journal-entries/${entry.id}/`, { title: 'x' }],
      ['DELETE', `${JOURNAL}/journal-entries/${entry.id}/`],
      ['GET', `${JOURNAL}/journal-entries/${entry.id}/history/`],
    ] as const) {
      expect((await t.call(method, url, { token: ouseAdmin, body })).status, `${method} ${url}`).toBe(404);
    }
    const list = await t.call('GET', `${JOURNAL}/journal-entries/?paginate_by=1000`, { token: ouseAdmin });
    expect(list.body.objects.map((e: JournalEntry) => e.id)).not.toContain(entry.id);
  });
});

describe('data sessions', () => {
  it('open with their author, list with their reading count, and are submitted once by their author or a manager', async () => {
    const made = await t.call('POST', `${JOURNAL}/data-sessions/`, {
      token: operator,
      body: { title: 'Monday round' },
    });
    expect(made.status).toBe(201);
    expect(made.body).toMatchObject({
      title: 'Monday round',
      author: 'operator',
      status: 'open',
      readings_count: 0,
      ended_at: null,
    });
    const list = await t.call('GET', `${JOURNAL}/data-sessions/?status=open`, { token: operator });
    expect(list.body.objects.map((s: { id: string }) => s.id)).toContain(made.body.id);
    const url = `${JOURNAL}/data-sessions/${made.body.id}/`;
    expect((await t.call('PATCH', url, { token: otherOperator, body: { status: 'submitted' } })).status).toBe(403);
    const submitted = await t.call('PATCH', url, { token: operator, body: { status: 'submitted' } });
    expect(submitted.body).toMatchObject({ status: 'submitted' });
    expect(submitted.body.ended_at).not.toBeNull();
    expect((await t.call('PATCH', url, { token: manager, body: { status: 'submitted' } })).status).toBe(400);
    expect((await t.call('PATCH', url, { token: operator, body: { status: 'open' } })).status).toBe(400);
    expect((await t.call('GET', url, { token: ouseAdmin })).status).toBe(404);
    expect(
      (
        await t.call('POST', `${JOURNAL}/data-sessions/`, {
          token: operator,
          body: { title: 'x', started_at: '2099-01-01T00:00:00Z' },
        })
      ).status,
    ).toBe(400);
  });
});

describe('a PATCH that changes nothing', () => {
  it('answers the data session or journal unchanged, never a 500', async () => {
    const made = await t.call('POST', `${JOURNAL}/data-sessions/`, { token: operator, body: { title: 'Idle' } });
    const res = await t.call('PATCH', `${JOURNAL}/data-sessions/${made.body.id}/`, { token: operator, body: {} });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ title: 'Idle', status: 'open' });
    const journal = (await t.call('GET', `${JOURNAL}/journals/?paginate_by=1`, { token: manager })).body.objects[0];
    const same = await t.call('PATCH', `${JOURNAL}/journals/${journal.id}/`, { token: manager, body: {} });
    expect(same.status).toBe(200);
    expect(same.body.title).toBe(journal.title);
  });
});

describe('the journal service prefix', () => {
  it('answers 404 NotFound in the error shape for any path no route answers, never the web app', async () => {
    for (const path of ['/nothing', '/journals/x/y/z']) {
      const res = await t.call('GET', `${JOURNAL}${path}`, { token: operator });
      expect(res.status, path).toBe(404);
      expect(res.body.error_type).toBe('NotFound');
    }
  });
});
