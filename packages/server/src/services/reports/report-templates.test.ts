import { reportTemplateSchema } from '@vigil/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test-support/test-app.ts';
import { CERRO, createPiezometers, tokenFor } from '../ingest/test-fixtures.ts';
import { fullTemplate, templatesUrl } from './report-fixtures.ts';

let t: TestApp;
let project: string;
let manager: string;
let operator: string;
let pz: string;
beforeAll(async () => {
  t = await createTestApp();
  const devices = await createPiezometers(t, CERRO, { 'TPL-PZ-1': 400, 'TPL-PZ-2': 401 });
  project = devices.projectId;
  pz = devices.ids['TPL-PZ-1']!;
  manager = await tokenFor(t, 'manager', project);
  operator = await tokenFor(t, 'operator', project);
});
afterAll(() => t.close());

describe('report templates', () => {
  it('lets a manager create, read, change and delete a template; everyone reads', async () => {
    const created = await t.call('POST', templatesUrl(project), { token: manager, body: fullTemplate(pz) });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const template = reportTemplateSchema.parse(created.body);
    expect(template).toMatchObject({
      name: 'Monthly instrumentation report',
      language: 'en-US',
      schedule: null,
      created_by: 'manager',
    });
    expect(template.sections.map((s) => s.kind)).toEqual([
      'site_summary',
      'data_completeness',
      'alarms',
      'charts',
      'manual_readings_and_journal',
      'free_text',
    ]);

    const listed = await t.call('GET', templatesUrl(project), { token: operator });
    expect(listed.status).toBe(200);
    expect(listed.body).toMatchObject({ count: 1, objects: [{ id: template.id }] });

    const patched = await t.call('PATCH', templatesUrl(project, template.id), {
      token: manager,
      body: {
        name: 'Weekly report',
        period: 'week',
        schedule: { every: 'week', day: 1, at: '07:00', timezone: 'America/Santiago' },
      },
    });
    expect(patched.status, JSON.stringify(patched.body)).toBe(200);
    expect(patched.body).toMatchObject({
      name: 'Weekly report',
      period: 'week',
      schedule: { timezone: 'America/Santiago' },
    });
    expect(patched.body.sections).toHaveLength(6);

    expect((await t.call('DELETE', templatesUrl(project, template.id), { token: manager })).status).toBe(204);
    expect((await t.call('GET', templatesUrl(project, template.id), { token: manager })).status).toBe(404);
  });

  it('refuses an operator’s template (403) and a second template of the same name (409)', async () => {
    expect((await t.call('POST', templatesUrl(project), { token: operator, body: fullTemplate(pz) })).status).toBe(403);
    const body = fullTemplate(pz, { name: 'Twice' });
    expect((await t.call('POST', templatesUrl(project), { token: manager, body })).status).toBe(201);
    const again = await t.call('POST', templatesUrl(project), { token: manager, body });
    expect(again.status).toBe(409);
    expect(again.body.error_type).toBe('Conflict');
  });

  it('refuses a template with no sections', async () => {
    const res = await t.call('POST', templatesUrl(project), {
      token: manager,
      body: fullTemplate(pz, { sections: [] }),
    });
    expect(res.status).toBe(400);
    expect(res.body.details.sections).toEqual(['A template needs at least one section']);
  });

  it('refuses a schedule in an unknown time zone', async () => {
    const res = await t.call('POST', templatesUrl(project), {
      token: manager,
      body: fullTemplate(pz, { schedule: { every: 'month', day: 2, at: '06:00', timezone: 'Mars/Olympus_Mons' } }),
    });
    expect(res.status).toBe(400);
    expect(res.body.details['schedule.timezone']).toEqual(['Unknown time zone']);
  });

  it('refuses a section naming a deleted device, naming the field', async () => {
    const gone = await createPiezometers(t, CERRO, { 'TPL-GONE': 400 });
    await t.db.deleteFrom('monitored_entities').where('id', '=', gone.ids['TPL-GONE']!).execute();
    const res = await t.call('POST', templatesUrl(project), {
      token: manager,
      body: fullTemplate(gone.ids['TPL-GONE']!, { name: 'Gone' }),
    });
    expect(res.status).toBe(400);
    expect(res.body.details['sections.3.charts.0.series.0.entity_id']).toEqual([
      'No such device in this project (deleted?)',
    ]);
  });

  it('refuses sections of an unknown kind and a free text without a title', async () => {
    const res = await t.call('POST', templatesUrl(project), {
      token: manager,
      body: fullTemplate(pz, { sections: [{ kind: 'horoscope' }, { kind: 'free_text', text: 'x' }] }),
    });
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.details)).toEqual(expect.arrayContaining(['sections.0.kind', 'sections.1.title']));
  });
});
