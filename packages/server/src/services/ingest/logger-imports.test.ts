import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test-support/test-app.ts';
import { createChain, finished, importFile, IMPORTS, PROFILES, sendFile, toa5 } from './import-fixtures.ts';
import { CERRO, createPiezometers, storageSnapshot, tokenFor, type TestDevices } from './test-fixtures.ts';
import { storedReadingsOf } from '../../test-support/stored-readings.ts';

const NODES = 15;
let t: TestApp;
let devices: TestDevices;
let chain: Awaited<ReturnType<typeof createChain>>;
let admin: string;
let toa5Profile: string;
let csvProfile: string;

/** The inclinometer logger's fields: battery and panel temperature, then tilt, deflection and temperature of each node. */
const FIELDS = [
  { name: 'BattV', unit: 'Volts', process: 'Smp' },
  { name: 'PTemp_C', unit: 'Deg C', process: 'Smp' },
  ...['Tilt_A', 'Defl_A', 'Temp_C'].flatMap((name) =>
    Array.from({ length: NODES }, (_, i) => ({
      name: `${name}(${i + 1})`,
      unit: name === 'Tilt_A' ? 'deg' : name === 'Defl_A' ? 'mm' : 'Deg C',
      process: 'Avg',
    })),
  ),
];

/** Row i of the chain: node n tilts n/100 + i/1000 degrees, deflects n + i/10 mm, at 12 °C. */
function chainRow(i: number, at?: string): { at: string; record: number; values: Array<string | number> } {
  const stamp = at ?? new Date(Date.UTC(2026, 0, 1, i)).toISOString().replace('T', ' ').replace('.000Z', '');
  const nodes = Array.from({ length: NODES }, (_, n) => n + 1);
  return {
    at: stamp,
    record: i,
    values: [
      12.81,
      21.3,
      ...nodes.map((n) => +(n / 100 + i / 1000).toFixed(4)),
      ...nodes.map((n) => +(n + i / 10).toFixed(2)),
      ...nodes.map(() => 12),
    ],
  };
}

const rowsOf = (from: number, to: number) => Array.from({ length: to - from }, (_, k) => chainRow(from + k));

async function storedOf(entityId: string) {
  const rows = await storedReadingsOf(t.db, entityId);
  return rows.map((r) => ({ data_point_id: r.data_point_id, read_at: r.read_at, metrics: r.metrics }));
}

