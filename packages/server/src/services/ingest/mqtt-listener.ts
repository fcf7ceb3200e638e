import { randomBytes } from 'node:crypto';
import mqtt, { type IPublishPacket } from 'mqtt';
import { HttpError } from '../../http/errors.ts';
import { ingestPayloads, recordInvalidPayload, type IngestHost } from './pipeline.ts';
import { findProjectIdBySlug } from './store.ts';

/** The topics of ADR 0008: a project's batch topic and one topic per device. */
export const MQTT_TOPICS = ['vigil/+/payloads', 'vigil/+/+/up'] as const;

/** `vigil/{slug}/payloads` → {slug}; `vigil/{slug}/{eid}/up` → {slug, eid}; anything else → undefined. */
export function parseTopic(topic: string): { slug: string; eid?: string } | undefined {
  const parts = topic.split('/');
  if (parts[0] !== 'vigil' || !parts[1]) return undefined;
  if (parts.length === 3 && parts[2] === 'payloads') return { slug: parts[1] };
  if (parts.length === 4 && parts[3] === 'up' && parts[2]) return { slug: parts[1], eid: parts[2] };
  return undefined;
}

const SLUG_TTL_MS = 60_000;

/**
 * Subscribes to the ingest topics and feeds every message through the pipeline, one at a time:
 * mqtt.js waits for `handleMessage` to finish before it reads the next message (and acknowledges a
 * QoS 1 message only then). Reconnects on its own; `close` ends the connection and waits for the
 * message in hand.
 */
export function startMqttListener(
  app: IngestHost,
  url: string,
  options: { maxBytes: number },
): { close(): Promise<void> } {
  const client = mqtt.connect(url, {
    clientId: `vigil-${randomBytes(6).toString('hex')}`,
    clean: true,
    reconnectPeriod: 2_000,
    connectTimeout: 10_000,
    // A clean session keeps no subscriptions: subscribe again on every (re)connection.
    resubscribe: false,
  });
  const log = app.log.child({ component: 'mqtt' });
  const slugs = new Map<string, { projectId: string; at: number }>();
  let inFlight: Promise<void> = Promise.resolve();

  async function projectOf(slug: string): Promise<string | undefined> {
    const cached = slugs.get(slug);
    if (cached && Date.now() - cached.at < SLUG_TTL_MS) return cached.projectId;
    const projectId = await findProjectIdBySlug(app.db, slug);
    if (projectId) slugs.set(slug, { projectId, at: Date.now() });
    return projectId;
  }

  async function handle(packet: IPublishPacket) {
    const where = parseTopic(packet.topic);
    const projectId = where && (await projectOf(where.slug));
    if (!where || !projectId) {
      log.debug({ topic: packet.topic }, 'message on a topic of no project: dropped');
      return;
    }
    const text = Buffer.isBuffer(packet.payload) ? packet.payload.toString('utf8') : String(packet.payload);
    const eid = where.eid ?? null;
    const invalid = (reason: string) => recordInvalidPayload(app, projectId, { eid, text, reason });
    if (Buffer.byteLength(text) > options.maxBytes) {
      await invalid(`The message is larger than ${options.maxBytes} bytes`);
      return;
    }
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch (error) {
      await invalid(`Not valid JSON: ${(error as Error).message}`);
      return;
    }
    if (where.eid !== undefined) {
      if (body === null || typeof body !== 'object' || Array.isArray(body)) {
        await invalid(`Expected one payload object on ${packet.topic}`);
        return;
      }
      const own = (body as { eid?: unknown }).eid;
      if (own !== undefined && own !== where.eid) {
        await invalid(`The payload's eid ${String(own)} differs from the topic's ${where.eid}`);
        return;
      }
      body = { ...body, eid: where.eid };
    }
    try {
      await ingestPayloads(app, projectId, body, 'mqtt');
    } catch (error) {
      if (!(error instanceof HttpError) || error.status !== 400) throw error;
      const problems = Object.entries(error.details ?? {}).map(
        ([field, messages]) => `${field}: ${messages.join(' ')}`,
      );
      await invalid([error.message, ...problems].join('; '));
    }
  }

  client.handleMessage = (packet, done) => {
    const work = handle(packet).catch((error: unknown) =>
      log.error({ err: error, topic: packet.topic }, 'MQTT message could not be stored'),
    );
    inFlight = work;
    void work.then(() => done());
  };
  client.on('connect', () => {
    log.info({ url: redact(url) }, 'MQTT connected');
    client.subscribe([...MQTT_TOPICS], { qos: 1 }, (error) => {
      if (error) log.error({ err: error }, 'MQTT subscription failed');
    });
  });
  client.on('reconnect', () => log.debug('MQTT reconnecting'));
  client.on('offline', () => log.warn('MQTT broker unreachable; retrying'));
  client.on('error', (error) => log.warn({ err: error }, 'MQTT error'));

  return {
    async close() {
      await client.endAsync(!client.connected);
      await inFlight;
    },
  };
}

/** The broker URL without its password, for the logs. */
function redact(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return 'mqtt';
  }
}
