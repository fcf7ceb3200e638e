import { createHmac } from 'node:crypto';
import type { ContactKind } from '@vigil/domain';
import nodemailer from 'nodemailer';
import type { Mail, Mailer } from '../../mail/mailer.ts';

/** One message, in each channel's shape: e-mail subject and text, SMS text, spoken text, webhook JSON. */
export interface OutgoingMessage {
  subject: string;
  text: string;
  /** files an e-mail carries (a scheduled report's PDF) */
  attachments?: Mail['attachments'];
  /** what a call says; the text by default */
  spoken?: string;
  /** the spoken language (BCP 47) */
  language?: string;
  json: Record<string, unknown>;
}

export interface Channels {
  /** Sends, or throws the provider's error; never takes longer than the send timeout. */
  send(kind: ContactKind, address: string, message: OutgoingMessage): Promise<void>;
  close(): void;
}

export interface ChannelSettings {
  smtpUrl: string | undefined;
  mailFrom: string;
  smsUrl: string | undefined;
  smsFrom: string | undefined;
  webhookSecret: string | undefined;
  timeoutMs: number;
}

/** `sha256=<hex>`: the HMAC-SHA256 of the body with the webhook secret, as X-Vigil-Signature carries it. */
export const webhookSignature = (secret: string, body: string) =>
  `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;

const escapeXml = (text: string) =>
  text.replace(/[<>&'"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c]!);

/** Rejects after `ms`: a provider that never answers fails like one that refuses. */
function within<T>(ms: number, what: string, work: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} did not answer within ${ms} ms`)), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

async function failure(response: Response): Promise<Error> {
  const body = await response.text().catch(() => '');
  let detail = body.slice(0, 300);
  try {
    const parsed = JSON.parse(body) as { message?: unknown };
    if (typeof parsed.message === 'string') detail = parsed.message;
  } catch {
    // not JSON: the text as it came
  }
  return new Error(`HTTP ${response.status}${detail ? `: ${detail}` : ''}`);
}

/**
 * The call-out's ways out (ADR 0050): e-mail through SMTP_URL (pooled, or the mailer's outbox when
 * unset), SMS and calls through a Twilio-compatible REST API at SMS_URL, webhooks as JSON signed with
 * WEBHOOK_SECRET. Every send has the same timeout.
 */
export function createChannels(settings: ChannelSettings, mailer: Mailer): Channels {
  const { timeoutMs } = settings;
  const smtp = settings.smtpUrl
    ? nodemailer.createTransport({
        url: settings.smtpUrl,
        // as many connections as sends in flight (outbox-worker's IN_FLIGHT): a message never waits
        // in the pool for another's connection, which would count against its own timeout
        pool: true,
        maxConnections: 20,
        connectionTimeout: timeoutMs,
        greetingTimeout: timeoutMs,
        socketTimeout: timeoutMs,
      } as never)
    : null;

  async function email(address: string, message: OutgoingMessage) {
    const mail = { to: address, subject: message.subject, text: message.text, attachments: message.attachments };
    if (!smtp) return mailer.send(mail);
    await smtp.sendMail({ from: settings.mailFrom, ...mail });
  }

  /** Posts a form to `<SMS_URL>/<resource>`, the URL's user and password as Basic credentials. */
  async function twilio(resource: string, form: Record<string, string>) {
    if (!settings.smsUrl || !settings.smsFrom) throw new Error('SMS_URL and SMS_FROM are not configured');
    const url = new URL(settings.smsUrl);
    const credentials = `${decodeURIComponent(url.username)}:${decodeURIComponent(url.password)}`;
    url.username = '';
    url.password = '';
    const endpoint = `${url.toString().replace(/\/$/, '')}/${resource}`;
    const response = await fetch(endpoint, {
      method: 'POST',
      headers: {
        authorization: `Basic ${Buffer.from(credentials).toString('base64')}`,
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: new URLSearchParams({ From: settings.smsFrom, ...form }).toString(),
      signal: AbortSignal.timeout(timeoutMs),
    });
    if (!response.ok) throw await failure(response);
  }

  async function webhook(address: string, message: OutgoingMessage) {
    if (!settings.webhookSecret) throw new Error('WEBHOOK_SECRET is not configured');
    const body = JSON.stringify(message.json);
    const response = await fetch(address, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-vigil-signature': webhookSignature(settings.webhookSecret, body),
      },
      body,
      signal: AbortSignal.timeout(timeoutMs),
      redirect: 'manual',
    });
    if (!response.ok) throw await failure(response);
  }

  return {
    send(kind, address, message) {
      switch (kind) {
        case 'email':
          return within(timeoutMs, 'The mail server', email(address, message));
        case 'sms':
          return within(timeoutMs, 'The SMS provider', twilio('Messages.json', { To: address, Body: message.text }));
        case 'voice': {
          const say = escapeXml(message.spoken ?? message.text);
          const language = message.language ? ` language="${escapeXml(message.language)}"` : '';
          const twiml = `<Response><Say${language}>${say}</Say><Pause length="1"/><Say${language}>${say}</Say></Response>`;
          return within(timeoutMs, 'The voice provider', twilio('Calls.json', { To: address, Twiml: twiml }));
        }
        case 'webhook':
          return within(timeoutMs, 'The webhook', webhook(address, message));
      }
    },
    close() {
      smtp?.close();
    },
  };
}
