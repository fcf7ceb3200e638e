import type { Db } from '../../db/connection.ts';

/**
 * State rule executions are a log (ADR 0046): what a rule computed when it moved a state. Retention
 * deletes old ones; the rule memory and the evaluation backlog are the engine's state and are never
 * touched by it. Events, which point at executions, are kept.
 */

/** Where a walk through old executions stopped: the last one seen, in (created_at, id) order. */
export interface ExecutionCursor {
  createdAt: string;
  key: string;
}

/** Up to `limit` executions created before `before` and after `after`, oldest first (index 0025). */
export async function findExecutionsBefore(
  db: Db,
  before: string,
  after: ExecutionCursor | null,
  limit: number,
): Promise<ExecutionCursor[]> {
  const rows = await db
    .selectFrom('state_rule_executions')
    .select(['id', 'created_at'])
    .where('created_at', '<', before)
    .$if(after !== null, (q) =>
      q.where((eb) => eb(eb.refTuple('created_at', 'id'), '>', eb.tuple(after!.createdAt, after!.key))),
    )
    .orderBy('created_at')
    .orderBy('id')
    .limit(limit)
    .execute();
  return rows.map((row) => ({ createdAt: row.created_at, key: row.id }));
}

export async function deleteExecutions(db: Db, ids: readonly string[]): Promise<void> {
  if (ids.length) await db.deleteFrom('state_rule_executions').where('id', 'in', ids).execute();
}

/** The executions that explain `eventIds` (500 ids a query). */
export async function executionsOfEvents(db: Db, eventIds: readonly string[]): Promise<string[]> {
  const found: string[] = [];
  for (let i = 0; i < eventIds.length; i += 500) {
    const rows = await db
      .selectFrom('events')
      .select('rule_execution_id')
      .where('id', 'in', eventIds.slice(i, i + 500))
      .where('rule_execution_id', 'is not', null)
      .execute();
    for (const row of rows) found.push(row.rule_execution_id!);
  }
  return found;
}
