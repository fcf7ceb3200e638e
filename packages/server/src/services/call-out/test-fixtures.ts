import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import type { TestApp } from '../../test-support/test-app.ts';
import { webhookSignature } from './channels.ts';

export const NOTIFICATIONS = '/notifications-async/api/v1';
export const WEBHOOK_SECRET = 'a-webhook-secret-of-the-tests';
export const SMS_FROM = '+41790000000';

export interface ReceivedMail {
  to: string[];
  subject: string;
  text: string;
  /** the message as it came, MIME parts and all (a report's attached PDF) */
  raw: string;
}

/** Undoes quoted-printable soft breaks and escapes (nodemailer's encoding of long or non-ASCII lines). */
function decodeBody(raw: string): string {
  const [head = '', ...rest] = raw.split(/\r?\n\r?\n/);
  const body = rest.join('\n\n');
  if (!/quoted-printable/i.test(head)) return body;
  const bytes = body
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

function decodeSubject(raw: string): string {
  const line = /^Subject: (.*(?:\r?\n[ \t].*)*)/m.exec(raw)?.[1] ?? '';
  return line
    .replace(/\r?\n[ \t]/g, ' ')
    .replace(/=\?utf-8\?([QB])\?([^?]*)\?=\s?/gi, (_, mode: string, text: string) =>
      mode.toUpperCase() === 'B'
        ? Buffer.from(text, 'base64').toString('utf8')
        : Buffer.from(
            text.replace(/_/g, ' ').replace(/=([0-9A-F]{2})/g, (__, h: string) => String.fromCharCode(parseInt(h, 16))),
            'latin1',
          ).toString('utf8'),
    );
}

/**
 * A real SMTP server on loopback that keeps what it receives. `refuse` names recipients it refuses
 * (onRcptTo error); `hang` makes it accept connections and never greet.
 */
export async function startSmtp(options: { refuse?: (to: string) => boolean; hang?: boolean } = {}) {
  const messages: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    // plain SMTP on loopback: smtp-server's built-in certificate has expired
    disabledCommands: ['STARTTLS', 'AUTH'],
    disableReverseLookup: true,
    logger: false,
    onConnect(_session, callback) {
      if (!options.hang) callback();
    },
    onRcptTo(address, _session, callback) {
      if (options.refuse?.(address.address)) callback(new Error('550 No such mailbox here'));
      else callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        messages.push({
          to: session.envelope.rcptTo.map((r) => r.address),
          subject: decodeSubject(raw),
          text: decodeBody(raw),
          raw,
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export interface RecordedRequest {
  method: string;
  path: string;
  headers: IncomingMessage['headers'];
  body: string;
  /** the form fields of a Twilio-shaped request */
  form: Record<string, string>;
  /** for a webhook: whether X-Vigil-Signature is the HMAC of the body with the tests' secret */
  signed: boolean;
}

/**
 * A loopback HTTP server speaking a provider's REST shape (Twilio's Messages.json and Calls.json,
 * or a webhook receiver): records each request and answers what `answer` says (a status, or `hang`).
 */
export async function startProvider(answer: (req: RecordedRequest) => number | 'hang' = () => 201) {
  const requests: RecordedRequest[] = [];
  const hanging: Array<() => void> = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const recorded: RecordedRequest = {
        method: req.method ?? '',
        path: req.url ?? '',
        headers: req.headers,
        body,
        form: Object.fromEntries(new URLSearchParams(body)),
        signed: req.headers['x-vigil-signature'] === webhookSignature(WEBHOOK_SECRET, body),
      };
      requests.push(recorded);
      const status = answer(recorded);
      if (status === 'hang') {
        hanging.push(() => res.destroy());
        return;
      }
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(status < 300 ? { sid: 'SM1' } : { code: 20404, message: `The provider says ${status}` }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        for (const end of hanging) end();
        server.close(() => resolve());
      }),
  };
}

/** Environment of a test app whose call-out reaches the loopback servers, its sender driven by the test. */
export function callOutEnv(smtpUrl: string, providerOrigin: string, extra: Record<string, string> = {}) {
  return {
    SMTP_URL: smtpUrl,
    SMS_URL: `${providerOrigin.replace('http://', 'http://AC123:secret@')}/2010-04-01/Accounts/AC123`,
    SMS_FROM,
    WEBHOOK_SECRET,
    PUBLIC_URL: 'https://vigil.example.org',
    CALL_OUT_POLL_MS: '0',
    CALL_OUT_SEND_TIMEOUT_MS: '1500',
    CALL_OUT_MAX_ATTEMPTS: '3',
    CALL_OUT_RETRY_SECONDS: '30',
    ...extra,
  };
}

export const userId = async (t: TestApp, username: string) =>
  (await t.db.selectFrom('users').select('id').where('username', '=', username).executeTakeFirstOrThrow()).id;

/** A contact already verified (the verification's own test goes through the code). */
export async function verifiedContact(
  t: TestApp,
  username: string,
  kind: string,
  address: string,
  quiet: object | null = null,
) {
  const id = `contact-${kind}-${username}-${Math.random().toString(36).slice(2, 8)}`;
  await t.db
    .insertInto('contacts')
    .values({
      id,
      user_id: await userId(t, username),
      kind,
      address,
      verified_at: new Date().toISOString(),
      quiet_hours: quiet ? JSON.stringify(quiet) : null,
      code_hash: null,
      code_expires_at: null,
      code_attempts: 0,
      created_at: new Date().toISOString(),
    })
    .execute();
  return id;
}

/** Waits until `check` holds (a background send), at most a few seconds. */
export async function until(check: () => boolean | Promise<boolean>, ms = 5000) {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('gave up waiting');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** The acknowledgement link in a message's text. */
export const linkIn = (text: string) =>
  /https:\/\/vigil\.example\.org(\/rules-engine\/api\/v1\/alarms\/ack\/[A-Za-z0-9_-]+)/.exec(text)?.[1];
