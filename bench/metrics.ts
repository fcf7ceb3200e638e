import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { Worker } from 'node:worker_threads';
import { join } from 'node:path';
import { sql } from 'kysely';
import { buildApp } from '../packages/server/src/app.ts';
import { loadConfig } from '../packages/server/src/config.ts';
import { openDatabase, type Db, type Dialect } from '../packages/server/src/db/connection.ts';
import { migrateToLatest } from '../packages/server/src/db/migrate.ts';
import { newId, nowIso, toJson } from '../packages/server/src/db/values.ts';
import { seedDemo } from '../packages/server/src/demo/seed.ts';
import { DEMO_PASSWORD } from '../packages/server/src/demo/site.ts';
import { createTestSchema } from '../packages/server/src/test-support/postgres-schema.ts';
import { within } from './measure.ts';
import {
  BATCH,
  DAY_MS,
  DAYS,
  INGEST_CONCURRENCY,
  INSTRUMENTS,
  Q1_SAMPLE_SIZE,
  SCHEME,
  eidOf,
  measure,
  queryRounds,
  tipElevation,
  workloadWindow,
} from './metrics-workload.ts';
import { appendResults, machine, table, type Row } from './report.ts';
import { bareSqliteValuesPerSecond } from './bare-sqlite.ts';
import { releaseFreePages } from '../packages/server/src/services/retention/sqlite-free-pages.ts';
import { storageSection, type StoredValues } from './storage-report.ts';
import { postgresStorage, sqliteStorage, type Storage } from './storage-size.ts';
import { storesBeside } from './stores-beside.ts';

/** What Chromium (the web app's browser) accepts: the server answers it with zstd. */
const BROWSER_ACCEPT_ENCODING = 'gzip, deflate, br, zstd';

/**
 * Issue 5's workload (bench/metrics-workload.ts) sent through `POST /ingest/api/v1/payloads`, then the
 * three budgeted queries over HTTP. On SQLite, and on PostgreSQL when BENCH_DATABASE_URL or
 * TEST_DATABASE_URL is set (in a fresh schema); on InfluxDB 1.6 too when `influxd` is installed
 * (bench/influx.ts), over the same time range and values; and what each store keeps on disk, beside
 * VictoriaMetrics when `victoria-metrics` is installed (bench/victoria-metrics.ts, issue 37).
 */
interface Store {
  db: Db;
  dialect: Dialect;
  label: string;
  /** what the database keeps on disk; with no other connection open (the server closed) */
  storage(): Promise<Storage>;
  close(): Promise<void>;
}

