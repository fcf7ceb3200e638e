import pg from 'pg';

/**
 * What PostgreSQL keeps of a table whose rows are updated in place all the time, as rule_memory
 * (one upsert of every entity's memory per evaluated batch), with and without the storage
 * parameters migration 0025 gives such tables (ADR 0046). Two tables of ROWS rows of about 400
 * bytes, one as created, one with those parameters, get the same upserts at the same rate; every
 * 15 s the script prints each one's pg_total_relation_size and what pg_stat_user_tables says of it.
 * Autovacuum wakes every autovacuum_naptime (1 min by default) and only where the server has it on:
 * the script prints both settings. With BLOAT_HOLD_MS, another connection keeps a snapshot open
 * that long, again and again, as the server's longer transactions do (a compaction run, an
 * evaluation): no row version deleted after it began can be pruned or vacuumed meanwhile. Not part
 * of `npm run bench`; nothing is recorded.
 *
 *   BLOAT_DATABASE_URL=postgres://… [BLOAT_SECONDS=180] [BLOAT_ROWS_PER_SECOND=1000] [BLOAT_HOLD_MS=0] \
 *     npx node bench/update-bloat.ts
 */

/** The parameters migration 0025 sets on tables updated in place at the ingest rate (keep in step). */
const TUNED = 'fillfactor = 50, autovacuum_vacuum_scale_factor = 0.02, autovacuum_vacuum_threshold = 50';
const ROWS = 200;
const TABLES = { as_created: '', tuned: TUNED } as const;

const url = process.env.BLOAT_DATABASE_URL;
if (!url) throw new Error('BLOAT_DATABASE_URL is required');
const seconds = Number(process.env.BLOAT_SECONDS ?? 180);
const rowsPerSecond = Number(process.env.BLOAT_ROWS_PER_SECOND ?? 1000);
const holdMs = Number(process.env.BLOAT_HOLD_MS ?? 0);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const client = new pg.Client({ connectionString: url });
await client.connect();
const schema = `update_bloat_${process.pid}`;
const setting = async (name: string) => (await client.query(`show ${name}`)).rows[0][name] as string;
console.log(`autovacuum ${await setting('autovacuum')}, naptime ${await setting('autovacuum_naptime')}`);
console.log(`${ROWS} rows, ${rowsPerSecond} row updates a second per table for ${seconds} s; tuned: ${TUNED}`);
console.log(holdMs ? `a snapshot held ${holdMs} ms at a time, 100 ms apart` : 'no snapshot held');

await client.query(`create schema ${schema}`);
try {
  for (const [table, options] of Object.entries(TABLES)) {
    await client.query(`create table ${schema}.${table} (entity_id text primary key, memory text not null,
      updated_at text not null) ${options ? `with (${options})` : ''}`);
  }
  const ids = Array.from({ length: ROWS }, (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`);
  /** One statement upserting every row, as saveMemories does for an evaluated batch. */
  const upsertAll = async (table: string, round: number) => {
    const memory = JSON.stringify({ round, series: { level: { t: Date.now(), open: memoryFiller(round) } } });
    const now = new Date().toISOString();
    const values = ids.map((_, i) => `($${i + 1}, $${ROWS + 1}, $${ROWS + 2})`).join(', ');
    await client.query(
      `insert into ${schema}.${table} (entity_id, memory, updated_at) values ${values}
       on conflict (entity_id) do update set memory = excluded.memory, updated_at = excluded.updated_at`,
      [...ids, memory, now],
    );
  };

  console.log('| s | table | total size (kB) | updates | HOT | dead rows now | autovacuums |');
  console.log('| ---: | --- | ---: | ---: | ---: | ---: | ---: |');
  const started = Date.now();
  const holding = holdMs ? holdSnapshots(started) : Promise.resolve();
  let round = 0;
  let nextReport = 0;
  while (Date.now() - started < seconds * 1000) {
    for (const table of Object.keys(TABLES)) await upsertAll(table, round);
    round++;
    const due = started + (round * ROWS * 1000) / rowsPerSecond;
    if (due > Date.now()) await sleep(due - Date.now());
    if (Date.now() - started >= nextReport) {
      await report(Math.round((Date.now() - started) / 1000));
      nextReport += 15_000;
    }
  }
  await holding;
  await report(Math.round((Date.now() - started) / 1000));
} finally {
  await client.query(`drop schema ${schema} cascade`);
  await client.end();
}

/** Repeatable-read transactions of holdMs on a connection of their own, until the run ends. */
async function holdSnapshots(started: number) {
  const other = new pg.Client({ connectionString: url });
  await other.connect();
  try {
    while (Date.now() - started < seconds * 1000) {
      await other.query('begin isolation level repeatable read');
      await other.query('select 1');
      await sleep(holdMs);
      await other.query('commit');
      await sleep(100);
    }
  } finally {
    await other.end();
  }
}

/** About 350 characters of numbers, changing every round, as an open period's aggregate. */
function memoryFiller(round: number) {
  return Array.from({ length: 20 }, (_, i) => Math.sin(round + i) * 1000);
}

async function report(at: number) {
  // the statistics collector is updated at a transaction's end, at most every 0.5–1 s
  await sleep(1000);
  const { rows } = await client.query(
    `select relname, pg_total_relation_size(relid) as bytes, n_tup_upd, n_tup_hot_upd, n_dead_tup, autovacuum_count
     from pg_stat_user_tables where schemaname = $1 order by relname`,
    [schema],
  );
  for (const r of rows) {
    console.log(
      `| ${at} | ${r.relname} | ${Math.round(Number(r.bytes) / 1024)} | ${r.n_tup_upd} | ${r.n_tup_hot_upd} | ${r.n_dead_tup} | ${r.autovacuum_count} |`,
    );
  }
}
