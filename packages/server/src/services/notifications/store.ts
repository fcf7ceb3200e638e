import { seesEveryNotification, type NotificationReader } from '@vigil/domain';
import { sql, type Transaction } from 'kysely';
import type { Db } from '../../db/connection.ts';
import type { Database, NotificationsTable } from '../../db/schema.ts';
import { listBody, runListQuery } from '../../http/list-query.ts';
import { notificationList, type NotificationQuery } from './notification-query.ts';
import { presentNotification } from './notification-presenter.ts';

/** Whose notifications: read state is per user, notifications are per project, some for a role. */
export interface Reader {
  projectId: string;
  userId: string;
  /** the names of the reader's roles in the project */
  roles: readonly string[];
}

/** The reader a signed-in member of the project is. */
export const memberReader = (actor: { projectId: string; userId: string; roles: ReadonlyArray<{ name: string }> }) => ({
  projectId: actor.projectId,
  userId: actor.userId,
  roles: actor.roles.map((role) => role.name),
});

/**
 * The project's notifications that are the reader's (as `receivesNotification` says) joined to the
 * reader's own read row (`mine`), selecting nothing yet.
 */
const scoped = (db: Db, { projectId, userId, roles }: Reader) =>
  db
    .selectFrom('notifications as n')
    .leftJoin('notification_reads as mine', (join) =>
      join.onRef('mine.notification_id', '=', 'n.id').on('mine.user_id', '=', userId),
    )
    .where('n.project_id', '=', projectId)
    .$if(!seesEveryNotification(roles), (q) =>
      q.where((eb) =>
        eb.or([eb('n.recipient_role', 'is', null), ...(roles.length ? [eb('n.recipient_role', 'in', roles)] : [])]),
      ),
    );

const withReadState = (db: Db, reader: Reader) =>
  scoped(db, reader).selectAll('n').select('mine.read_at as my_read_at');

export async function userCreatedAt(db: Db, userId: string): Promise<string> {
  const user = await db.selectFrom('users').select('created_at').where('id', '=', userId).executeTakeFirstOrThrow();
  return user.created_at;
}

/** Who read each of the notifications, earliest first. */
async function readersOf(db: Db, ids: string[]): Promise<Map<string, NotificationReader[]>> {
  const byId = new Map<string, NotificationReader[]>();
  if (!ids.length) return byId;
  const rows = await db
    .selectFrom('notification_reads as r')
    .innerJoin('users as u', 'u.id', 'r.user_id')
    .select(['r.notification_id', 'u.id', 'u.username', 'u.first_name', 'u.last_name', 'r.read_at'])
    .where('r.notification_id', 'in', ids)
    .orderBy('r.read_at')
    .orderBy('u.username')
    .execute();
  for (const { notification_id, ...reader } of rows)
    byId.set(notification_id, [...(byId.get(notification_id) ?? []), reader]);
  return byId;
}

/** Whether the selected fields show `read_by_users`: the unread badge's count never loads readers. */
function showsReaders(query: NotificationQuery): boolean {
  const named = (list: string[] | undefined) => list?.some((f) => f.split('.')[0] === 'read_by_users') ?? false;
  return (!query.fields?.length || named(query.fields)) && !query.excludedFields?.includes('read_by_users');
}

export async function listNotifications(db: Db, reader: Reader, query: NotificationQuery) {
  let base = withReadState(db, reader);
  if (query.readStatus === 'read') base = base.where('mine.read_at', 'is not', null);
  if (query.readStatus === 'unread') base = base.where('mine.read_at', 'is', null);
  const { count, rows } = await runListQuery(base, query, notificationList);
  const readers = showsReaders(query)
    ? await readersOf(
        db,
        rows.map((r) => r.id),
      )
    : new Map();
  const objects = rows.map((row) => presentNotification(row, row.my_read_at !== null, readers.get(row.id)));
  return listBody(query, count, objects);
}

export async function findNotification(db: Db, reader: Reader, id: string) {
  const row = await withReadState(db, reader).where('n.id', '=', id).executeTakeFirst();
  if (!row) return undefined;
  const readers = await readersOf(db, [row.id]);
  return presentNotification(row, row.my_read_at !== null, readers.get(row.id));
}

/** Marks the project's notifications (`ids`, or all of them) read by the reader; returns how many were unread. */
export async function markRead(db: Db, reader: Reader, ids: string[] | 'all', now: string): Promise<number> {
  let unread = scoped(db, reader).where('mine.read_at', 'is', null);
  if (ids !== 'all') unread = unread.where('n.id', 'in', ids);
  const result = await db
    .insertInto('notification_reads')
    .columns(['notification_id', 'user_id', 'read_at'])
    .expression(
      unread.select([
        'n.id as notification_id',
        sql<string>`cast(${reader.userId} as text)`.as('user_id'),
        sql<string>`cast(${now} as text)`.as('read_at'),
      ]),
    )
    // Two calls racing on the same notification: the second finds it read.
    .onConflict((oc) => oc.columns(['notification_id', 'user_id']).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0);
}

/** The project's notifications after `seq` and since `from`, oldest first: what a resuming stream missed. */
export async function notificationsAfter(db: Db, reader: Reader, seq: number, from: string, limit: number) {
  const rows = await withReadState(db, reader)
    .where('n.seq', '>', seq)
    .where('n.created_at', '>=', from)
    .orderBy('n.seq')
    .limit(limit)
    .execute();
  return rows.map((row) => ({ seq: row.seq, notification: presentNotification(row, row.my_read_at !== null) }));
}

/** A notification row to insert; its seq is the database's. */
export type NewNotification = Omit<NotificationsTable, 'seq' | 'recipient_role'> & { recipient_role?: string | null };

/** Rows per multi-row statement: within both databases' bound parameters. */
const ROWS_PER_STATEMENT = 500;

/** Inserts notifications in multi-row statements; answers each one's seq by its id. */
export async function insertNotifications(
  trx: Transaction<Database>,
  rows: readonly NewNotification[],
): Promise<Map<string, number>> {
  const seqs = new Map<string, number>();
  for (let i = 0; i < rows.length; i += ROWS_PER_STATEMENT) {
    const inserted = await trx
      .insertInto('notifications')
      .values(rows.slice(i, i + ROWS_PER_STATEMENT))
      .returning(['id', 'seq'])
      .execute();
    for (const row of inserted) seqs.set(row.id, Number(row.seq));
  }
  return seqs;
}

/** The first notification of an event, whoever it was for. */
export const findFirstNotificationOfEvent = (trx: Transaction<Database>, eventId: string) =>
  trx.selectFrom('notifications').selectAll().where('event_id', '=', eventId).orderBy('seq').executeTakeFirst();