async function openStore(databaseUrl: string | undefined): Promise<Store & { dataDir: string; databaseUrl?: string }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'vigil-bench-metrics-'));
  const schema = databaseUrl ? await createTestSchema(databaseUrl) : undefined;
  const { db, dialect } = openDatabase({ databaseUrl: schema?.url, dataDir });
  await migrateToLatest(db);
  const version = databaseUrl
    ? `PostgreSQL ${(await sql<{ server_version: string }>`show server_version`.execute(db)).rows[0]?.server_version}`
    : 'SQLite file (WAL)';
  return {
    db,
    dialect,
    dataDir,
    databaseUrl: schema?.url,
    label: version,
    storage: async () => {
      if (schema) {
        // as autovacuum does on a live server (the test services run without it): the purged readings'
        // dead rows (ADR 0048) go, and the empty pages at a table's end go back to the file system
        const tables = await sql<{ name: string }>`
          select tablename as name from pg_tables where schemaname = current_schema()`.execute(db);
        for (const { name } of tables.rows) await sql`vacuum ${sql.table(name)}`.execute(db);
        const storage = await postgresStorage(db);
        return { ...storage, how: `${storage.how}; after a VACUUM of each table, as autovacuum would` };
      }
      // as the server's hourly retention run does (ADR 0046): the purged readings' pages (ADR 0048) go
      // back to the file system; until then new rows reuse them, so the file does not grow by them
      const released = await releaseFreePages(db, 0);
      const storage = await sqliteStorage(db, join(dataDir, 'vigil.db'));
      return { ...storage, how: `${storage.how}; after ${released} free pages given back (incremental vacuum)` };
    },
    async close() {
      await db.destroy();
      await schema?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The scheme and 200 located instruments, written directly: the registry is not what is measured. */
async function createInstruments(db: Db, projectId: string): Promise<Array<{ id: string; eid: string }>> {
  const now = nowIso();
  const schemeId = newId();
  await db
    .insertInto('schemes')
    .values({
      id: schemeId,
      project_id: projectId,
      name: 'Bench piezometer',
      type: 'phreatic_surface',
      spec: toJson(SCHEME),
      created_at: now,
      updated_at: now,
    })
    .execute();
  const instruments = Array.from({ length: INSTRUMENTS }, (_, i) => ({ id: newId(), eid: eidOf(i) }));
  await db
    .insertInto('monitored_entities')
    .values(
      instruments.map(({ id, eid }, i) => ({
        id,
        project_id: projectId,
        entity_type: 'instrument' as const,
        eid,
        title: eid,
        description: '',
        scheme_id: schemeId,
        interface_node_id: null,
        longitude: -70.34 + (i % 20) * 0.001,
        latitude: -27.37 + Math.floor(i / 20) * 0.001,
        context: toJson({ tip_elevation: tipElevation(i) }),
        attachments: '[]',
        labels: '[]',
        user_metrics: '{}',
        metric_limits: '[]',
        rules: '{}',
        asset_certificate: null,
        contracted_sla_time: 3600,
        maintenance_mode: 0,
        turned_off: 0,
        decommissioned: 0,
        states: '{}',
        created_at: now,
        updated_at: now,
      })),
    )
    .execute();
  return instruments;
}

async function post(url: string, token: string, body: string) {
  const res = await fetch(url, {
    method: 'POST',
    headers: { authorization: `Token ${token}`, 'content-type': 'application/json' },
    body,
  });
  const text = await res.text();
  if (res.status !== 200) throw new Error(`POST ${url} answered ${res.status}: ${text.slice(0, 300)}`);
  return text;
}

const requests = (n: number) => `${n} request${n === 1 ? '' : 's'}`;

/**
 * Ingest until the rules engine has evaluated every reading (the budget counts state evaluation)
 * and compaction has put every value in its day block (work ingest leaves for later is counted).
 * The client runs in a worker thread (bench/ingest-client.ts), as a real one runs elsewhere: the
 * server's event loop does not build and send the requests it measures.
 */
async function ingestWorkload(
  base: string,
  token: string,
  eids: string[],
  start: number,
  caughtUp: { evaluated: () => Promise<void>; compacted: () => Promise<void> },
) {
  const t0 = performance.now();
  const cpu0 = process.cpuUsage();
  const serverCpu0 = process.threadCpuUsage();
  const client = new Worker(new URL('./ingest-client.ts', import.meta.url), {
    workerData: { base, token, eids, start },
  });
  const sent = await new Promise<{ accepted: number; batches: number; busy: number; cpuSeconds: number }>(
    (resolve, reject) => {
      client.once('message', resolve);
      client.once('error', reject);
      // a client that ends without its figures would otherwise leave this wait open
      client.once('exit', (code) => reject(new Error(`the ingest client exited (${code}) before its figures arrived`)));
    },
  );
  const sentSeconds = (performance.now() - t0) / 1000;
  await caughtUp.evaluated();
  const evaluatedSeconds = (performance.now() - t0) / 1000;
  await caughtUp.compacted();
  const seconds = (performance.now() - t0) / 1000;
  const cpu = process.cpuUsage(cpu0);
  const serverCpu = process.threadCpuUsage(serverCpu0);
  await client.terminate();
  // every thread of this process: the server's, its background worker's and the client's
  const cpuSeconds = (cpu.user + cpu.system) / 1e6;
  // the server's own thread (HTTP, checks, the readings' writes), whose pace the client follows
  const serverCpuSeconds = (serverCpu.user + serverCpu.system) / 1e6;
  // the rest: the background worker (rules engine, compaction) and V8's helper threads (GC, compiler)
  const backgroundCpuSeconds = cpuSeconds - serverCpuSeconds - sent.cpuSeconds;
  return {
    batches: sent.batches,
    busy: sent.busy,
    readings: sent.accepted,
    values: sent.accepted * 4,
    sentSeconds,
    evaluatedSeconds,
    seconds,
    cpuSeconds,
    serverCpuSeconds,
    clientCpuSeconds: sent.cpuSeconds,
    backgroundCpuSeconds,
  };
}

/** Ingest, then Q1–Q3 on one database, then what it keeps on disk; returns the rows and the figures. */
async function runOn(databaseUrl: string | undefined) {
  const store = await openStore(databaseUrl);
  try {
    const measured = await serveWorkload(store);
    // once the server and its background worker are closed: no other connection holds the WAL
    const storage = await store.storage();
    const perValue = storage.bytes / measured.ingest.values;
    console.log(`  on disk: ${(storage.bytes / 1e6).toFixed(1)} MB, ${perValue.toFixed(2)} bytes a value`);
    return { ...measured, storage };
  } finally {
    await store.close();
  }
}

/** The server on `store`, the workload through its API, Q1–Q3; the server is closed when this returns. */
async function serveWorkload(store: Awaited<ReturnType<typeof openStore>>) {
  console.log(`metrics workload on ${store.label}`);
  const config = loadConfig({
    LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'silent',
    DATA_DIR: store.dataDir,
    DEMO: 'off',
    SIMULATOR: 'off',
    PASSWORD_HASH_COST: '10',
    BODY_LIMIT_BYTES: String(4 * 1_048_576),
    WEB_DIST: join(store.dataDir, 'no-web'),
    ...(store.databaseUrl ? { DATABASE_URL: store.databaseUrl } : {}),
  });
  await seedDemo(store.db, config.PASSWORD_HASH_COST);
  const project = await store.db
    .selectFrom('projects')
    .select('id')
    .where('slug', '=', 'cerro-azul')
    .executeTakeFirstOrThrow();
  const instruments = await createInstruments(store.db, project.id);
  const app = await buildApp(config, store.db, store.dialect);
  const base = await app.listen({ host: '127.0.0.1', port: 0 });
  try {
    const login = JSON.parse(
      await post(`${base}/auth/api/v1/users/login`, '', JSON.stringify({ username: 'admin', password: DEMO_PASSWORD })),
    ) as {
      token: string;
    };
    const token = login.token;
    await post(`${base}/auth/api/v1/users/switch-data-context`, token, JSON.stringify({ data_context: project.id }));

    const { start, end } = workloadWindow();
    const ingest = await ingestWorkload(
      base,
      token,
      instruments.map((i) => i.eid),
      start,
      {
        // 1.7 M readings: the engine and compaction may trail the client by minutes, not by an hour
        evaluated: () =>
          within(
            'the rules engine idle (every reading evaluated)',
            3_600_000,
            app.rulesEngine?.idle() ?? Promise.resolve(),
          ),
        compacted: () => within('compaction of the workload', 3_600_000, app.compactor?.run() ?? Promise.resolve()),
      },
    );
    const perReading = (seconds: number) => ((seconds * 1e6) / ingest.readings).toFixed(0);
    console.log(
      `  ingest: ${ingest.values} values, sent in ${ingest.sentSeconds.toFixed(1)} s, evaluated in ${ingest.evaluatedSeconds.toFixed(1)} s, compacted in ${ingest.seconds.toFixed(1)} s, ` +
        `CPU ${ingest.cpuSeconds.toFixed(1)} s (${((ingest.cpuSeconds * 1e6) / ingest.readings).toFixed(0)} µs a reading, ` +
        `of which the server's thread ${perReading(ingest.serverCpuSeconds)} µs, the background worker and V8's ` +
        `helper threads ${perReading(ingest.backgroundCpuSeconds)} µs, the client ${perReading(ingest.clientCpuSeconds)} µs)` +
        (ingest.busy ? `; ${requests(ingest.busy)} answered 503 (database busy), sent again` : ''),
    );

    const api = `${base}/metrics-provider/api/v1`;
    // The queries are the web app's: asked as Chromium asks (Node's fetch would take gzip, which the
    // server compresses at a cost a browser never pays, since it takes zstd).
    const browserHeaders = { authorization: `Token ${token}`, 'accept-encoding': BROWSER_ACCEPT_ENCODING };
    const postInit = (body: unknown): RequestInit => ({
      method: 'POST',
      headers: { ...browserHeaders, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    const iso = (t: number) => new Date(t).toISOString();
    const q1 = {
      time_field: 'read_at',
      from_time: iso(end - 7 * DAY_MS),
      to_time: iso(end),
      metric: 'raw_metrics.pressure',
      aggregation: { function: 'avg', group_by: 'monitored_entity' },
      filters: { monitored_entity_ids: instruments.slice(0, 10).map((i) => i.id) },
      sample_size: Q1_SAMPLE_SIZE,
    };
    const latestUrl = `${api}/metrics/latest/?time_field=read_at&ordering=-read_at&paginate_by=${INSTRUMENTS}`;
    // The machine may be shared: up to 3 rounds, until one ran with little other work; the round with
    // the least is reported, and every round's Q1 in the notes.
    const best = await queryRounds(async () => {
      const rows: Row[] = [];
      await measure(
        rows,
        'Q1 POST metrics/timeseries/: 10 entities × 7 days, 2000 buckets, avg',
        { url: `${api}/metrics/timeseries/`, init: postInit(q1) },
        300,
      );
      await measure(
        rows,
        'Q2 GET metrics/latest/: 200 entities',
        { url: latestUrl, init: { headers: browserHeaders } },
        1000,
      );
      for (const fn of ['min', 'max', 'avg']) {
        const q3 = {
          from_time: iso(start),
          to_time: iso(end),
          metric: 'raw_metrics.pressure',
          aggregation: { function: fn, interval: 'day' },
        };
        await measure(
          rows,
          `Q3 POST metrics/timeseries/: daily ${fn}, 200 entities × 30 days`,
          { url: `${api}/metrics/timeseries/`, init: postInit(q3) },
          300,
        );
      }
      return rows;
    });
    const check = JSON.parse(await post(`${api}/metrics/timeseries/`, token, JSON.stringify(q1))) as {
      data: Array<{ values: object }>;
    };
    const points = check.data.reduce((n, s) => n + Object.keys(s.values).length, 0);
    return {
      label: store.label,
      start,
      end,
      ingest,
      q1Points: `${check.data.length} series, ${points} points`,
      rows: best.rows,
      otherLoad: best.otherLoad,
      rounds: best.rounds,
    };
  } finally {
    await app.close();
  }
}

const BUDGETS =
  'Budgets (issue 5, embedded SQLite, 2 cores): Q1 p50 ≤ 10 ms, Q2 p50 ≤ 5 ms, Q3 p50 ≤ 50 ms (each call).';

/**
 * Runs the workload on SQLite (and PostgreSQL when configured), then on InfluxDB over the SQLite run's
 * time range (unless BENCH_INFLUX=off) and on VictoriaMetrics (storage only, unless
 * BENCH_VICTORIA_METRICS=off), and appends a section to RESULTS.md (unless BENCH_RESULTS=off).
 */
export async function benchMetrics(command: string) {
  const pgUrl = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL;
  const bare = bareSqliteValuesPerSecond();
  console.log(
    `this machine's pace: a bare SQLite table takes the same readings at ${Math.round(bare / 1000)} K values/s`,
  );
  const runs = [await runOn(undefined)];
  if (pgUrl) runs.push(await runOn(pgUrl));
  const besides = await storesBeside(runs[0]!);
  const stored: StoredValues[] = runs.map((run) => ({
    label: run.label,
    values: run.ingest.values,
    storage: run.storage,
  }));
  const rows: Row[] = [];
  const lines: string[] = [
    BUDGETS,
    '',
    `- This machine's pace (bench/bare-sqlite.ts): the same readings inserted into a bare SQLite table, one row of 4 values ` +
      `each, ${Math.round(bare / 1000)} K values/s (issue 5's reference machine: about 840 K).`,
  ];
  for (const run of runs) {
    const perSecond = run.ingest.values / run.ingest.seconds;
    lines.push(
      `- ${run.label}: ingested ${run.ingest.readings} readings = ${run.ingest.values} values in ${run.ingest.batches} requests of ${BATCH} readings ` +
        `(${INGEST_CONCURRENCY} concurrent clients), every reading evaluated by the rules engine after ${run.ingest.evaluatedSeconds.toFixed(1)} s ` +
        `and every value compacted into its day block after ${run.ingest.seconds.toFixed(1)} s: **${Math.round(perSecond)} values/s**` +
        `, using ${run.ingest.cpuSeconds.toFixed(1)} s of CPU in the bench's process: ${run.ingest.serverCpuSeconds.toFixed(1)} s on the server's thread, ` +
        `${run.ingest.backgroundCpuSeconds.toFixed(1)} s on the background worker's and V8's helper threads, ${run.ingest.clientCpuSeconds.toFixed(1)} s on the client's` +
        (run.ingest.busy
          ? `; ${requests(run.ingest.busy)} answered 503 (the database busy) and sent again after the Retry-After, which the figure includes`
          : '') +
        `; on disk ${(run.storage.bytes / 1e6).toFixed(1)} MB (below); Q1 answers ${run.q1Points}. Query rounds (other work: other processes, ` +
        `a database server included, and time taken by the hypervisor): ${run.rounds.join('; ')}.`,
    );
    rows.push({
      measurement: `${run.label}: POST /ingest/api/v1/payloads, ${BATCH} readings × 4 values`,
      concurrency: INGEST_CONCURRENCY,
      calls: run.ingest.batches,
      ratePerSecond: run.ingest.batches / run.ingest.seconds,
    });
    for (const r of run.rows) rows.push({ ...r, measurement: `${run.label}: ${r.measurement}` });
  }
  if (!pgUrl)
    rows.push({
      measurement: 'PostgreSQL',
      concurrency: 1,
      note: 'not measured: set BENCH_DATABASE_URL or TEST_DATABASE_URL',
    });
  for (const beside of besides) {
    lines.push(...beside.lines);
    rows.push(...beside.rows);
    if (beside.stored) stored.push(beside.stored);
  }
  lines.push('', storageSection(stored));
  console.log(`\n${table(rows)}\n\n${lines.join('\n')}`);
  if (process.env.BENCH_RESULTS === 'off') return false;
  appendResults(
    join(import.meta.dirname, 'RESULTS.md'),
    {
      Machine: machine(),
      Node: process.version,
      Command: `\`${command}\``,
      'Set-up': `metrics workload (issue 5): in-process server, fresh database per run, ${INSTRUMENTS} instruments × 4 metrics every 5 min for ${DAYS} days through HTTP; queries at concurrency 1 over 127.0.0.1`,
    },
    rows,
    lines.join('\n'),
  );
  return true;
}

if (import.meta.main) {
  const recorded = await benchMetrics(process.env.BENCH_COMMAND ?? 'npx node bench/metrics.ts');
  if (recorded) console.log(`metrics workload appended to ${join(import.meta.dirname, 'RESULTS.md')}`);
}
