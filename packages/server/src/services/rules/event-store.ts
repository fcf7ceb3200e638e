import type { Insertable, Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';

/** The rules engine's own tables: its events and state rule executions, written in multi-row statements. */

type Trx = Transaction<Database>;
export type ExecutionRow = Insertable<Database['state_rule_executions']>;
export type EventRow = Insertable<Database['events']>;

/** Rows per multi-row statement: within both databases' bound parameters at any width here. */
const ROWS_PER_STATEMENT = 500;

export async function insertExecutions(trx: Trx, rows: readonly ExecutionRow[]): Promise<void> {
  for (let i = 0; i < rows.length; i += ROWS_PER_STATEMENT) {
    await trx
      .insertInto('state_rule_executions')
      .values(rows.slice(i, i + ROWS_PER_STATEMENT))
      .execute();
  }
}

/**
 * Inserts events, skipping any whose dedupe key the project has stored already (another instance
 * may have stored one meanwhile, on PostgreSQL); answers the ids of those that went in.
 */
export async function insertEvents(trx: Trx, rows: readonly EventRow[]): Promise<Set<string>> {
  const inserted = new Set<string>();
  for (let i = 0; i < rows.length; i += ROWS_PER_STATEMENT) {
    const stored = await trx
      .insertInto('events')
      .values(rows.slice(i, i + ROWS_PER_STATEMENT))
      .onConflict((oc) => oc.columns(['project_id', 'dedupe_key']).doNothing())
      .returning('id')
      .execute();
    for (const row of stored) inserted.add(row.id);
  }
  return inserted;
}

/** Which of the project's dedupe keys its events have already. */
export async function storedDedupeKeys(trx: Trx, projectId: string, keys: readonly string[]): Promise<string[]> {
  const found: string[] = [];
  for (let i = 0; i < keys.length; i += ROWS_PER_STATEMENT) {
    const rows = await trx
      .selectFrom('events')
      .select('dedupe_key')
      .where('project_id', '=', projectId)
      .where('dedupe_key', 'in', keys.slice(i, i + ROWS_PER_STATEMENT))
      .execute();
    for (const row of rows) found.push(row.dedupe_key);
  }
  return found;
}
