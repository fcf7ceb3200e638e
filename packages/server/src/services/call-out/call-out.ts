import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/connection.ts';
import type { Mailer } from '../../mail/mailer.ts';
import { createMediaStorage } from '../media/storage/media-storage.ts';
import { createChannels, type Channels } from './channels.ts';
import { startOutboxWorker, type OutboxWorker } from './outbox-worker.ts';

/** An instance's call-out: its channels (verification codes, deliveries) and its outbox sender. */
export interface CallOut {
  channels: Channels;
  outbox: OutboxWorker;
  stop(): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** call-out (ADR 0050) when this instance runs the `notifications` service */
    callOut: CallOut | null;
  }
}

/** Starts the call-out of an instance from its configuration (ADR 0050). */
export function startCallOut(config: Config, db: Db, mailer: Mailer, log: FastifyBaseLogger): CallOut {
  const channels = createChannels(
    {
      smtpUrl: config.SMTP_URL,
      mailFrom: config.MAIL_FROM,
      smsUrl: config.SMS_URL,
      smsFrom: config.SMS_FROM,
      webhookSecret: config.WEBHOOK_SECRET,
      timeoutMs: config.CALL_OUT_SEND_TIMEOUT_MS,
    },
    mailer,
  );
  // report e-mails carry their PDF, read from the media storage when sent (ADR 0051)
  const storage = createMediaStorage(config);
  const outbox = startOutboxWorker(
    db,
    channels,
    storage,
    {
      publicUrl: config.PUBLIC_URL,
      webDist: config.WEB_DIST,
      timeoutMs: config.CALL_OUT_SEND_TIMEOUT_MS,
      maxAttempts: config.CALL_OUT_MAX_ATTEMPTS,
      retrySeconds: config.CALL_OUT_RETRY_SECONDS,
      pollMs: config.CALL_OUT_POLL_MS,
    },
    log,
  );
  return {
    channels,
    outbox,
    async stop() {
      await outbox.stop();
      await storage.close();
    },
  };
}
