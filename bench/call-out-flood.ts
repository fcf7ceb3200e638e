import { appendFileSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { SMTPServer } from 'smtp-server';
import { DEMO_PASSWORD } from '../packages/server/src/demo/site.ts';
import { call } from './dashboard-draw.ts';
import { demoApp } from './demo-app.ts';
import { percentile, until, within } from './measure.ts';
import { machine } from './report.ts';

/**
 * Issue 38's budget: 500 alarms raised in one minute (a flood) reach their first step's recipients
 * with p99 ≤ 10 s from the reading, through a local SMTP server and a local SMS endpoint, and no
 * message is sent twice. The server runs in this process on a fresh SQLite file as `npm start` does;
 * the SMTP server (smtp-server) and the Twilio-shaped SMS endpoint are real servers on loopback.
 */
const DEVICES = 500;
const FLOOD_SECONDS = 60;
const BUDGET_MS = 10_000;
/** how long after the last reading the bench waits for messages before it counts the rest as missing */
const ARRIVAL_TIMEOUT_MS = 120_000;
const TIP = 100;
const KPA_PER_M = 9.8068;
const pressureFor = (level: number) => (level - TIP) * KPA_PER_M;
const eidOf = (i: number) => `FL-${String(i + 1).padStart(3, '0')}`;
const EID = /\bFL-\d{3}\b/g;

interface Message {
  at: number;
  text: string;
}

/** Quoted-printable soft breaks and escapes undone: enough to find device names and codes in a message. */
const plain = (raw: string) =>
  raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));

function startSmtp(): Promise<{ port: number; messages: Message[]; close: () => Promise<void> }> {
  const messages: Message[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      let raw = '';
      stream.setEncoding('utf8');
      stream.on('data', (chunk: string) => (raw += chunk));
      stream.on('end', () => {
        messages.push({ at: performance.now(), text: plain(raw) });
        callback();
      });
    },
  });
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.server.address() as AddressInfo;
      resolve({ port, messages, close: () => new Promise<void>((done) => server.close(() => done())) });
    });
  });
}

async function bodyOf(request: IncomingMessage): Promise<string> {
  let body = '';
  for await (const chunk of request) body += chunk;
  return body;
}

/** A Twilio-shaped endpoint: `POST …/Messages.json` (To, From, Body) answers 201 and is recorded. */
function startSms(): Promise<{ port: number; messages: Message[]; close: () => Promise<void> }> {
  const messages: Message[] = [];
  let sid = 0;
  const server = createServer(async (request, response) => {
    const form = new URLSearchParams(await bodyOf(request));
    if (request.method === 'POST' && request.url?.endsWith('/Messages.json'))
      messages.push({ at: performance.now(), text: `${form.get('To')} ${form.get('Body')}` });
    response.writeHead(201, { 'content-type': 'application/json' });
    response.end(JSON.stringify({ sid: `SM${++sid}`, status: 'queued' }));
  });
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      resolve({ port, messages, close: () => new Promise<void>((done) => server.close(() => done())) });
    });
  });
}

const smtp = await startSmtp();
const sms = await startSms();
const dataDir = mkdtempSync(join(tmpdir(), 'vigil-bench-call-out-'));
const { app, db } = await demoApp(dataDir, undefined, {
  SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
  SMS_URL: `http://AC0bench:secret@127.0.0.1:${sms.port}/2010-04-01/Accounts/AC0bench`,
  SMS_FROM: '+15005550006',
});
const base = await app.listen({ host: '127.0.0.1', port: 0 });
/** The few fields the bench reads of an answer. */
type Answer = { id: string; token: string; user_id: string; objects: Array<{ id: string }> };
const api = (method: string, path: string, token: string | null, body?: unknown) =>
  call<Answer>(base, method, path, token, body);