beforeAll(async () => {
  t = await createTestApp();
  devices = await createPiezometers(t, CERRO, { 'IMP-PZ-1': 400, 'IMP-PZ-2': 410 });
  chain = await createChain(t, devices.projectId, 'IPI-T1', NODES);
  admin = await tokenFor(t, 'admin', devices.projectId);
  const columns = ['Tilt_A', 'Defl_A', 'Temp_C'].flatMap((name) =>
    Array.from({ length: NODES }, (_, i) => ({
      column: `${name}(${i + 1})`,
      eid: 'IPI-T1',
      data_point: `IPI-T1-N${String(i + 1).padStart(2, '0')}`,
      metric: name === 'Tilt_A' ? 'tilt_a' : name === 'Defl_A' ? 'a_axis' : 'temperature',
      // the logger's thermistors read 0.5 °C high
      ...(name === 'Temp_C' ? { offset: -0.5 } : {}),
    })),
  );
  const created = await t.call('POST', PROFILES, {
    token: admin,
    body: { name: 'IPI-T1 CR6', format: 'toa5', columns },
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  toa5Profile = created.body.id;
  const csv = await t.call('POST', PROFILES, {
    token: admin,
    body: {
      name: 'Gateway CSV',
      format: 'csv',
      delimiter: ';',
      decimal: ',',
      timestamp_column: 'Date/Time',
      timestamp_format: 'DD/MM/YYYY HH:mm:ss',
      timezone: 'Europe/London',
      nan_values: ['-7999'],
      columns: [
        { column: 'PZ1 kPa', eid: 'IMP-PZ-1', metric: 'pressure' },
        { column: 'PZ1 °C', eid: 'IMP-PZ-1', metric: 'temperature' },
        { column: 'PZ2 MPa', eid: 'IMP-PZ-2', metric: 'pressure', scale: 1000 },
      ],
    },
  });
  expect(csv.status, JSON.stringify(csv.body)).toBe(201);
  csvProfile = csv.body.id;
});
afterAll(() => t.close());

describe('TOA5 imports', () => {
  it('imports an in-place inclinometer logger’s table: 15 nodes of tilt, deflection and temperature', async () => {
    const rows = rowsOf(0, 24);
    // NAN is no value; INF is a value the sensor could not give; fractional seconds are kept.
    rows[3]!.values[2] = 'NAN';
    rows[4]!.values[2 + NODES] = 'INF';
    rows[5]!.values[2 + NODES * 2] = '-INF';
    rows[6]!.at = '2026-01-01 06:00:00.25';
    const sent = await sendFile(t, { token: admin }, toa5Profile, 'CR6_IPI_Table1.dat', toa5(FIELDS, rows));
    expect(sent.status, JSON.stringify(sent.body)).toBe(202);
    expect(sent.body).toMatchObject({ status: 'queued', file_name: 'CR6_IPI_Table1.dat', rows_done: 0 });
    const done = await finished(t, admin, sent.body.id);
    expect(done).toMatchObject({ status: 'done', rows_total: 24, rows_done: 24, error: null, origin: 'upload' });
    expect(done.result).toEqual({
      readings_accepted: 24 * NODES,
      duplicates: 0,
      invalid_values: 2,
      out_of_scope: 0,
      unmapped_columns: ['BattV', 'PTemp_C'],
      errors: [],
    });

    const stored = await storedOf(chain.id);
    expect(stored).toHaveLength(24 * NODES);
    const node3 = stored.filter((r) => r.data_point_id === chain.points['IPI-T1-N03']);
    expect(node3[0]).toMatchObject({
      read_at: '2026-01-01T00:00:00.000Z',
      metrics: { raw_metrics: { tilt_a: 0.03, a_axis: 3, temperature: 11.5 } },
    });
    expect(node3[6]!.read_at).toBe('2026-01-01T06:00:00.250Z');
    // Row 3's NAN left node 1 without a tilt; rows 4 and 5 lost their infinite values.
    const node1 = stored.filter((r) => r.data_point_id === chain.points['IPI-T1-N01']);
    expect(node1[3]!.metrics.raw_metrics).toEqual({ a_axis: 1.3, temperature: 11.5 });
    expect(node1[4]!.metrics.raw_metrics).toEqual({ tilt_a: 0.014, temperature: 11.5 });
    expect(node1[5]!.metrics.raw_metrics).toEqual({ tilt_a: 0.015, a_axis: 1.5 });

    const list = await t.call('GET', `${IMPORTS}?paginate_by=5`, { token: admin });
    expect(list.body.objects[0]).toMatchObject({ id: sent.body.id, created_by: 'admin', status: 'done' });
  });

  it('stores nothing new when the same file comes again, and only the new rows of a file that grew', async () => {
    const first = toa5(FIELDS, rowsOf(100, 130));
    const once = await importFile(t, admin, toa5Profile, 'grow.dat', first);
    expect(once.result.readings_accepted).toBe(30 * NODES);
    const before = await storageSnapshot(t);

    const again = await importFile(t, admin, toa5Profile, 'grow.dat', first);
    expect(again.status).toBe('done');
    expect(again.result).toMatchObject({ readings_accepted: 0, duplicates: 30 * NODES, errors: [] });
    expect(await storageSnapshot(t)).toEqual(before);

    const grown = await importFile(
      t,
      admin,
      toa5Profile,
      'grow.dat',
      first + toa5(FIELDS, rowsOf(130, 135)).split('\r\n').slice(4).join('\r\n'),
    );
    expect(grown.result).toMatchObject({ readings_accepted: 5 * NODES, duplicates: 30 * NODES, errors: [] });
    expect(grown.rows_total).toBe(35);
  });

  it('lists bad lines with their number and reason, and imports the others', async () => {
    const text = toa5(FIELDS, rowsOf(200, 206)).split('\r\n');
    // line 5 is the first row: line 6 loses fields, line 7's time does not parse, line 9 goes back in time
    text[5] = text[5]!.split(',').slice(0, 10).join(',');
    text[6] = text[6]!.replace(/^"[^"]*"/, '"2026-13-45 25:00:00"');
    text[8] = text[8]!.replace(/^"[^"]*"/, '"2026-01-01 00:00:00"');
    text[9] = text[9]!
      .split(',')
      .map((field, i) => (i === 4 ? 'oops' : field))
      .join(',');
    const done = await importFile(t, admin, toa5Profile, 'bad-lines.dat', text.join('\r\n'));
    expect(done.status).toBe('done');
    expect(done.result.errors).toEqual([
      { line: 6, message: `Expected ${FIELDS.length + 2} fields, found 10` },
      { line: 7, message: 'The timestamp "2026-13-45 25:00:00" does not parse' },
      {
        line: 9,
        message: expect.stringMatching(/^Out of time order: 2026-01-01 00:00:00 is not after the row before/),
      },
      { line: 10, message: 'Tilt_A(1): "oops" is not a number' },
    ]);
    // rows of lines 5, 8 and 10 are stored (line 10 without its bad value)
    expect(done.result.readings_accepted).toBe(3 * NODES);
  });

  it('fails a file that is not TOA5, and a TOA5 whose header is cut short, storing nothing', async () => {
    const before = await storageSnapshot(t);
    const csv = await importFile(t, admin, toa5Profile, 'not-toa5.csv', 'Date,Value\n2026-09-01,1\n');
    expect(csv).toMatchObject({
      status: 'failed',
      error: 'Not a TOA5 file: the first line does not start with "TOA5"',
    });
    const cut = toa5(FIELDS, []).split('\r\n').slice(0, 2).join('\r\n');
    const truncated = await importFile(t, admin, toa5Profile, 'cut.dat', cut);
    expect(truncated).toMatchObject({ status: 'failed', error: 'Truncated TOA5 header: 2 of its 4 lines' });
    const units = toa5(FIELDS, rowsOf(0, 2)).split('\r\n');
    units[2] = units[2]!.split(',').slice(0, 5).join(',');
    const short = await importFile(t, admin, toa5Profile, 'short-units.dat', units.join('\r\n'));
    expect(short.status).toBe('failed');
    expect(short.error).toMatch(/^Truncated TOA5 header/);
    const binary = await importFile(
      t,
      admin,
      toa5Profile,
      'image.png',
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 0, 0, 13]),
    );
    expect(binary).toMatchObject({ status: 'failed', error: 'Not a text file: TOA5 and CSV files are text' });
    expect(await storageSnapshot(t)).toEqual(before);
  });

  it('keeps the batches it reported as accepted when a file fails half-way, and the repaired file completes it', async () => {
    const good = toa5(FIELDS, rowsOf(300, 2800));
    const damaged = `${good}${'\u0000'.repeat(512)}\r\n${toa5(FIELDS, rowsOf(2800, 2810)).split('\r\n').slice(4).join('\r\n')}`;
    const failed = await importFile(t, admin, toa5Profile, 'damaged.dat', damaged);
    expect(failed.status).toBe('failed');
    expect(failed.error).toBe('Line 2505 holds NUL bytes: the file is damaged from there on');
    // Whole batches were committed (333 rows of 15 payloads each: at most 5000 payloads a batch); the
    // rows after the last of them were not, and are not reported.
    expect(failed.rows_done).toBe(333 * 7);
    expect(failed.result.readings_accepted).toBe(failed.rows_done * NODES);
    const stored = await storedReadingsOf(t.db, chain.id, { from: new Date(Date.UTC(2026, 0, 1, 300)).toISOString() });
    expect(stored.length).toBe(failed.result.readings_accepted);

    // The repaired file, followed as it goes: rows_done climbs batch by batch towards rows_total.
    const sent = await sendFile(t, { token: admin }, toa5Profile, 'damaged.dat', good);
    const seen: Array<{ status: string; rows_done: number; rows_total: number }> = [];
    let repaired;
    do {
      await new Promise((resolve) => setTimeout(resolve, 5));
      repaired = (await t.call('GET', `${IMPORTS}/${sent.body.id}`, { token: admin })).body;
      const { status, rows_done, rows_total } = repaired;
      seen.push({ status, rows_done, rows_total });
    } while (repaired.status === 'queued' || repaired.status === 'running');
    const progress = seen.filter((s) => s.status === 'running' && s.rows_total === 2500).map((s) => s.rows_done);
    expect(progress.some((done) => done > 0 && done < 2500)).toBe(true);
    expect(progress).toEqual([...progress].sort((a, b) => a - b));
    expect(repaired.result).toMatchObject({
      readings_accepted: (2500 - failed.rows_done) * NODES,
      duplicates: failed.rows_done * NODES,
    });
  });
});

