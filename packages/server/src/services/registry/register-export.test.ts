import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { REGISTER_COLUMNS } from '@vigil/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test-support/test-app.ts';
import { API, importRegister, registryIds } from './test-fixtures.ts';

// requirements#site-contracts: export writes the import's columns, so that a register can go out, be edited in a
// spreadsheet and come back; a template holds the header row and one example row.

let t: TestApp;
let admin: string;
let operator: string;
let ids: ReturnType<typeof registryIds>;
beforeAll(async () => {
  t = await createTestApp();
  ids = registryIds(t);
  [admin, operator] = await Promise.all([t.login('admin'), t.login('operator')]);
});
afterAll(() => t.close());

async function download(path: string, token = operator) {
  const res = await t.app.inject({
    method: 'GET',
    url: `${API}/${path}`,
    headers: { authorization: `Token ${token}` },
  });
  return { status: res.statusCode, headers: res.headers, bytes: res.rawPayload };
}

async function xlsxRows(bytes: Buffer) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  const rows: unknown[][] = [];
  workbook.worksheets[0]!.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
  return rows;
}

const projectDevices = async (slug: 'cerro-azul' | 'ouse-embankment') =>
  (
    await t.db
      .selectFrom('monitored_entities')
      .select('id')
      .where('project_id', '=', await ids.project(slug))
      .execute()
  ).length;

describe('GET register/export', () => {
  it('exports every device of the project; the CSV imported back changes nothing', async () => {
    const res = await download('register/export?format=csv');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    expect(res.headers['content-disposition']).toBe('attachment; filename="register.csv"');
    const text = res.bytes.toString('utf8');
    expect(text.startsWith('\ufeff')).toBe(true);
    const [header, firstRow] = text.slice(1).split('\r\n');
    expect(header!.split(',').slice(0, REGISTER_COLUMNS.length)).toEqual([...REGISTER_COLUMNS]);
    expect(header).toContain('context.tip_elevation');
    expect(firstRow!.startsWith('interface-node,')).toBe(true);
    const back = await importRegister(t, admin, res.bytes, { dryRun: true });
    const devices = await projectDevices('cerro-azul');
    expect(back.body).toMatchObject({ rows: devices, created: 0, updated: 0, unchanged: devices, errors: [] });
  });

  it('writes a title a spreadsheet would run as a formula as text, and reads it back unchanged', async () => {
    const device = (await t.call('GET', `${API}/instruments?paginate_by=1`, { token: admin })).body.objects[0];
    const title = '=HYPERLINK("http://evil.example","PZ")';
    expect((await t.call('PATCH', `${API}/instruments/${device.id}`, { token: admin, body: { title } })).status).toBe(
      200,
    );
    const res = await download('register/export?format=csv');
    const text = res.bytes.toString('utf8');
    expect(text).toContain(`"'=HYPERLINK(""http://evil.example"",""PZ"")"`);
    expect(text).not.toMatch(/(^|,)=HYPERLINK/m);
    const back = await importRegister(t, admin, res.bytes, { dryRun: true });
    expect(back.body).toMatchObject({ created: 0, updated: 0, errors: [] });
    await t.call('PATCH', `${API}/instruments/${device.id}`, { token: admin, body: { title: device.title } });
  });

  it('exports a workbook whose numbers are numbers; imported back, it changes nothing', async () => {
    const res = await download('register/export?format=xlsx');
    expect(res.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    const rows = await xlsxRows(res.bytes);
    const pz03 = rows.find((r) => r[1] === 'PZ-03')!;
    expect(pz03[0]).toBe('instrument');
    expect(typeof pz03[5]).toBe('number');
    expect(typeof pz03[7]).toBe('number');
    const back = await importRegister(t, admin, res.bytes, { filename: 'register.xlsx' });
    expect(back.status).toBe(200);
    expect(back.body).toMatchObject({ created: 0, updated: 0, errors: [] });
    expect(back.body.unchanged).toBe(await projectDevices('cerro-azul'));
  });

  it('exports the current project only', async () => {
    await ids.switchTo(operator, 'ouse-embankment');
    const rows = await xlsxRows((await download('register/export')).bytes);
    expect(rows.length - 1).toBe(await projectDevices('ouse-embankment'));
    await ids.switchTo(operator, 'cerro-azul');
  });
});

describe('GET register/template', () => {
  it('holds the header row and one example row that imports cleanly', async () => {
    for (const format of ['csv', 'xlsx'] as const) {
      const res = await download(`register/template?format=${format}`);
      expect(res.status).toBe(200);
      expect(res.headers['content-disposition']).toBe(`attachment; filename="register-template.${format}"`);
      const preview = await importRegister(t, admin, res.bytes, { filename: `template.${format}`, dryRun: true });
      expect(preview.body, format).toMatchObject({ rows: 1, errors: [] });
    }
    const rows = await xlsxRows((await download('register/template?format=xlsx')).bytes);
    expect(rows).toHaveLength(2);
    expect(rows[0]!.slice(0, REGISTER_COLUMNS.length)).toEqual([...REGISTER_COLUMNS]);
  });

  it('has an example in docs that imports cleanly into the demo site', async () => {
    const file = readFileSync(join(import.meta.dirname, '../../../../../docs/register-template.csv'));
    const preview = await importRegister(t, admin, file, { dryRun: true });
    expect(preview.body).toMatchObject({ rows: 2, errors: [] });
  });

  it('refuses an unknown format', async () => {
    expect((await download('register/template?format=ods')).status).toBe(400);
  });
});
