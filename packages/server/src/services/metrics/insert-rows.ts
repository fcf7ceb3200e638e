import { CompiledQuery } from 'kysely';
import type { Db, Dialect } from '../../db/connection.ts';

// Multi-row inserts of the metrics' tables (readings, series, blocks, reading days), chunked.

const MAX_PARAMS = 30_000; // SQLite allows 32 766 bound parameters per statement, PostgreSQL 65 535

const placeholderCache = new Map<string, string>();

/** `(?,?),(?,?)` on SQLite, `($1,$2),($3,$4)` on PostgreSQL. */
function placeholders(dialect: Dialect, rows: number, columns: number): string {
  const key = `${dialect}:${rows}:${columns}`;
  let text = placeholderCache.get(key);
  if (text === undefined) {
    const tuples: string[] = [];
    for (let r = 0; r < rows; r++) {
      const cells: string[] = [];
      for (let c = 0; c < columns; c++) cells.push(dialect === 'postgres' ? `$${r * columns + c + 1}` : '?');
      tuples.push(`(${cells.join(',')})`);
    }
    text = tuples.join(',');
    if (placeholderCache.size < 2_000) placeholderCache.set(key, text);
  }
  return text;
}

export type Executor = Pick<Db, 'executeQuery'>;

/**
 * Runs `head VALUES … tail` over flat row parameters, in chunks within the parameter limit; returns
 * the rows it returned and how many rows it changed.
 */
export async function insertRows<R>(
  db: Executor,
  dialect: Dialect,
  sql: { head: string; tail: string; columns: number },
  params: readonly unknown[],
): Promise<{ rows: R[]; changed: number }> {
  const rows: R[] = [];
  let changed = 0;
  const chunk = Math.floor(MAX_PARAMS / sql.columns) * sql.columns;
  for (let i = 0; i < params.length; i += chunk) {
    const part = params.slice(i, i + chunk);
    const text = `${sql.head} values ${placeholders(dialect, part.length / sql.columns, sql.columns)} ${sql.tail}`;
    const result = await db.executeQuery<R>(CompiledQuery.raw(text, part));
    for (const row of result.rows) rows.push(row);
    changed += Number(result.numAffectedRows ?? 0);
  }
  return { rows, changed };
}
