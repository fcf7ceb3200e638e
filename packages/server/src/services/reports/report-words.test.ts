import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId, toJson } from '../../db/values.ts';
import { createTestApp, type TestApp } from '../../test-support/test-app.ts';
import { alarmRow, craftedSite, DAY, finishedReport, reportsUrl, templatesUrl } from './report-fixtures.ts';

// Issue 39: a report in its template's language names states and alarms in the web app's words of
// that language, never as the engine stores them ("red", "safety_state", "critical").

const webTexts = (namespace: string) =>
  JSON.parse(
    readFileSync(new URL(`../../../../web/public/locales/pt-BR/${namespace}.json`, import.meta.url), 'utf8'),
  ) as Record<string, Record<string, string>>;

let t: TestApp;
let text: string;
const work = mkdtempSync(join(tmpdir(), 'vigil-report-words-'));

beforeAll(async () => {
  t = await createTestApp();
  const site = await craftedSite(t);
  const project = site.projectId;
  const pz2 = site.ids['RPT-PZ-2']!;
  await t.db
    .updateTable('monitored_entities')
    .set({ states: toJson({ safety_state: 'red' }) })
    .where('id', '=', pz2)
    .execute();
  const alarmId = newId();
  await t.db
    .insertInto('alarms')
    .values(
      alarmRow(project, pz2, '2026-10-01T12:00:00.000Z', {
        id: alarmId,
        source: 'safety_state',
        text: 'Safety State Changed from green to red',
      }),
    )
    .execute();
  await t.db
    .insertInto('alarm_history')
    .values({
      id: newId(),
      alarm_id: alarmId,
      project_id: project,
      action: 'raised',
      at: '2026-10-01T12:00:00.000Z',
      user_id: null,
      comment: null,
      details: '{}',
    })
    .execute();

  const created = await t.call('POST', templatesUrl(project), {
    token: site.manager,
    body: {
      name: 'Relatório mensal',
      language: 'pt-BR',
      period: 'month',
      sections: [{ kind: 'site_summary' }, { kind: 'alarms' }],
    },
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const asked = await t.call('POST', reportsUrl(project), {
    token: site.manager,
    body: { template_id: created.body.id, ...DAY },
  });
  expect(asked.status, JSON.stringify(asked.body)).toBe(202);
  const report = await finishedReport(t, site.manager, project, asked.body.id);
  expect(report.status, report.error ?? '').toBe('done');
  const res = await t.app.inject({
    method: 'GET',
    url: reportsUrl(project, report.id, '/pdf'),
    headers: { authorization: `Token ${site.manager}` },
  });
  writeFileSync(join(work, 'report.pdf'), res.rawPayload);
  text = execFileSync('pdftotext', ['-layout', join(work, 'report.pdf'), '-'], { encoding: 'utf8' });
}, 120_000);
afterAll(async () => {
  rmSync(work, { recursive: true, force: true });
  await t.close();
});

describe('a report in Brazilian Portuguese', () => {
  it("shows an instrument's safety state in the table of last values in Portuguese", () => {
    const states = webTexts('notifications').states!;
    // a row of the table starts with the instrument's eid
    const rowOf = (eid: string) => text.split('\n').find((l) => l.startsWith(`${eid} `));
    const row = rowOf('RPT-PZ-2');
    expect(row).toContain(` ${states.red} `);
    expect(row).not.toMatch(/\bred\b/);
    // an instrument the rules engine has not judged yet
    const unjudged = rowOf('RPT-PZ-1');
    expect(unjudged).toContain(` ${states.unknown} `);
  });

  it("names an alarm's source and level in Portuguese", () => {
    const alarms = webTexts('alarms');
    const page = text.split('\f').find((p) => p.includes('Piezometer RPT-PZ-2 ·'));
    expect(page).toContain(alarms.sources!.safety_state);
    expect(page).toContain(alarms.levels!.critical);
    expect(page).not.toContain('safety_state');
  });
});
