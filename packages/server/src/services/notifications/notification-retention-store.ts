import type { Db } from '../../db/connection.ts';

/** Where a walk through old notifications stopped: the last one seen, in (created_at, seq) order. */
export interface NotificationCursor {
  createdAt: string;
  key: number;
  /** the event it notified of: notifications of an open alarm's events are kept (ADR 0046) */
  eventId: string;
}

/** Up to `limit` notifications created before `before` and after `after`, oldest first (index 0025). */
export async function findNotificationsBefore(
  db: Db,
  before: string,
  after: Pick<NotificationCursor, 'createdAt' | 'key'> | null,
  limit: number,
): Promise<NotificationCursor[]> {
  const rows = await db
    .selectFrom('notifications')
    .select(['seq', 'created_at', 'event_id'])
    .where('created_at', '<', before)
    .$if(after !== null, (q) =>
      q.where((eb) => eb(eb.refTuple('created_at', 'seq'), '>', eb.tuple(after!.createdAt, after!.key))),
    )
    .orderBy('created_at')
    .orderBy('seq')
    .limit(limit)
    .execute();
  return rows.map((row) => ({ createdAt: row.created_at, key: Number(row.seq), eventId: row.event_id }));
}

/** Deletes notifications by seq, with who read them (their read rows go with them: ADR 0013's per-user state). */
export async function deleteNotifications(db: Db, seqs: readonly number[]): Promise<void> {
  if (!seqs.length) return;
  const ids = db.selectFrom('notifications').select('id').where('seq', 'in', seqs);
  await db.deleteFrom('notification_reads').where('notification_id', 'in', ids).execute();
  await db.deleteFrom('notifications').where('seq', 'in', seqs).execute();
}
