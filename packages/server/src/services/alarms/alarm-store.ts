import { PostgresAdapter, type Insertable, type Kysely, type Selectable, type Transaction } from 'kysely';
import type { AlarmAction } from '@vigil/domain';
import type { AlarmsTable, Database } from '../../db/schema.ts';
import { newId, toJson } from '../../db/values.ts';

export type AlarmRow = Selectable<AlarmsTable>;
export type AlarmDb = Kysely<Database> | Transaction<Database>;

/** The unique key's entity part: sources of no entity (payloads of unknown devices) share '-'. */
export const entityKeyOf = (entityId: string | null) => entityId ?? '-';

const isPostgres = (db: AlarmDb) => db.getExecutor().adapter instanceof PostgresAdapter;

/**
 * The alarms of these sources, created at rest ('normal') where missing, then read locked until
 * the transaction ends on PostgreSQL: two transactions raising the same alarm meet on its row and
 * the second sees what the first wrote (SQLite runs one write transaction at a time).
 */
export async function lockAlarms(
  trx: Transaction<Database>,
  projectId: string,
  sources: ReadonlyArray<{ entityId: string | null; source: string; text: string; at: string }>,
): Promise<Map<string, AlarmRow>> {
  if (!sources.length) return new Map();
  const rows: Array<Insertable<AlarmsTable>> = sources.map((s) => ({
    id: newId(),
    project_id: projectId,
    entity_key: entityKeyOf(s.entityId),
    entity_id: s.entityId,
    source: s.source,
    state: 'normal',
    level: 'warning',
    colour: 'green',
    occurrence_count: 0,
    first_raised_at: s.at,
    last_raised_at: s.at,
    checklist_done: '[]',
    text: s.text,
  }));
  await trx
    .insertInto('alarms')
    .values(rows)
    .onConflict((oc) => oc.columns(['project_id', 'entity_key', 'source']).doNothing())
    .execute();
  let query = trx
    .selectFrom('alarms')
    .selectAll()
    .where('project_id', '=', projectId)
    .where((eb) =>
      eb.or(sources.map((s) => eb.and([eb('entity_key', '=', entityKeyOf(s.entityId)), eb('source', '=', s.source)]))),
    )
    .orderBy('id');
  if (isPostgres(trx)) query = query.forUpdate();
  const found = await query.execute();
  return new Map(found.map((row) => [alarmKey(row.entity_id, row.source), row]));
}

export const alarmKey = (entityId: string | null, source: string) => `${entityKeyOf(entityId)}|${source}`;

export async function findAlarm(db: AlarmDb, projectId: string, id: string, lock = false) {
  let query = db.selectFrom('alarms').selectAll().where('project_id', '=', projectId).where('id', '=', id);
  if (lock && isPostgres(db)) query = query.forUpdate();
  return query.executeTakeFirst();
}

export async function updateAlarm(db: AlarmDb, id: string, changes: Partial<AlarmRow>): Promise<void> {
  await db.updateTable('alarms').set(changes).where('id', '=', id).execute();
}

export interface HistoryEntry {
  alarmId: string;
  projectId: string;
  action: AlarmAction;
  at: string;
  userId?: string | null;
  comment?: string | null;
  details?: Record<string, unknown>;
}

export async function appendHistory(db: AlarmDb, entries: readonly HistoryEntry[]): Promise<void> {
  if (!entries.length) return;
  await db
    .insertInto('alarm_history')
    .values(
      entries.map((e) => ({
        id: newId(),
        alarm_id: e.alarmId,
        project_id: e.projectId,
        action: e.action,
        at: e.at,
        user_id: e.userId ?? null,
        comment: e.comment ?? null,
        details: toJson(e.details ?? {}),
      })),
    )
    .execute();
}

/** Takes every shelf past its expiry off; answers the alarms unshelved, with the expiry each had. */
export async function unshelveExpired(trx: Transaction<Database>, now: string) {
  const expired = await trx
    .selectFrom('alarms')
    .select(['id', 'project_id', 'shelved_until'])
    .where('shelved_until', '<=', now)
    .execute();
  if (!expired.length) return expired;
  await trx
    .updateTable('alarms')
    .set({ shelved_by: null, shelved_at: null, shelved_until: null, shelve_reason: null })
    .where(
      'id',
      'in',
      expired.map((a) => a.id),
    )
    .execute();
  return expired;
}

/** Which of the interface nodes have an active connectivity alarm: they are silent. */
export async function findSilentNodes(trx: Transaction<Database>, projectId: string, nodeIds: readonly string[]) {
  const rows = await trx
    .selectFrom('alarms')
    .select('entity_id')
    .where('project_id', '=', projectId)
    .where('source', '=', 'connectivity_state')
    .where('entity_id', 'in', [...nodeIds])
    .where('state', 'in', ['active_unacknowledged', 'active_acknowledged'])
    .execute();
  return rows.flatMap((row) => row.entity_id ?? []);
}

/** Suppresses the raised connectivity alarms of the instruments behind the interface nodes. */
export async function suppressUnderNodes(trx: Transaction<Database>, projectId: string, nodeIds: readonly string[]) {
  await trx
    .updateTable('alarms')
    .set({ suppressed: 'interface_node_silent' })
    .where('project_id', '=', projectId)
    .where('source', '=', 'connectivity_state')
    .where('state', '!=', 'normal')
    .where('suppressed', 'is', null)
    .where('entity_id', 'in', (eb) =>
      eb
        .selectFrom('monitored_entities')
        .select('id')
        .where('interface_node_id', 'in', [...nodeIds]),
    )
    .execute();
}
