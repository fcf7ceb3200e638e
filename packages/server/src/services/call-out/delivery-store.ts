import { PostgresAdapter, type Insertable, type Selectable } from 'kysely';
import type { Db } from '../../db/connection.ts';
import type { DeliveriesTable } from '../../db/schema.ts';

export type DeliveryRow = Selectable<DeliveriesTable>;
/** A delivery of an alarm's call-out (alarm_id set), as opposed to one of a report. */
export type AlarmDeliveryRow = DeliveryRow & { alarm_id: string };

const isPostgres = (db: Db) => db.getExecutor().adapter instanceof PostgresAdapter;

/**
 * The outbox's rows as the sender moves them (ADR 0050): claimed with a lease (attempts counted at
 * the claim), then marked by the claimant only. A lease that runs out (the instance stopped
 * mid-send) lets another instance take the row again.
 */
export function deliveryStore(db: Db) {
  return {
    /**
     * Claims up to `limit` deliveries due at `now` for `worker` until `leaseUntil`. On PostgreSQL the
     * rows are taken with SKIP LOCKED, so instances claim disjoint sets; SQLite has one writer. A
     * read first, so that an idle outbox never takes SQLite's write lock.
     */
    async claim(worker: string, now: string, leaseUntil: string, limit: number): Promise<DeliveryRow[]> {
      if (limit <= 0) return [];
      const due = (q: ReturnType<typeof base>) =>
        q
          .where('status', '=', 'queued')
          .where('next_attempt_at', '<=', now)
          .where((eb) => eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<', now)]));
      const base = () => db.selectFrom('deliveries');
      const any = await due(base()).select('id').limit(1).executeTakeFirst();
      if (!any) return [];
      let candidates = due(base()).select('id').orderBy('next_attempt_at').orderBy('id').limit(limit);
      if (isPostgres(db)) candidates = candidates.forUpdate().skipLocked();
      return db
        .updateTable('deliveries')
        .set((eb) => ({ claimed_by: worker, claimed_until: leaseUntil, attempts: eb('attempts', '+', 1) }))
        .where('id', 'in', candidates)
        .where('status', '=', 'queued')
        .where((eb) => eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<', now)]))
        .returningAll()
        .execute();
    },

    /** Marks a claimed delivery; false when the claim was lost (the lease ran out and another took it). */
    async settle(worker: string, id: string, changes: Partial<DeliveryRow>): Promise<boolean> {
      const result = await db
        .updateTable('deliveries')
        .set({ ...changes, claimed_by: null, claimed_until: null })
        .where('id', '=', id)
        .where('claimed_by', '=', worker)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    /** What a message says of its alarm, and whether the alarm still calls for this delivery's episode. */
    alarmOf: (alarmId: string) =>
      db
        .selectFrom('alarms as a')
        .innerJoin('projects as p', 'p.id', 'a.project_id')
        .leftJoin('monitored_entities as e', 'e.id', 'a.entity_id')
        .leftJoin('call_outs as c', 'c.alarm_id', 'a.id')
        .leftJoin('events as ev', 'ev.id', 'a.last_event_id')
        // a test's policy (ADR 0050): a test alarm's What names it
        .leftJoin('escalation_policies as pol', 'pol.id', 'c.policy_id')
        .select([
          'a.id',
          'a.project_id',
          'a.state',
          'a.text',
          'a.level',
          'a.tarp_level',
          'a.source',
          'a.first_raised_at',
          'p.name as project_name',
          'e.eid',
          'e.title',
          'c.episode',
          'c.started_at',
          'ev.type as event_type',
          'ev.context as event_context',
          'pol.name as policy_name',
        ])
        .where('a.id', '=', alarmId)
        .executeTakeFirst(),

    contactOf: (id: string) =>
      db.selectFrom('contacts').select(['id', 'verified_at', 'address']).where('id', '=', id).executeTakeFirst(),

    async insertToken(row: {
      id: string;
      token_hash: string;
      alarm_id: string;
      delivery_id: string;
      user_id: string | null;
      channel: string;
      episode: number;
      created_at: string;
      expires_at: string;
    }) {
      await db
        .insertInto('ack_tokens')
        .values({ ...row, used_at: null })
        .execute();
    },

    alarmInProject: async (alarmId: string, projectId: string) =>
      Boolean(
        await db
          .selectFrom('alarms')
          .select('id')
          .where('id', '=', alarmId)
          .where('project_id', '=', projectId)
          .executeTakeFirst(),
      ),

    async listOfAlarm(alarmId: string, limit: number, offset: number) {
      const rows = await db
        .selectFrom('deliveries')
        .selectAll()
        .where('alarm_id', '=', alarmId)
        .$narrowType<{ alarm_id: string }>()
        .orderBy('created_at', 'desc')
        .orderBy('step', 'desc')
        .orderBy('id')
        .limit(limit)
        .offset(offset)
        .execute();
      const { count } = await db
        .selectFrom('deliveries')
        .select((eb) => eb.fn.countAll<number | string>().as('count'))
        .where('alarm_id', '=', alarmId)
        .executeTakeFirstOrThrow();
      return { rows, count: Number(count) };
    },

    /** Queues deliveries; one whose dedupe key is queued already (another instance came first) is left out. */
    async insertOnce(rows: ReadonlyArray<Insertable<DeliveriesTable>>): Promise<void> {
      if (!rows.length) return;
      await db
        .insertInto('deliveries')
        .values([...rows])
        .onConflict((oc) => oc.column('dedupe_key').doNothing())
        .execute();
    },

    /** The deliveries of reports, oldest first (then by address). */
    async listOfReports(reportIds: readonly string[]) {
      if (!reportIds.length) return [];
      return db
        .selectFrom('deliveries')
        .select(['report_id', 'address', 'status', 'attempts', 'sent_at', 'error'])
        .where('report_id', 'in', [...reportIds])
        .$narrowType<{ report_id: string }>()
        .orderBy('created_at')
        .orderBy('address')
        .execute();
    },
  };
}
