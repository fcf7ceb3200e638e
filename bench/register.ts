import { appendFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { REGISTER_COLUMNS, type RegisterImportAnswer } from '@vigil/domain';
import { DEMO_PASSWORD, DEMO_PROJECTS } from '../packages/server/src/demo/site.ts';
import { demoApp } from './demo-app.ts';
import { percentile } from './measure.ts';
import { machine } from './report.ts';

/**
 * Issue 31's budgets through real HTTP on SQLite: a register of 2,000 instruments (on 40 new
 * interface nodes, with a context metric and labels), as CSV and as .xlsx, previewed (dry run,
 * ≤ 3 s) and imported (≤ 10 s); then the same register with every title changed, imported again.
 */
const INSTRUMENTS = 2000;
const NODES = 40;
const DRY_RUNS = 3;

function registerRows(prefix: string, titleSuffix = '') {
  const header = [...REGISTER_COLUMNS, 'context.tip_elevation'];
  const rows: Array<Array<string | number>> = [header];
  for (let n = 1; n <= NODES; n++)
    rows.push([
      'interface-node',
      `${prefix}DL-${n}`,
      `Logger ${n}${titleSuffix}`,
      'Data logger',
      '',
      -27.36,
      -70.33,
      900,
      '',
      'bench',
      '',
    ]);
  for (let n = 1; n <= INSTRUMENTS; n++)
    rows.push([
      'instrument',
      `${prefix}PZ-${n}`,
      `Piezometer ${n}${titleSuffix}`,
      'VW piezometer',
      `${prefix}DL-${(n % NODES) + 1}`,
      -27.36 + n * 1e-5,
      -70.33 - n * 1e-5,
      3600,
      `Bench piezometer ${n}`,
      'bench, toe',
      1100 + (n % 50),
    ]);
  return rows;
}

const csvOf = (rows: Array<Array<string | number>>) =>
  rows.map((row) => row.map((c) => (String(c).includes(',') ? `"${c}"` : c)).join(',')).join('\r\n');

async function xlsxOf(rows: Array<Array<string | number>>) {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Register');
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

async function main() {
  const command = process.env.BENCH_COMMAND ?? 'npx node bench/register.ts';
  const dataDir = mkdtempSync(join(tmpdir(), 'vigil-bench-register-'));
  const { app, db } = await demoApp(dataDir);
  const base = await app.listen({ host: '127.0.0.1', port: 0 });
  try {
    const login = await fetch(`${base}/auth/api/v1/users/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'admin', password: DEMO_PASSWORD }),
    });
    const { token } = (await login.json()) as { token: string };
    const project = await db
      .selectFrom('projects')
      .select('id')
      .where('name', '=', DEMO_PROJECTS[0].name)
      .executeTakeFirstOrThrow();
    await fetch(`${base}/auth/api/v1/users/switch-data-context`, {
      method: 'POST',
      headers: { authorization: `Token ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ data_context: project.id }),
    });

    /** One import call, timed from the request to the parsed answer. */
    async function send(bytes: Buffer, name: string, dryRun: boolean, expect: Partial<RegisterImportAnswer>) {
      const form = new FormData();
      form.append('file', new Blob([new Uint8Array(bytes)]), name);
      form.append('dry_run', String(dryRun));
      const started = performance.now();
      const res = await fetch(`${base}/device-registry/api/v1/register/import`, {
        method: 'POST',
        headers: { authorization: `Token ${token}` },
        body: form,
      });
      const answer = (await res.json()) as RegisterImportAnswer;
      const ms = performance.now() - started;
      for (const [key, value] of Object.entries(expect))
        if (answer[key as keyof RegisterImportAnswer] !== value)
          throw new Error(
            `${name}: ${key} is ${JSON.stringify(answer[key as keyof RegisterImportAnswer])}, not ${value}`,
          );
      return ms;
    }

    const total = INSTRUMENTS + NODES;
    const csv = Buffer.from(csvOf(registerRows('A-')));
    const xlsx = await xlsxOf(registerRows('B-'));
    const renamed = Buffer.from(csvOf(registerRows('A-', ' (renamed)')));
    await send(Buffer.from(csvOf(registerRows('W-').slice(0, 50))), 'warm-up.csv', true, {});

    const dry = { csv: [] as number[], xlsx: [] as number[] };
    for (let i = 0; i < DRY_RUNS; i++) {
      dry.csv.push(await send(csv, 'register.csv', true, { created: total }));
      dry.xlsx.push(await send(xlsx, 'register.xlsx', true, { created: total }));
    }
    const importCsv = await send(csv, 'register.csv', false, { created: total });
    const importXlsx = await send(xlsx, 'register.xlsx', false, { created: total });
    const update = await send(renamed, 'register.csv', false, { updated: total });

    const verdict = (ms: number, budget: number) => `≤ ${budget / 1000} s: ${ms <= budget ? 'met' : 'NOT met'}`;
    const row = (what: string, ms: number, budget: number, calls = 1) =>
      `| ${what} | ${calls} | ${(ms / 1000).toFixed(2)} | ${verdict(ms, budget)} |`;
    const section = [
      '',
      `## ${new Date().toISOString().replace('T', ' ').slice(0, 16)} UTC: instrument register import (issue 31)`,
      '',
      `- machine: ${machine()}`,
      `- Node ${process.version}`,
      `- command: \`${command}\``,
      `- set-up: in-process server on a temporary SQLite file seeded with the demo site, HTTP over 127.0.0.1; a register of ${INSTRUMENTS} instruments on ${NODES} new interface nodes (${total} rows, a context metric, labels, locations): CSV ${(csv.length / 1e6).toFixed(2)} MB, .xlsx ${(xlsx.length / 1e6).toFixed(2)} MB; time from the multipart POST to the parsed answer`,
      '',
      '| measurement | calls | s (median) | budget |',
      '| --- | ---: | ---: | --- |',
      row('dry run, CSV, every row new', percentile(dry.csv, 50), 3000, DRY_RUNS),
      row('dry run, .xlsx, every row new', percentile(dry.xlsx, 50), 3000, DRY_RUNS),
      row('import, CSV, every row created', importCsv, 10_000),
      row('import, .xlsx, every row created', importXlsx, 10_000),
      row('import, CSV, every title changed', update, 10_000),
      '',
    ].join('\n');
    appendFileSync(join(import.meta.dirname, 'RESULTS.md'), section);
    console.log(section);
  } finally {
    await app.close();
    await db.destroy();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
