import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test-support/test-app.ts';
import { API, csv, importRegister, registryIds } from './test-fixtures.ts';

// requirements#site-contracts and issue 31: an .xlsx or .csv instrument register; a dry run shows each row as new,
// changed or unchanged and every error with its row and column; nothing is written while any row has
// an error; rows are matched by eid within the project.

let t: TestApp;
let admin: string;
let manager: string;
let operator: string;
let ids: ReturnType<typeof registryIds>;
beforeAll(async () => {
  t = await createTestApp();
  ids = registryIds(t);
  [admin, manager, operator] = await Promise.all([t.login('admin'), t.login('manager'), t.login('operator')]);
});
afterAll(() => t.close());

const HEADER = [
  'entity_type',
  'eid',
  'title',
  'scheme',
  'interface_node',
  'lat',
  'lon',
  'contracted_sla_time',
  'description',
  'labels',
  'context.tip_elevation',
];
const piezometer = (eid: string, overrides: Partial<Record<string, string | number>> = {}) => {
  const row: Record<string, string | number> = {
    entity_type: 'instrument',
    eid,
    title: `${eid} toe`,
    scheme: 'VW piezometer',
    interface_node: '',
    lat: -27.37,
    lon: -70.33,
    contracted_sla_time: 3600,
    description: '',
    labels: 'toe, east',
    'context.tip_elevation': 1120.5,
    ...overrides,
  };
  return HEADER.map((column) => row[column] ?? '');
};
const entityCount = async () => (await t.db.selectFrom('monitored_entities').select('id').execute()).length;
const historyCount = async () => (await t.db.selectFrom('registry_history').select('id').execute()).length;
const device = (eid: string) =>
  t.db
    .selectFrom('monitored_entities')
    .selectAll()
    .where('eid', '=', eid)
    .where('project_id', '=', cerroId)
    .executeTakeFirst();
let cerroId: string;
beforeAll(async () => {
  cerroId = await ids.project('cerro-azul');
});