describe('CSV imports', () => {
  it('reads a delimiter, a decimal comma, a day-first pattern in the logger’s zone and "no value" numbers', async () => {
    const text = [
      'Date/Time;PZ1 kPa;PZ1 °C;PZ2 MPa;Battery',
      '01/07/2026 10:00:00;101,5;12,25;0,2005;12,9',
      '01/07/2026 11:00:00;-7999;12,5;0,2010;12,9',
      '01/07/2026 12:00:00;102,0;-7999,0;-7999;12,8',
      '15/01/2026 12:00:00;99;11;0,2;12,8',
    ].join('\n');
    const done = await importFile(t, admin, csvProfile, 'gateway.csv', text);
    expect(done.status, JSON.stringify(done)).toBe('done');
    expect(done.result).toMatchObject({ unmapped_columns: ['Battery'], readings_accepted: 5 });
    expect(done.result.errors).toEqual([{ line: 5, message: expect.stringMatching(/^Out of time order/) }]);
    const pz1 = await storedOf(devices.ids['IMP-PZ-1']!);
    // British Summer Time: 10:00 in London is 09:00 UTC.
    expect(pz1.map((r) => [r.read_at, r.metrics.raw_metrics])).toEqual([
      ['2026-07-01T09:00:00.000Z', { pressure: 101.5, temperature: 12.25 }],
      ['2026-07-01T10:00:00.000Z', { temperature: 12.5 }],
      ['2026-07-01T11:00:00.000Z', { pressure: 102 }],
    ]);
    const pz2 = await storedOf(devices.ids['IMP-PZ-2']!);
    expect(pz2.map((r) => r.metrics.raw_metrics.pressure)).toEqual([200.5, 201]);
  });

  it('fails a file without the profile’s columns', async () => {
    const done = await importFile(t, admin, csvProfile, 'other.csv', 'Date/Time;PZ1 kPa\n01/07/2026 10:00:00;1\n');
    expect(done).toMatchObject({
      status: 'failed',
      error: 'Not a file of the profile: it has no column "PZ1 °C", "PZ2 MPa"',
    });
  });
});

describe('POST imports', () => {
  it('refuses a form without a file or with an unknown profile, and other projects’ imports are unseen', async () => {
    const noProfile = await sendFile(t, { token: admin }, 'no-such-profile', 'x.dat', 'TOA5');
    expect(noProfile.status).toBe(400);
    expect(noProfile.body.details).toHaveProperty('profile');
    const empty = await sendFile(t, { token: admin }, toa5Profile, 'empty.dat', '');
    expect(empty.status).toBe(400);
    expect(empty.body.details).toHaveProperty('file');
    const operator = await tokenFor(t, 'operator', devices.projectId);
    expect((await sendFile(t, { token: operator }, toa5Profile, 'x.dat', 'TOA5')).status).toBe(403);
    const list = await t.call('GET', IMPORTS, { token: operator });
    expect(list.status).toBe(200);
    expect(list.body.count).toBeGreaterThan(0);
  });
});
