import { appendFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test-support/test-app.ts';
import { IMPORTS, PROFILES } from './import-fixtures.ts';
import { CERRO, createPiezometers, tokenFor, type TestDevices } from './test-fixtures.ts';

const POLL_SECONDS = 0.2;
let t: TestApp;
let dir: string;
let folder: string;
let devices: TestDevices;
let admin: string;

const header = 'time,pz1';
const rows = (from: number, n: number) =>
  Array.from({ length: n }, (_, i) => `${new Date(Date.UTC(2026, 4, 1, from + i)).toISOString()},${100 + i}`);

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
async function until(what: () => boolean, timeoutMs = 15_000) {
  const end = Date.now() + timeoutMs;
  while (!what()) {
    if (Date.now() > end) throw new Error('timed out');
    await sleep(20);
  }
}
const report = (name: string, outcome: 'done' | 'failed') =>
  JSON.parse(readFileSync(join(folder, outcome, `${name}.json`), 'utf8'));

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'vigil-import-dir-'));
  t = await createTestApp({ env: { IMPORT_DIR: dir, IMPORT_POLL_SECONDS: String(POLL_SECONDS) } });
  devices = await createPiezometers(t, CERRO, { 'DIR-PZ-1': 400 });
  admin = await tokenFor(t, 'admin', devices.projectId);
  const created = await t.call('POST', PROFILES, {
    token: admin,
    body: {
      name: 'Site gateway',
      format: 'csv',
      timestamp_column: 'time',
      columns: [{ column: 'pz1', eid: 'DIR-PZ-1', metric: 'pressure' }],
    },
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  folder = join(dir, 'cerro-azul', 'Site gateway');
  mkdirSync(folder, { recursive: true });
});
afterAll(async () => {
  await t.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('the watched folder (IMPORT_DIR)', () => {
  it('imports a file dropped in <project-slug>/<profile-name>/ and moves it to done/ beside its report', async () => {
    writeFileSync(join(folder, 'north.csv'), [header, ...rows(0, 6)].join('\n'));
    await until(() => existsSync(join(folder, 'done', 'north.csv.json')));
    expect(existsSync(join(folder, 'north.csv'))).toBe(false);
    expect(existsSync(join(folder, 'done', 'north.csv'))).toBe(true);
    expect(report('north.csv', 'done')).toMatchObject({
      status: 'done',
      file_name: 'north.csv',
      origin: 'folder',
      rows_total: 6,
      rows_done: 6,
      result: { readings_accepted: 6, errors: [] },
    });
    const list = await t.call('GET', `${IMPORTS}?origin=folder`, { token: admin });
    expect(list.body.objects.map((i: { file_name: string }) => i.file_name)).toContain('north.csv');
  });

  it('moves a file that fails to failed/, with the reason in its report', async () => {
    writeFileSync(join(folder, 'other.csv'), 'when,what\n2026-05-01T00:00:00Z,1\n');
    await until(() => existsSync(join(folder, 'failed', 'other.csv.json')));
    expect(report('other.csv', 'failed')).toMatchObject({
      status: 'failed',
      error: 'Not a file of the profile: it has no timestamp column "time"',
    });
    expect(existsSync(join(folder, 'failed', 'other.csv'))).toBe(true);
  });

  it('leaves a file alone while it is being written, and imports it whole once its size holds', async () => {
    const path = join(folder, 'growing.csv');
    writeFileSync(path, `${header}\n`);
    // the logger appends a row four times between two looks, for five looks
    for (const [i, line] of rows(100, 20).entries()) {
      appendFileSync(path, `${line}\n`);
      await sleep(POLL_SECONDS * 250);
      expect(existsSync(path), `taken while still written, after row ${i}`).toBe(true);
      expect(existsSync(join(folder, 'processing', 'growing.csv'))).toBe(false);
    }
    await until(() => existsSync(join(folder, 'done', 'growing.csv.json')));
    expect(report('growing.csv', 'done').result).toMatchObject({ readings_accepted: 20, errors: [] });
  });

  it('ignores folders of unknown projects or profiles, hidden files and reports', async () => {
    mkdirSync(join(dir, 'no-such-project', 'Site gateway'), { recursive: true });
    writeFileSync(join(dir, 'no-such-project', 'Site gateway', 'a.csv'), [header, ...rows(0, 1)].join('\n'));
    mkdirSync(join(dir, 'cerro-azul', 'No such profile'), { recursive: true });
    writeFileSync(join(dir, 'cerro-azul', 'No such profile', 'b.csv'), [header, ...rows(0, 1)].join('\n'));
    writeFileSync(join(folder, '.upload-in-progress.csv'), [header, ...rows(0, 1)].join('\n'));
    await sleep(POLL_SECONDS * 1000 * 4);
    expect(existsSync(join(dir, 'no-such-project', 'Site gateway', 'a.csv'))).toBe(true);
    expect(existsSync(join(dir, 'cerro-azul', 'No such profile', 'b.csv'))).toBe(true);
    expect(existsSync(join(folder, '.upload-in-progress.csv'))).toBe(true);
  });
});