describe('POST register/import', () => {
  it('previews a dry run row by row and writes nothing', async () => {
    const pz02 = await device('PZ-02');
    const before = await entityCount();
    const file = csv([HEADER, piezometer('PZ-R1'), piezometer('PZ-02', { title: 'PZ-02 renamed' })]);
    const res = await importRegister(t, manager, file, { dryRun: true });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ rows: 2, created: 1, updated: 1, unchanged: 0, errors: [] });
    expect(res.body.row_statuses).toEqual([
      { row: 2, eid: 'PZ-R1', status: 'new' },
      { row: 3, eid: 'PZ-02', status: 'changed' },
    ]);
    expect(await entityCount()).toBe(before);
    expect((await device('PZ-02'))!.title).toBe(pz02!.title);
  });

  it('creates and updates by eid in one go, with interface nodes made earlier in the same file, and keeps the history', async () => {
    const file = csv([
      HEADER,
      ['interface-node', 'DL-R1', 'DL-R1 toe logger', 'Data logger', '', -27.36, -70.33, 900, 'Solar logger', '', ''],
      piezometer('PZ-R2', { interface_node: 'DL-R1' }),
      piezometer('PZ-R3', { interface_node: 'DL-R1', 'context.tip_elevation': 1111 }),
      piezometer('PZ-03', { contracted_sla_time: 1800, labels: 'crest' }),
    ]);
    const res = await importRegister(t, manager, file);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ rows: 4, created: 3, updated: 1, unchanged: 0, errors: [] });
    const node = await device('DL-R1');
    const pz = await device('PZ-R3');
    expect(node).toMatchObject({
      entity_type: 'interface-node',
      contracted_sla_time: 900,
      description: 'Solar logger',
    });
    expect(pz).toMatchObject({ interface_node_id: node!.id, latitude: -27.37, longitude: -70.33 });
    expect(JSON.parse(pz!.context)).toEqual({ tip_elevation: 1111 });
    expect(JSON.parse(pz!.labels)).toEqual(['toe', 'east']);
    const profile = await t.call('GET', `${API}/instruments/${pz!.id}`, { token: operator });
    expect(profile.body.location).toEqual({ type: 'Point', coordinates: [-70.33, -27.37] });
    expect(profile.body.interface_node.eid).toBe('DL-R1');
    const pz03 = await device('PZ-03');
    expect(pz03!.contracted_sla_time).toBe(1800);
    const history = (await t.call('GET', `${API}/instruments/${pz03!.id}/history`, { token: operator })).body;
    expect(history.objects[0]).toMatchObject({
      action: 'updated',
      changed_by: 'manager',
      fields: { contracted_sla_time: { new: 1800 }, labels: { new: ['crest'] } },
    });
    const created = (await t.call('GET', `${API}/interface-nodes/${node!.id}/history`, { token: operator })).body;
    expect(created.objects.map((h: any) => h.action)).toEqual(['created']);

    // The same file again changes nothing.
    const again = await importRegister(t, manager, file);
    expect(again.body).toMatchObject({ rows: 4, created: 0, updated: 0, unchanged: 4 });
  });

  it('writes nothing when any row has an error, and names every error by row and column', async () => {
    const before = { entities: await entityCount(), history: await historyCount() };
    const file = csv([
      HEADER,
      piezometer('PZ-R10'),
      piezometer('PZ-R11', { lat: 91 }),
      piezometer('PZ-R10', { title: 'again' }),
      piezometer('PZ-R12', { scheme: 'Vibrating wire' }),
      piezometer('PZ-R13', { interface_node: 'DL-99' }),
      piezometer('PZ-R14', { contracted_sla_time: 'hourly' }),
      piezometer('PZ-R15', { 'context.tip_elevation': 'deep' }),
      piezometer('PZ-R16', { lon: -181 }),
      piezometer('PZ-02', { entity_type: 'virtual-device' }),
      ['instrument', 'PZ-R17', 'Weather', 'Automatic weather station', '', '', '', '', '', '', 12],
    ]);
    const res = await importRegister(t, manager, file);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ error_type: 'ValidationError', rows: 10 });
    expect(res.body.message).toMatch(/nothing was imported/);
    expect(res.body.errors).toEqual([
      { row: 3, column: 'lat', message: 'Latitude must be between -90 and 90, not 91' },
      { row: 4, column: 'eid', message: 'Duplicate eid PZ-R10: also on row 2' },
      { row: 5, column: 'scheme', message: 'Unknown scheme Vibrating wire' },
      { row: 6, column: 'interface_node', message: 'Unknown interface node DL-99' },
      {
        row: 7,
        column: 'contracted_sla_time',
        message: 'Contracted SLA time (seconds) must be a number, not "hourly"',
      },
      { row: 8, column: 'context.tip_elevation', message: 'Context metric tip_elevation must be a number, not "deep"' },
      { row: 9, column: 'lon', message: 'Longitude must be between -180 and 180, not -181' },
      { row: 10, column: 'entity_type', message: 'PZ-02 is an existing instrument; its type cannot change' },
      {
        row: 11,
        column: 'context.tip_elevation',
        message: 'The scheme Automatic weather station declares no context metric tip_elevation',
      },
    ]);
    expect(res.body.details['rows.3.lat']).toEqual(['Latitude must be between -90 and 90, not 91']);
    expect({ entities: await entityCount(), history: await historyCount() }).toEqual(before);
    expect(await device('PZ-R10')).toBeUndefined();
  });

  it('reads a workbook, and a CSV with a BOM separated by semicolons', async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Instruments');
    sheet.addRow(HEADER);
    sheet.addRow(piezometer('PZ-R20', { 'context.tip_elevation': 1099.25 }));
    const xlsx = Buffer.from(await workbook.xlsx.writeBuffer());
    const fromXlsx = await importRegister(t, admin, xlsx, { filename: 'register.xlsx' });
    expect(fromXlsx.body).toMatchObject({ rows: 1, created: 1, errors: [] });
    expect(JSON.parse((await device('PZ-R20'))!.context)).toEqual({ tip_elevation: 1099.25 });

    const semicolons =
      '\ufeff' +
      csv([HEADER, ['', '', ''], piezometer('PZ-R21', { lat: '-27,5', labels: 'toe' }), piezometer('PZ-R24')], ';');
    const fromCsv = await importRegister(t, admin, semicolons);
    expect(fromCsv.body).toMatchObject({ rows: 2, created: 2, errors: [] });
    expect(fromCsv.body.row_statuses.map((s: any) => s.row)).toEqual([3, 4]);
    expect(await device('PZ-R21')).toMatchObject({ latitude: -27.5, title: 'PZ-R21 toe' });
  });

  it('refuses a formula cell of a workbook that has no value', async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Instruments');
    sheet.addRow(HEADER);
    const row = sheet.addRow(piezometer('PZ-R22'));
    row.getCell(HEADER.indexOf('context.tip_elevation') + 1).value = {
      formula: 'A1/0',
      result: { error: '#DIV/0!' },
    } as never;
    const res = await importRegister(t, admin, Buffer.from(await workbook.xlsx.writeBuffer()), { dryRun: true });
    expect(res.body.errors).toEqual([
      {
        row: 2,
        column: 'context.tip_elevation',
        message: 'Context metric tip_elevation: the cell holds a formula without a value; enter the number',
      },
    ]);
  });

  it('refuses an empty file, a file that is not a spreadsheet, and an unknown column', async () => {
    const empty = await importRegister(t, admin, '');
    expect(empty.status).toBe(400);
    expect(empty.body.errors).toEqual([{ row: 0, column: 'file', message: 'The file is empty' }]);
    const headerOnly = await importRegister(t, admin, csv([HEADER]), { dryRun: true });
    expect(headerOnly.body.errors).toEqual([{ row: 0, column: 'file', message: 'The file has a header but no rows' }]);
    const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);
    const image = await importRegister(t, admin, png, { filename: 'photo.png' });
    expect(image.status).toBe(400);
    expect(image.body.errors[0]).toMatchObject({
      row: 0,
      column: 'file',
      message: expect.stringMatching(/not an \.xlsx workbook or a CSV/),
    });
    const brokenZip = Buffer.concat([Buffer.from('PK\x03\x04'), Buffer.alloc(100, 7)]);
    expect((await importRegister(t, admin, brokenZip, { filename: 'register.xlsx' })).body.errors[0].column).toBe(
      'file',
    );
    const unknown = await importRegister(
      t,
      admin,
      csv([
        [...HEADER, 'colour'],
        [...piezometer('PZ-R23'), 'red'],
      ]),
    );
    expect(unknown.body.errors).toEqual([{ row: 1, column: 'colour', message: 'Unknown column colour (column 12)' }]);
  });

  it('refuses a file over 10 MiB with 413 in the error shape and closes the connection', async () => {
    const big = csv([HEADER]) + 'x'.repeat(30 * 1024 * 1024);
    const res = await importRegister(t, admin, big);
    expect(res.status).toBe(413);
    expect(res.body).toMatchObject({ error_type: 'PayloadTooLarge', errors: [{ row: 0, column: 'file' }] });
    expect(res.headers.connection).toBe('close');
    // Just over the limit, the form's own size lets it in: the file is cut off as it streams.
    const justOver = csv([HEADER]) + 'x'.repeat(10 * 1024 * 1024);
    const streamed = await importRegister(t, admin, justOver);
    expect(streamed.status).toBe(413);
    expect(streamed.body.errors).toEqual([{ row: 0, column: 'file', message: 'A register file is at most 10 MiB' }]);
    expect(streamed.headers.connection).toBe('close');
  });

  it('is for administrators and managers', async () => {
    const before = await entityCount();
    const res = await importRegister(t, operator, csv([HEADER, piezometer('PZ-R30')]));
    expect(res.status).toBe(403);
    expect(await entityCount()).toBe(before);
    const dryRun = await t.call('POST', `${API}/register/import`, { token: admin, body: { dry_run: true } });
    expect(dryRun.status).toBe(415);
  });

  it('matches eids within the project only', async () => {
    await ids.switchTo(manager, 'ouse-embankment');
    const res = await importRegister(t, manager, csv([HEADER, piezometer('PZ-R2', { title: 'Ouse PZ-R2' })]), {
      dryRun: true,
    });
    expect(res.body.row_statuses).toEqual([{ row: 2, eid: 'PZ-R2', status: 'new' }]);
    await ids.switchTo(manager, 'cerro-azul');
  });
});