/** A contact of the signed-in user, verified with the code the loopback server received. */
async function verifiedContact(token: string, kind: 'email' | 'sms', address: string, inbox: Message[]) {
  const seen = inbox.length;
  const contact = await api('POST', '/notifications-async/api/v1/contacts', token, { kind, address });
  await until(`the verification code sent to ${address}`, 20_000, () => inbox.length > seen);
  const code = /\b(\d{6})\b/.exec(inbox.at(-1)!.text)?.[1];
  if (!code) throw new Error(`no code in the message to ${address}: ${inbox.at(-1)!.text.slice(0, 500)}`);
  await api('POST', `/notifications-async/api/v1/contacts/${contact.id}/verify`, token, { code });
  inbox.length = seen;
}

try {
  const { token, user_id: userId } = await api('POST', '/auth/api/v1/users/login', null, {
    username: 'admin',
    password: DEMO_PASSWORD,
  });
  const projects = await api('GET', '/ui/api/v1/projects?paginate_by=100', token);
  await api('POST', '/auth/api/v1/users/switch-data-context', token, { data_context: projects.objects[0]!.id });

  await verifiedContact(token, 'email', 'on-call@vigil.test', smtp.messages);
  await verifiedContact(token, 'sms', '+41791234567', sms.messages);
  const roster = await api('POST', '/notifications-async/api/v1/rosters', token, {
    name: 'Bench on call',
    members: [userId],
    shift_hours: 12,
    starts_at: new Date(Date.now() - 3_600_000).toISOString(),
    timezone: 'UTC',
  });
  await api('POST', '/notifications-async/api/v1/escalation-policies', token, {
    name: 'Bench red',
    tarp_level: 'red',
    steps: [{ after_minutes: 0, target: { roster_id: roster.id }, channels: ['email', 'sms'] }],
  });

  const scheme = await api('POST', '/device-registry/api/v1/schemes', token, {
    name: 'Bench flood piezometer',
    type: 'phreatic_surface',
    spec: {
      metrics: {
        raw_metrics: [{ key: 'pressure', label: 'Pressure', unit: 'kPa' }],
        calculated_metrics: [
          { key: 'piezometric_level', label: 'Piezometric level', unit: 'm', formula: 'tip + pressure / 9.8068' },
        ],
        context_metrics: [{ key: 'tip', label: 'Tip elevation', unit: 'm' }],
      },
      metric_limits: [
        { group: 'calculated_metrics', metric: 'piezometric_level', level: 'critical', bound: 'upper', value: 110 },
      ],
    },
  });
  for (let i = 0; i < DEVICES; i++) {
    await api('POST', '/device-registry/api/v1/instruments', token, {
      eid: eidOf(i),
      title: eidOf(i),
      scheme: scheme.id,
      context: { tip: TIP },
      contracted_sla_time: 3600,
    });
  }
  // every device below its limit first, so that the flood's readings each cross it
  const start = Date.now() - 3_600_000;
  await api(
    'POST',
    '/ingest/api/v1/payloads',
    token,
    Array.from({ length: DEVICES }, (_, i) => ({
      eid: eidOf(i),
      read_at: new Date(start).toISOString(),
      raw_metrics: { pressure: pressureFor(105) },
    })),
  );
  await within('the rules engine idle before the flood', 120_000, app.rulesEngine!.idle());
  await sleep(2000);
  smtp.messages.length = 0;
  sms.messages.length = 0;

  // the flood: every device crosses its critical limit once, spread evenly over a minute
  const sentAt = new Map<string, number>();
  const floodStart = performance.now();
  const perSecond = DEVICES / FLOOD_SECONDS;
  for (let second = 0; second < FLOOD_SECONDS; second++) {
    const due = floodStart + second * 1000;
    if (due > performance.now()) await sleep(due - performance.now());
    const from = Math.round(second * perSecond);
    const to = Math.round((second + 1) * perSecond);
    const payloads = [];
    for (let i = from; i < to; i++)
      payloads.push({
        eid: eidOf(i),
        read_at: new Date(start + 60_000 + second * 1000).toISOString(),
        raw_metrics: { pressure: pressureFor(112) },
      });
    const now = performance.now();
    for (const p of payloads) sentAt.set(p.eid, now);
    await api('POST', '/ingest/api/v1/payloads', token, payloads);
  }
  const complete = () => {
    const devices = (messages: Message[]) => new Set(messages.flatMap((m) => m.text.match(EID) ?? []));
    return devices(smtp.messages).size >= DEVICES && devices(sms.messages).size >= DEVICES;
  };
  await until('a message on each channel for every device', ARRIVAL_TIMEOUT_MS, complete).catch((error: unknown) =>
    console.log(error instanceof Error ? error.message : String(error)),
  );
  await sleep(5000); // anything sent twice arrives in these seconds too

  const report = (channel: string, messages: Message[]) => {
    const first = new Map<string, number>();
    const count = new Map<string, number>();
    for (const m of messages)
      for (const eid of new Set(m.text.match(EID) ?? [])) {
        count.set(eid, (count.get(eid) ?? 0) + 1);
        if (!first.has(eid)) first.set(eid, m.at);
      }
    const latencies = [...first].map(([eid, at]) => at - sentAt.get(eid)!);
    const twice = [...count.values()].filter((n) => n > 1).length;
    return {
      channel,
      reached: first.size,
      p50: percentile(latencies, 50),
      p99: percentile(latencies, 99),
      max: Math.max(...latencies),
      twice,
      messages: messages.length,
    };
  };
  const results = [report('e-mail (SMTP)', smtp.messages), report('SMS (Twilio-shaped REST)', sms.messages)];
  const worstP99 = Math.max(...results.map((r) => r.p99));
  const allReached = results.every((r) => r.reached === DEVICES);
  const noneTwice = results.every((r) => r.twice === 0);
  const command = process.env.BENCH_COMMAND ?? 'npx node bench/call-out-flood.ts';
  const section = [
    '',
    `## ${new Date().toISOString().replace('T', ' ').slice(0, 16)} UTC: an alarm flood called out (issue 38)`,
    '',
    `- machine: ${machine()}`,
    `- Node ${process.version}`,
    `- command: \`${command}\``,
    `- set-up: the server in this process on a temporary SQLite file (demo seeded, no simulator), HTTP over 127.0.0.1; ${DEVICES} piezometers each crossing its critical limit once, ${perSecond.toFixed(1)} readings a second for ${FLOOD_SECONDS} s (${DEVICES} red alarms); one escalation policy for TARP red, first step at 0 minutes to the on-call person of a roster, by e-mail and SMS (verified contacts); a real SMTP server (smtp-server) and a Twilio-shaped HTTP endpoint on loopback; latency from the reading's POST to the first message naming its device`,
    '',
    '| channel | devices reached | messages | p50 (ms) | p99 (ms) | max (ms) | devices messaged twice |',
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: |',
    ...results.map(
      (r) =>
        `| ${r.channel} | ${r.reached} of ${DEVICES} | ${r.messages} | ${r.p50.toFixed(0)} | ${r.p99.toFixed(0)} | ${r.max.toFixed(0)} | ${r.twice} |`,
    ),
    '',
    `- Budget "a flood of ${DEVICES} alarms reaches the first step's recipients, p99 ≤ ${BUDGET_MS.toLocaleString('en')} ms, none twice": p99 ${worstP99.toFixed(0)} ms, ${allReached ? 'every device reached' : 'NOT every device reached'}, ${noneTwice ? 'none twice' : 'some twice'}: ${worstP99 <= BUDGET_MS && allReached && noneTwice ? 'met' : 'NOT met'}`,
    '',
  ].join('\n');
  console.log(section);
  if (process.env.BENCH_RESULTS !== 'off') appendFileSync(join(import.meta.dirname, 'RESULTS.md'), section);
} finally {
  await app.close();
  await db.destroy();
  await smtp.close();
  await sms.close();
  rmSync(dataDir, { recursive: true, force: true });
}
