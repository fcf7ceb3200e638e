import { randomUUID } from 'node:crypto';
import type { ContactKind } from '@vigil/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/connection.ts';
import { fromJson, newId } from '../../db/values.ts';
import { wording } from '../../i18n/wording.ts';
import { newToken, tokenHash } from '../auth/secrets.ts';
import { findTarpLevels } from '../alarms/tarp-levels.ts';
import type { MediaStorage } from '../media/storage/media-storage.ts';
import { alarmMessage, readingOf } from './alarm-message.ts';
import { CALLING_STATES } from './call-out-steps.ts';
import type { Channels, OutgoingMessage } from './channels.ts';
import { deliveryStore, type AlarmDeliveryRow, type DeliveryRow } from './delivery-store.ts';
import { findUserLocale } from './recipient-store.ts';
import { reportMessage, UnsendableReport } from './report-mail.ts';
import { TEST_ALARM_SOURCE } from './test-alarm.ts';

export interface OutboxSettings {
  publicUrl: string;
  /** the built web app, whose locale files word an alarm's event in each recipient's language */
  webDist: string;
  timeoutMs: number;
  maxAttempts: number;
  retrySeconds: number;
  /** 0: this instance sends nothing by itself (runOnce still does) */
  pollMs: number;
}

export interface OutboxWorker {
  /** Sends everything due at `now` and waits for it: the tests' fake clock. Answers how many were tried. */
  runOnce(now?: Date): Promise<number>;
  stop(): Promise<void>;
}

/** Deliveries in flight at once on one instance: a hanging provider holds one slot, not the outbox. */
const IN_FLIGHT = 20;
/** An acknowledgement link outlives no alarm, and no week. */
const LINK_DAYS = 7;
export const ACK_PATH = '/rules-engine/api/v1/alarms/ack';

/**
 * The outbox's sender (ADR 0050): claims due deliveries (claim before send, mark after), sends each
 * with a timeout and settles it: sent; queued again with exponential backoff; failed for good after
 * the last attempt; or acknowledged, unsent, when its alarm no longer calls (acknowledged, ended, or
 * raised again). A scheduled report's e-mail (ADR 0051) goes the same way, its PDF read from `storage`
 * when sent; no alarm settles it. Runs on every instance of the notifications service; the claims
 * keep it to one send.
 */
