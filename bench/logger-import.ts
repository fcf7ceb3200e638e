import { appendFileSync, createWriteStream, mkdtempSync, openAsBlob, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { once } from 'node:events';
import SQLite from 'better-sqlite3';
import type { LoggerImport } from '@vigil/domain';
import { DEMO_PASSWORD, DEMO_PROJECTS } from '../packages/server/src/demo/site.ts';
import { newId, nowIso, toJson } from '../packages/server/src/db/values.ts';
import { instrumentRow } from '../packages/server/src/test-support/entity-rows.ts';
import { seededDatabase } from './demo-app.ts';
import { until } from './measure.ts';
import { machine } from './report.ts';
import { resident, startServerProcess } from './server-process.ts';

/**
 * Issue 32's budget: a TOA5 file of 500,000 rows × 20 columns (10 M values, about 100 MB) imported
 * through `POST /ingest/api/v1/imports` in ≤ 60 s on SQLite, rules evaluated, with peak RSS growth
 * ≤ 200 MB. The 20 columns map to DEVICES devices (BENCH_IMPORT_DEVICES, default 2) of 20 / DEVICES
 * raw metrics each, so a row is DEVICES readings. Rows: BENCH_IMPORT_ROWS (default 500,000).
 */
const ROWS = Number(process.env.BENCH_IMPORT_ROWS ?? 500_000);
const DEVICES = Number(process.env.BENCH_IMPORT_DEVICES ?? 2);
const COLUMNS = 20;
const PER_DEVICE = COLUMNS / DEVICES;

/** Waits until the rules engine has evaluated every stored reading (its backlog, ADR 0015, is empty). */
async function evaluated(dataDir: string) {
  const file = new SQLite(join(dataDir, 'vigil.db'), { readonly: true });
  try {
    const waiting = file.prepare<[], { n: number }>('select count(*) as n from evaluation_backlog');
    await until(
      'the rules engine’s backlog empty (every reading evaluated)',
      1_800_000,
      () => waiting.get()!.n === 0,
      100,
    );
  } finally {
    file.close();
  }
}

/** Writes the logger's table: one row a minute, values drifting slowly, now and then a NAN. */
async function writeToa5(path: string) {
  const out = createWriteStream(path);
  const names = Array.from({ length: COLUMNS }, (_, i) => `Ch(${i + 1})`);
  const q = (list: string[]) => list.map((v) => `"${v}"`).join(',');
  out.write(`${q(['TOA5', 'CR6_Bench', 'CR6', '1001', 'CR6.Std.12.01', 'CPU:Bench.CR6', '4242', 'Table1'])}\r\n`);
  out.write(`${q(['TIMESTAMP', 'RECORD', ...names])}\r\n`);
  out.write(`${q(['TS', 'RN', ...names.map(() => 'kPa')])}\r\n`);
  out.write(`${q(['', '', ...names.map(() => 'Smp')])}\r\n`);
  const t0 = Date.UTC(2025, 0, 1);
  let chunk = '';
  for (let r = 0; r < ROWS; r++) {
    const stamp = new Date(t0 + r * 60_000).toISOString().slice(0, 19).replace('T', ' ');
    let line = `"${stamp}",${r}`;
    for (let c = 0; c < COLUMNS; c++)
      line += r % 997 === c ? ',"NAN"' : `,${(100 + c + ((r * (c + 3)) % 1000) / 100).toFixed(3)}`;
    chunk += `${line}\r\n`;
    if (chunk.length > 1 << 20) {
      if (!out.write(chunk)) await once(out, 'drain');
      chunk = '';
    }
  }
  out.end(chunk);
  await once(out, 'finish');
}

async function main() {
  const command = process.env.BENCH_COMMAND ?? `npx node ${[...process.execArgv, ''].join(' ')}bench/logger-import.ts`;
  const dataDir = mkdtempSync(join(tmpdir(), 'vigil-bench-import-'));
  const { db } = await seededDatabase(dataDir);
  let server: Awaited<ReturnType<typeof startServerProcess>> | undefined;
  try {
    const project = await db
      .selectFrom('projects')
      .select('id')
      .where('name', '=', DEMO_PROJECTS[0].name)
      .executeTakeFirstOrThrow();
    const now = nowIso();
    const schemeId = newId();
    const metrics = Array.from({ length: PER_DEVICE }, (_, i) => ({
      key: `ch${i + 1}`,
      label: `Channel ${i + 1}`,
      unit: 'kPa',
    }));
    await db
      .insertInto('schemes')
      .values({
        id: schemeId,
        project_id: project.id,
        name: 'Bench logger channels',
        type: 'standard',
        spec: toJson({
          metrics: { raw_metrics: metrics, calculated_metrics: [], context_metrics: [], user_metrics: [] },
          metric_limits: [{ group: 'raw_metrics', metric: 'ch1', level: 'warning', bound: 'upper', value: 150 }],
          invalid_bounds: [{ group: 'raw_metrics', metric: 'ch1', bound: 'upper', value: 5000 }],
        }),
        created_at: now,
        updated_at: now,
      })
      .execute();
    for (let d = 0; d < DEVICES; d++) {
      await db
        .insertInto('monitored_entities')
        .values(
          instrumentRow({
            id: newId(),
            project_id: project.id,
            eid: `BENCH-LOG-${d + 1}`,
            title: `Bench logger probe ${d + 1}`,
            scheme_id: schemeId,
          }),
        )
        .execute();
    }

    // The demo and the bench's devices are written; the server gets the database to itself.
    await db.destroy();
    server = await startServerProcess(dataDir);
    const { base, pid } = server;
    const login = await fetch(`${base}/auth/api/v1/users/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'admin', password: DEMO_PASSWORD }),
    });
    const { token } = (await login.json()) as { token: string };
    const call = async <T = { id: string }>(method: string, path: string, body?: unknown): Promise<T> => {
      const res = await fetch(`${base}${path}`, {
        method,
        headers: { authorization: `Token ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
        body: body ? JSON.stringify(body) : undefined,
      });
      if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
      return (await res.json()) as T;
    };
    await call('POST', '/auth/api/v1/users/switch-data-context', { data_context: project.id });
    const profile = await call('POST', '/ingest/api/v1/import-profiles', {
      name: 'Bench CR6',
      format: 'toa5',
      columns: Array.from({ length: COLUMNS }, (_, c) => ({
        column: `Ch(${c + 1})`,
        eid: `BENCH-LOG-${Math.floor(c / PER_DEVICE) + 1}`,
        metric: `ch${(c % PER_DEVICE) + 1}`,
      })),
    });

    const file = join(dataDir, 'CR6_Bench_Table1.dat');
    await writeToa5(file);
    const bytes = statSync(file).size;

    const before = resident(pid);
    const peak = { ...before };
    const sampler = setInterval(() => {
      const now = resident(pid);
      peak.total = Math.max(peak.total, now.total);
      peak.anon = Math.max(peak.anon, now.anon);
      peak.file = Math.max(peak.file, now.file);
    }, 100);

    const started = performance.now();
    const form = new FormData();
    form.append('profile', profile.id);
    form.append('file', await openAsBlob(file), 'CR6_Bench_Table1.dat');
    const sent = await fetch(`${base}/ingest/api/v1/imports`, {
      method: 'POST',
      headers: { authorization: `Token ${token}` },
      body: form,
    });
    if (sent.status !== 202) throw new Error(`POST imports: ${sent.status} ${await sent.text()}`);
    const uploadedMs = performance.now() - started;
    const { id } = (await sent.json()) as { id: string };
    /** resident growth (MiB) when a quarter, half, three quarters of the rows were done: flat or not */
    const atQuarter: number[] = [];
    let state = { status: 'queued' } as LoggerImport;
    await until(
      'the import’s end (status neither queued nor running)',
      1_800_000,
      async () => {
        state = await call<LoggerImport>('GET', `/ingest/api/v1/imports/${id}`);
        while (atQuarter.length < 3 && state.rows_done >= (ROWS * (atQuarter.length + 1)) / 4) {
          atQuarter.push(resident(pid).total - before.total);
        }
        return state.status !== 'queued' && state.status !== 'running';
      },
      250,
    );
    const importedMs = performance.now() - started;
    await evaluated(dataDir);
    const evaluatedMs = performance.now() - started;
    clearInterval(sampler);
    if (state.status !== 'done') throw new Error(`import ${state.status}: ${state.error}`);

    const values = ROWS * COLUMNS;
    const seconds = evaluatedMs / 1000;
    const growth = peak.total - before.total;
    const anonGrowth = peak.anon - before.anon;
    const section = [
      '',
      `## ${new Date().toISOString().replace('T', ' ').slice(0, 16)} UTC: a TOA5 logger file imported (issue 32)`,
      '',
      `- machine: ${machine()}`,
      `- Node ${process.version}`,
      `- command: \`${command}\``,
      `- set-up: the server in its own process (main.ts with this command’s Node flags; resident memory is that process’s) on a temporary SQLite file, HTTP over 127.0.0.1; a TOA5 file of ${ROWS.toLocaleString('en')} rows × ${COLUMNS} columns (${(bytes / 1e6).toFixed(0)} MB), mapped to ${DEVICES} devices of ${PER_DEVICE} raw metrics (${(ROWS * DEVICES).toLocaleString('en')} readings), uploaded as multipart, imported in the background, polled every 250 ms; the time runs until the rules engine has evaluated every reading`,
      '',
      '| measurement | value | budget |',
      '| --- | ---: | --- |',
      `| upload (file stored, 202) | ${(uploadedMs / 1000).toFixed(1)} s | |`,
      `| import done | ${(importedMs / 1000).toFixed(1)} s | |`,
      `| import done and evaluated | ${seconds.toFixed(1)} s | ≤ 60 s: ${seconds <= 60 ? 'met' : 'NOT met'} |`,
      `| rows/s | ${Math.round(ROWS / seconds).toLocaleString('en')} | |`,
      `| values/s | ${Math.round(values / seconds).toLocaleString('en')} | |`,
      `| readings accepted, duplicates, invalid values | ${state.result.readings_accepted}, ${state.result.duplicates}, ${state.result.invalid_values} | |`,
      `| peak RSS growth (all resident memory) | ${growth.toFixed(0)} MiB (${(growth * 1.048576).toFixed(0)} MB) | ≤ 200 MB: ${growth * 1.048576 <= 200 ? 'met' : 'NOT met'} |`,
      `| resident growth at 25 %, 50 %, 75 % of the rows | ${atQuarter.map((m) => m.toFixed(0)).join(', ')} MiB | |`,
      `| of which anonymous (heaps, SQLite page caches), peak growth | ${anonGrowth.toFixed(0)} MiB | |`,
      `| of which the database file mapped by SQLite (mmap), peak growth | ${(peak.file - before.file).toFixed(0)} MiB | |`,
      '',
    ].join('\n');
    if (process.env.BENCH_RESULTS !== 'off') appendFileSync(join(import.meta.dirname, 'RESULTS.md'), section);
    console.log(section);
  } finally {
    await server?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
