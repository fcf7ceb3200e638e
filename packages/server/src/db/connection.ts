import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import {
  CompiledQuery,
  Kysely,
  PostgresDialect,
  SqliteDialect,
  SqliteDriver,
  sql,
  type DatabaseConnection,
  type TransactionSettings,
} from 'kysely';
import pg from 'pg';
import type { Database } from './schema.ts';

export type Dialect = 'sqlite' | 'postgres';
export type Db = Kysely<Database>;

export interface DbOptions {
  /** postgres://… selects PostgreSQL; otherwise SQLite in `sqliteFile` */
  databaseUrl?: string | undefined;
  sqliteFile?: string;
  dataDir: string;
}

/** Opens the database chosen by the configuration (ADR 0001). */
export function openDatabase(options: DbOptions): { db: Db; dialect: Dialect } {
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 10 });
    return { db: new Kysely<Database>({ dialect: new PostgresDialect({ pool }) }), dialect: 'postgres' };
  }
  mkdirSync(options.dataDir, { recursive: true });
  const file = options.sqliteFile ?? join(options.dataDir, 'vigil.db');
  const sqlite = new SQLite(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  // A page cache of 16 MiB for each connection (the server's, the background worker's, the
  // recomputations'), and no memory-mapped reads: charts read decoded blocks from the block cache
  // (ADR 0037), and a mapped file kept every page read resident in the server (ADR 0053).
  sqlite.pragma('cache_size = -16384');
  sqlite.pragma('mmap_size = 0');
  return {
    db: new Kysely<Database>({ dialect: new SqliteWriterDialect(withStatementCache(sqlite)) }),
    dialect: 'sqlite',
  };
}

/** WAL pages beyond which the server's own connection checkpoints (4 KiB each): 40 MiB. */
const SERVER_CHECKPOINT_PAGES = 10_000;

/**
 * Leaves the SQLite WAL's checkpoints to the background worker's connection (ADR 0017), which keeps
 * SQLite's default of 1000 pages: a checkpoint copies the WAL into the database file, costing the
 * server's thread 2 ms a batch of readings on average when its own commits did it. Should the
 * worker fall behind or be down, the server's connection checkpoints beyond SERVER_CHECKPOINT_PAGES.
 */
export async function leaveCheckpointsToWorker(db: Db): Promise<void> {
  await sql.raw(`pragma wal_autocheckpoint = ${SERVER_CHECKPOINT_PAGES}`).execute(db);
}

/**
 * The server and its background worker each hold a connection to the SQLite file (ADR 0015). A
 * transaction that reads and then writes must take the write lock at `begin`: begun deferred, its
 * first write would fail at once (SQLITE_BUSY_SNAPSHOT) whenever the other connection committed
 * after its first read, instead of waiting for the lock. Transactions marked read only stay deferred
 * and never wait for writers.
 */
class SqliteWriterDialect extends SqliteDialect {
  readonly #database: SqliteDatabase;
  constructor(database: SqliteDatabase) {
    super({ database });
    this.#database = database;
  }
  override createDriver() {
    return new SqliteWriterDriver({ database: this.#database });
  }
}

class SqliteWriterDriver extends SqliteDriver {
  override async beginTransaction(connection: DatabaseConnection, settings?: TransactionSettings): Promise<void> {
    await connection.executeQuery(
      CompiledQuery.raw(settings?.accessMode === 'read only' ? 'begin' : 'begin immediate'),
    );
  }
}

type SqliteDatabase = ReturnType<typeof withStatementCache>;

/**
 * Kysely prepares every statement it runs; preparing costs more than running a small insert, and
 * the server runs the same few hundred statements over and over. Statements are kept by their SQL
 * (Kysely runs one at a time on the connection, so a cached statement is never busy).
 */
function withStatementCache(sqlite: SQLite.Database) {
  const statements = new Map<string, SQLite.Statement>();
  return {
    close: () => sqlite.close(),
    prepare(source: string) {
      let statement = statements.get(source);
      if (!statement) {
        if (statements.size >= 2000) statements.clear();
        statements.set(source, (statement = sqlite.prepare(source)));
      }
      return statement;
    },
  };
}

/** Whether the database answers a query (the health check). */
export async function pingDatabase(db: Db): Promise<void> {
  await db.selectFrom('accounts').select('id').limit(1).execute();
}
