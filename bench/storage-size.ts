import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'kysely';
import type { Db } from '../packages/server/src/db/connection.ts';

/**
 * What a store keeps on disk (issue 37), measured the same way for every store: bytes allocated in
 * its files, and where they are, per table and index (Vigil) or per folder (other stores).
 */

/** One place the bytes are: a table's rows, one of its indexes, its TOAST, free pages, a folder. */
export interface StoredPart {
  table: string;
  part: string;
  bytes: number;
}

export interface Storage {
  /** bytes the store holds on disk in all */
  bytes: number;
  parts: StoredPart[];
  /** how `bytes` was measured, for the notes */
  how: string;
}

/** The files under `path` whose names end in `suffix` (all files for ''), recursively. */
export function filesOf(path: string, suffix = ''): string[] {
  const stat = statSync(path, { throwIfNoEntry: false });
  if (!stat) return [];
  if (!stat.isDirectory()) return path.endsWith(suffix) ? [path] : [];
  return readdirSync(path).flatMap((name) => filesOf(join(path, name), suffix));
}

/** Bytes allocated on disk under `paths` (blocks, not lengths: influxd preallocates its files sparsely). */
export const diskBytes = (paths: string[]) =>
  paths.flatMap((p) => filesOf(p)).reduce((n, f) => n + statSync(f).blocks * 512, 0);

/**
 * A SQLite file with its WAL, once checkpointed (TRUNCATE: the WAL emptied into the file), split by
 * SQLite's `dbstat` table (one row per b-tree) into each table's rows and each of its indexes, with
 * the free pages apart. Without `dbstat` in the build, only the total. Run with no other connection
 * open (the server closed), or the checkpoint may leave pages in the WAL, which are then counted.
 */
export async function sqliteStorage(db: Db, file: string): Promise<Storage> {
  await sql`pragma wal_checkpoint(TRUNCATE)`.execute(db);
  const bytes = diskBytes([file, `${file}-wal`]);
  const how =
    'the file and its WAL after a checkpoint (TRUNCATE), allocated blocks (the shared-memory index not counted)';
  const pageSize = await pragma(db, 'page_size');
  const free = { table: '(free pages)', part: 'free pages', bytes: (await pragma(db, 'freelist_count')) * pageSize };
  let trees: Array<{ name: string; bytes: number }>;
  try {
    trees = (
      await sql<{ name: string; pgsize: number }>`select name, pgsize from dbstat where aggregate = 1`.execute(db)
    ).rows.map((r) => ({ name: r.name, bytes: Number(r.pgsize) }));
  } catch {
    const pages = await pragma(db, 'page_count');
    return {
      bytes,
      how: `${how}; no dbstat in this SQLite build`,
      parts: [{ table: '(all)', part: 'pages in use', bytes: pages * pageSize - free.bytes }, free],
    };
  }
  const schema = await sql<{
    name: string;
    tbl_name: string;
    type: string;
  }>`select name, tbl_name, type from sqlite_schema`.execute(db);
  const owners = new Map(schema.rows.map((r) => [r.name, r]));
  const parts = trees.map(({ name, bytes: treeBytes }) => {
    const owner = owners.get(name);
    // sqlite_schema itself is not listed in itself
    if (!owner) return { table: name, part: 'rows', bytes: treeBytes };
    return { table: owner.tbl_name, part: owner.type === 'index' ? name : 'rows', bytes: treeBytes };
  });
  return { bytes, how: `${how}; tables and indexes from dbstat`, parts: [...parts, free] };
}

async function pragma(db: Db, name: string): Promise<number> {
  const { rows } = await sql.raw<Record<string, number>>(`pragma ${name}`).execute(db);
  return Number(Object.values(rows[0] ?? {})[0] ?? 0);
}

/**
 * The tables of the connection's schema (current_schema()), each with its rows (heap, free-space and
 * visibility maps), its TOAST and each index: their sum is pg_total_relation_size's. A partition
 * counts under the table it partitions. Dead rows not yet vacuumed are counted, as on a live server;
 * the cluster's WAL is not (shared by every database).
 */
export async function postgresStorage(db: Db): Promise<Storage> {
  const tables = await sql<{ root: string; rows: string; toast: string }>`
    select coalesce(r.relname, c.relname) as root,
      pg_table_size(c.oid) - coalesce(pg_total_relation_size(nullif(c.reltoastrelid, 0)), 0) as rows,
      coalesce(pg_total_relation_size(nullif(c.reltoastrelid, 0)), 0) as toast
    from pg_class c
    join pg_namespace n on n.oid = c.relnamespace
    left join pg_class r on r.oid = pg_partition_root(c.oid)
    where n.nspname = current_schema() and c.relkind in ('r', 'p', 'm')`.execute(db);
  const indexes = await sql<{ root: string; name: string; bytes: string }>`
    select coalesce(r.relname, t.relname) as root, i.relname as name, pg_relation_size(i.oid) as bytes
    from pg_index x
    join pg_class i on i.oid = x.indexrelid
    join pg_class t on t.oid = x.indrelid
    join pg_namespace n on n.oid = t.relnamespace
    left join pg_class r on r.oid = pg_partition_root(t.oid)
    where n.nspname = current_schema()`.execute(db);
  const parts: StoredPart[] = [
    ...tables.rows.flatMap((t) => [
      { table: t.root, part: 'rows', bytes: Number(t.rows) },
      { table: t.root, part: 'TOAST', bytes: Number(t.toast) },
    ]),
    ...indexes.rows.map((i) => ({ table: i.root, part: i.name, bytes: Number(i.bytes) })),
  ].filter((p) => p.bytes > 0);
  // A server with autovacuum off (as the test services run) keeps every dead row: say so beside the figure.
  const autovacuum = (await sql<{ autovacuum: string }>`show autovacuum`.execute(db)).rows[0]?.autovacuum;
  return {
    bytes: parts.reduce((n, p) => n + p.bytes, 0),
    parts,
    how: `pg_total_relation_size of every table in the bench's schema (rows, TOAST, indexes; dead rows included, the cluster's WAL not; the server's autovacuum ${autovacuum ?? 'unknown'})`,
  };
}
