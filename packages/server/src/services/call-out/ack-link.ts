import { PostgresAdapter } from 'kysely';
import type { ContactKind, WordedEvent } from '@vigil/domain';
import type { Db } from '../../db/connection.ts';
import { fromJson } from '../../db/values.ts';
import { acknowledgeAlarm, awaitsAcknowledgement } from '../alarms/acknowledge-alarm.ts';
import { tokenHash } from '../auth/secrets.ts';
import { CHANNEL_NAMES } from './call-out-texts.ts';
import { findUserLocale } from './recipient-store.ts';

export type LinkOutcome =
  | { acknowledged: true; locale: unknown; what: WordedEvent }
  | { acknowledged: false; locale: unknown; reason: 'unknown' | 'spent' };

/**
 * A call-out link's GET (ADR 0050): acknowledges its alarm as the person it was sent to, once, while
 * the alarm still waits for it in the episode the link was sent in; then the call-out stops: no
 * further step, and the queued deliveries are not sent. One transaction: the alarm row is locked
 * first, as everywhere its call-out changes.
 */
export async function acknowledgeByLink(db: Db, token: string, now: string): Promise<LinkOutcome> {
  if (!/^[A-Za-z0-9_-]{20,128}$/.test(token)) return { acknowledged: false, locale: null, reason: 'unknown' };
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  return db.transaction().execute(async (trx) => {
    const link = await trx
      .selectFrom('ack_tokens')
      .selectAll()
      .where('token_hash', '=', tokenHash(token))
      .executeTakeFirst();
    if (!link) return { acknowledged: false, locale: null, reason: 'unknown' } as const;
    let alarmQuery = trx.selectFrom('alarms').selectAll().where('id', '=', link.alarm_id);
    if (postgres) alarmQuery = alarmQuery.forUpdate();
    const alarm = await alarmQuery.executeTakeFirst();
    const locale = await findUserLocale(trx, alarm?.project_id ?? null, link.user_id);
    // read again under the alarm's lock: a second click of the same link waits here and finds it used
    const fresh = await trx.selectFrom('ack_tokens').select('used_at').where('id', '=', link.id).executeTakeFirst();
    const callOut = await trx
      .selectFrom('call_outs')
      .select(['id', 'episode'])
      .where('alarm_id', '=', link.alarm_id)
      .executeTakeFirst();
    const live =
      alarm &&
      link.user_id &&
      !fresh?.used_at &&
      link.expires_at > now &&
      awaitsAcknowledgement(alarm.state) &&
      callOut?.episode === link.episode;
    if (!live) return { acknowledged: false, locale, reason: 'spent' } as const;
    const comment = `Acknowledged by link from ${CHANNEL_NAMES[link.channel as ContactKind] ?? link.channel}`;
    await acknowledgeAlarm(trx, alarm, link.user_id!, comment, now);
    await trx.updateTable('ack_tokens').set({ used_at: now }).where('id', '=', link.id).execute();
    await trx.updateTable('call_outs').set({ next_due_at: null }).where('id', '=', callOut!.id).execute();
    await trx.updateTable('deliveries').set({ status: 'acknowledged' }).where('id', '=', link.delivery_id).execute();
    await trx
      .updateTable('deliveries')
      .set({ status: 'acknowledged' })
      .where('alarm_id', '=', link.alarm_id)
      .where('status', '=', 'queued')
      .where('claimed_by', 'is', null)
      .execute();
    // the page names the alarm as its messages did: by its last event, in the person's words
    const event = alarm.last_event_id
      ? await trx
          .selectFrom('events')
          .select(['type', 'context'])
          .where('id', '=', alarm.last_event_id)
          .executeTakeFirst()
      : undefined;
    const what = {
      type: event?.type ?? '',
      context: fromJson<Record<string, unknown>>(event?.context, {}),
      text: alarm.text,
    };
    return { acknowledged: true, locale, what } as const;
  });
}