export function startOutboxWorker(
  db: Db,
  channels: Channels,
  storage: MediaStorage,
  settings: OutboxSettings,
  log: FastifyBaseLogger,
): OutboxWorker {
  const store = deliveryStore(db);
  const words = wording(settings.webDist);
  const worker = randomUUID();
  const inFlight = new Set<Promise<void>>();
  let stopped = false;

  const backoffMs = (attempts: number) => Math.min(settings.retrySeconds * 2 ** (attempts - 1), 3600) * 1000;

  function deliver(row: DeliveryRow, now: Date): Promise<void> {
    return row.alarm_id ? deliverAlarm({ ...row, alarm_id: row.alarm_id }, now) : deliverReport(row, now);
  }

  async function deliverReport(row: DeliveryRow, now: Date): Promise<void> {
    let message: OutgoingMessage;
    try {
      message = await reportMessage(row, storage);
    } catch (error) {
      if (!(error instanceof UnsendableReport)) return failed(row, now, 'email', error);
      log.warn({ deliveryId: row.id, reportId: row.report_id, err: error.message }, 'call-out: report not sendable');
      await store.settle(worker, row.id, { status: 'failed', error: error.message });
      return;
    }
    await send(row, now, 'email', message);
  }

  async function deliverAlarm(row: AlarmDeliveryRow, now: Date): Promise<void> {
    const at = now.toISOString();
    const alarm = await store.alarmOf(row.alarm_id);
    if (!alarm || !CALLING_STATES.includes(alarm.state) || alarm.episode !== row.episode) {
      await store.settle(worker, row.id, { status: 'acknowledged' });
      return;
    }
    const contact = row.contact_id ? await store.contactOf(row.contact_id) : undefined;
    if (!contact?.verified_at) {
      await store.settle(worker, row.id, { status: 'failed', error: 'The contact was removed or is not verified' });
      return;
    }
    const channel = row.channel as ContactKind;
    let link: string | null = null;
    if (channel !== 'voice') {
      const token = newToken();
      await store.insertToken({
        id: newId(),
        token_hash: tokenHash(token),
        alarm_id: row.alarm_id,
        delivery_id: row.id,
        user_id: row.user_id,
        channel,
        episode: row.episode,
        created_at: at,
        expires_at: new Date(now.getTime() + LINK_DAYS * 86_400_000).toISOString(),
      });
      link = `${settings.publicUrl}${ACK_PATH}/${token}`;
    }
    const tarpName = (await findTarpLevels(db, alarm.project_id)).find((l) => l.key === alarm.tarp_level)?.name ?? null;
    const context = fromJson<Record<string, unknown>>(alarm.event_context, {});
    const message = alarmMessage(
      {
        id: alarm.id,
        text: alarm.text,
        event: alarm.event_type ? { type: alarm.event_type, context } : null,
        level: alarm.level,
        tarpName,
        since: alarm.started_at ?? alarm.first_raised_at,
        project: alarm.project_name,
        entity: alarm.eid ? { eid: alarm.eid, title: alarm.title ?? alarm.eid } : null,
        reading: readingOf(context),
        test: alarm.source === TEST_ALARM_SOURCE,
        testPolicy: alarm.source === TEST_ALARM_SOURCE ? alarm.policy_name : null,
      },
      await findUserLocale(db, alarm.project_id, row.user_id),
      link,
      channel,
      row.id,
      words,
    );
    await send(row, now, channel, message);
  }

  /** Sends, then marks the delivery sent, or failed (queued again while attempts are left). */
  async function send(row: DeliveryRow, now: Date, channel: ContactKind, message: OutgoingMessage): Promise<void> {
    try {
      await channels.send(channel, row.address, message);
    } catch (error) {
      await failed(row, now, channel, error);
      return;
    }
    await store.settle(worker, row.id, { status: 'sent', sent_at: new Date().toISOString(), error: null });
  }

  /** A failed attempt: queued again after the backoff, or failed for good after the last attempt. */
  async function failed(row: DeliveryRow, now: Date, channel: ContactKind, error: unknown): Promise<void> {
    const text = error instanceof Error ? error.message : String(error);
    const final = row.attempts >= settings.maxAttempts;
    log.warn({ deliveryId: row.id, channel, attempts: row.attempts, final, err: text }, 'call-out: delivery failed');
    const retry = {
      status: 'queued',
      next_attempt_at: new Date(now.getTime() + backoffMs(row.attempts)).toISOString(),
    };
    await store.settle(worker, row.id, { ...(final ? { status: 'failed' } : retry), error: text.slice(0, 1000) });
  }

  function start(row: DeliveryRow, now: Date): Promise<void> {
    const job = deliver(row, now)
      .catch((error: unknown) => log.error({ err: error, deliveryId: row.id }, 'call-out: delivery not settled'))
      .finally(() => inFlight.delete(job));
    inFlight.add(job);
    return job;
  }

  const lease = (now: Date) => new Date(now.getTime() + settings.timeoutMs + 60_000).toISOString();

  /** Claims what the free slots allow and starts sending it, without waiting. */
  async function pump(now: Date): Promise<DeliveryRow[]> {
    const rows = await store.claim(worker, now.toISOString(), lease(now), IN_FLIGHT - inFlight.size);
    for (const row of rows) void start(row, now);
    return rows;
  }

  let timer: NodeJS.Timeout | undefined;
  /**
   * Looks every pollMs while the outbox is idle; while it has work, claims again as soon as a slot
   * frees, so that a flood is sent at the providers' pace, not a batch a poll.
   */
  const loop = (delay: number) => {
    timer = setTimeout(() => {
      pump(new Date())
        .then(async (rows) => {
          if (!rows.length || stopped) return settings.pollMs;
          await Promise.race(inFlight);
          return 0;
        })
        .catch((error: unknown) => {
          log.error({ err: error }, 'call-out: outbox claim failed');
          return settings.pollMs;
        })
        .then((next) => {
          if (!stopped) loop(next);
        });
    }, delay);
    timer.unref();
  };
  if (settings.pollMs > 0) loop(settings.pollMs);

  return {
    async runOnce(now = new Date()) {
      let tried = 0;
      for (;;) {
        const rows = await store.claim(worker, now.toISOString(), lease(now), 500);
        if (!rows.length) break;
        tried += rows.length;
        await Promise.all(rows.map((row) => start(row, now)));
      }
      await Promise.all(inFlight);
      return tried;
    },
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await Promise.all(inFlight);
      channels.close();
    },
  };
}
