import { isIP } from 'node:net';
import { join, resolve } from 'node:path';
import { splitList } from '@vigil/domain';
import { z } from 'zod';

export const SERVICE_NAMES = [
  'auth',
  'ui',
  'registry',
  'ingest',
  'metrics',
  'rules',
  'notifications',
  'media',
  'journal',
  'weather',
] as const;
export type ServiceName = (typeof SERVICE_NAMES)[number];

/** A comma-separated list whose every item passes `valid`, blanks dropped. */
const commaList = (valid: (item: string) => boolean, message: string) =>
  z
    .string()
    .transform((s) => splitList(s))
    .refine((list) => list.every(valid), message);

const csv = (allowed: readonly string[]) =>
  commaList((x) => allowed.includes(x), `must be a comma-separated list of: ${allowed.join(', ')}`);

/** Days to keep a kind of log before retention deletes it (ADR 0046): `0` or `never` keep it for ever (null). */
const retentionDays = (days: number) =>
  z
    .string()
    .regex(/^(never|\d+)$/, 'must be a whole number of days, or 0 or never to keep for ever')
    .transform((text) => (text === 'never' || Number(text) === 0 ? null : Number(text)))
    .default(days);

const PROXY_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/** An address, a CIDR range (`10.0.0.0/8`, `fd00::/8`) or one of proxy-addr's names. */
function isProxyAddress(entry: string): boolean {
  if (PROXY_NAMES.has(entry)) return true;
  const [address = '', bits, extra] = entry.split('/');
  const version = isIP(address);
  if (!version || extra !== undefined) return false;
  if (bits === undefined) return true;
  return /^\d{1,3}$/.test(bits) && Number(bits) <= (version === 4 ? 32 : 128);
}

/** Whether a tile URL is one of OpenStreetMap's own servers (`tile.openstreetmap.org`, `{s}.tile…`). */
function isOpenStreetMap(url: string): boolean {
  const host = /^https?:\/\/([^/:]+)/.exec(url)?.[1] ?? '';
  return host === 'openstreetmap.org' || host.endsWith('.openstreetmap.org');
}

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  PUBLIC_URL: z.url().optional(),
  /**
   * A PEM certificate (chain) and its key: with both, Vigil serves HTTPS itself, HTTP/2 to browsers
   * and HTTP/1.1 to the rest (ADR 0043). Unset, plain HTTP/1.1, e.g. behind a proxy that holds TLS.
   */
  TLS_CERT_FILE: z.string().optional(),
  TLS_KEY_FILE: z.string().optional(),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL (leave unset for the embedded SQLite file)')
    .optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
    .optional(),
  MAIL_FROM: z.string().default('Vigil <no-reply@vigil.local>'),
  /**
   * Call-out (ADR 0050): a Twilio-compatible REST API for SMS and voice, its account in the URL
   * (`https://SID:TOKEN@api.twilio.com/2010-04-01/Accounts/SID`); `Messages.json` and `Calls.json`
   * are posted below it. Unset, SMS and voice deliveries fail with that reason.
   */
  SMS_URL: z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' }).optional(),
  /** the number SMS and calls come from, E.164 */
  SMS_FROM: z
    .string()
    .regex(/^\+[1-9]\d{6,14}$/, 'must be a number in E.164 form, e.g. +41791234567')
    .optional(),
  /** the key of the HMAC-SHA256 in X-Vigil-Signature on webhook deliveries; unset, webhooks are not sent */
  WEBHOOK_SECRET: z.string().min(16, 'must be at least 16 characters').optional(),
  /** how long one e-mail, SMS, call or webhook may take before it counts as failed and is retried */
  CALL_OUT_SEND_TIMEOUT_MS: z.coerce.number().int().positive().max(120_000).default(10_000),
  /** attempts of one delivery before it is failed for good; between them 30 s, 1 min, 2 min… */
  CALL_OUT_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(20).default(6),
  CALL_OUT_RETRY_SECONDS: z.coerce.number().positive().max(3600).default(30),
  /** how often this instance looks for deliveries to send; 0: it sends none (another instance does) */
  CALL_OUT_POLL_MS: z.coerce.number().int().min(0).max(60_000).default(1_000),
  SERVICES: csv(SERVICE_NAMES).default([...SERVICE_NAMES]),
  WEB_DIST: z.string().optional(),
  TOKEN_TTL_HOURS: z.coerce.number().positive().default(12),
  PASSWORD_MAX_AGE_DAYS: z.coerce.number().min(0).default(180),
  PASSWORD_HASH_COST: z.coerce.number().int().min(10).max(20).default(15),
  LOGIN_MAX_FAILURES: z.coerce.number().int().min(1).default(5),
  LOGIN_LOCK_MINUTES: z.coerce.number().positive().default(15),
  BODY_LIMIT_BYTES: z.coerce.number().int().positive().default(1_048_576),
  /**
   * The reverse proxies whose X-Forwarded-For Vigil believes: addresses, CIDR ranges, or `loopback`,
   * `linklocal`, `uniquelocal`. Unset, none: the client's address is the connection's, which no header
   * can forge (login throttling counts per address).
   */
  TRUST_PROXY: commaList(
    isProxyAddress,
    'must be a comma-separated list of addresses, CIDR ranges, loopback, linklocal or uniquelocal',
  ).default([]),
  DEMO: z.enum(['on', 'off']).optional(),
  SIMULATOR: z.enum(['on', 'off']).default('on'),
  DEMO_HISTORY: z.enum(['on', 'off']).default('on'),
  /** Days of demo history written at start: a browser test that needs the loggers' readings asks for a few. */
  DEMO_HISTORY_DAYS: z.coerce.number().positive().max(400).default(90),
  MQTT_URL: z
    .string()
    .regex(/^(mqtts?|wss?|tcp|ssl):\/\//, 'must be an mqtt://, mqtts://, ws:// or wss:// URL')
    .optional(),
  /**
   * The earliest read_at ingest accepts (ADR 0008): an ISO-8601 date (midnight UTC) or date-time with
   * its zone. Earlier readings come from loggers whose clock was never set; they are refused. In epoch ms.
   */
  EARLIEST_READ_AT: z
    .union([z.iso.date(), z.iso.datetime({ offset: true })], {
      error: 'must be an ISO-8601 date (2020-01-01) or date-time with its zone (2020-01-01T00:00:00Z)',
    })
    .default('1970-01-01T00:00:00Z')
    .transform((text) => Date.parse(text)),
  /** Redis or NATS: several instances share notifications (ADR 0012); unset, the bus is in-process */
  BUS_URL: z
    .string()
    .regex(/^(redis|rediss|nats):\/\//, 'must be a redis://, rediss:// or nats:// URL')
    .optional(),
  /** how often time-based states (connectivity, health) are evaluated without new readings */
  RULES_TICK_SECONDS: z.coerce.number().positive().default(30),
  /** seconds between heartbeats on notification streams */
  STREAM_HEARTBEAT_SECONDS: z.coerce.number().positive().default(15),
  /** an online XYZ tile layer for the maps (ADR 0022); unset, maps need no tile server */
  MAP_TILE_URL: z
    .string()
    .regex(/^https?:\/\/[^\s]+$/, 'must be an http:// or https:// URL')
    .refine((url) => ['{z}', '{x}', '{y}'].every((p) => url.includes(p)), 'must contain {z}, {x} and {y}')
    .optional(),
  MAP_TILE_ATTRIBUTION: z.string().optional(),
  MAP_TILE_MAX_ZOOM: z.coerce.number().int().min(0).max(24).default(19),
  /**
   * An S3-compatible bucket for media files (ADR 0025): `https://[key:secret@]host[:port]/bucket[/prefix]`,
   * path-style; without credentials in the URL the AWS SDK's own (AWS_ACCESS_KEY_ID…) apply. Unset,
   * files live under DATA_DIR/media.
   */
  S3_URL: z
    .url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL naming the bucket' })
    .refine((url) => new URL(url).pathname.split('/').filter(Boolean).length > 0, 'must name the bucket in its path')
    .optional(),
  S3_REGION: z.string().default('us-east-1'),
  /**
   * Open-Meteo's forecast endpoint, e.g. `https://api.open-meteo.com/v1/forecast` (ADR 0026). Unset,
   * the weather comes from the site's own meteorological stations only.
   */
  WEATHER_PROVIDER_URL: z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' }).optional(),
  /** how long a call to the weather provider may take before the station answers instead */
  WEATHER_PROVIDER_TIMEOUT_MS: z.coerce.number().int().positive().max(60_000).default(5_000),
  /** the largest logger file `POST /ingest/api/v1/imports` takes, counted as it streams (ADR 0035) */
  IMPORT_MAX_BYTES: z.coerce.number().int().positive().default(536_870_912),
  /** a folder watched for logger files, `<project-slug>/<profile-name>/<file>` (ADR 0035); unset, none */
  IMPORT_DIR: z.string().optional(),
  /** how often IMPORT_DIR is looked at; a file is taken once its size held between two looks */
  IMPORT_POLL_SECONDS: z.coerce.number().positive().max(3600).default(5),
  /** how far from the point asked about a meteorological station still speaks for it */
  WEATHER_STATION_RADIUS_KM: z.coerce.number().positive().max(20_000).default(50),
  /** retention of what is not evidence (ADR 0046): state rule executions, entity snapshots, notifications */
  RETENTION_RULE_EXECUTIONS_DAYS: retentionDays(400),
  RETENTION_SNAPSHOTS_DAYS: retentionDays(400),
  RETENTION_NOTIFICATIONS_DAYS: retentionDays(90),
});

/** The variables, with the checks that span several of them. */
const checkedEnvSchema = envSchema.superRefine((c, ctx) => {
  if (Boolean(c.TLS_CERT_FILE) !== Boolean(c.TLS_KEY_FILE)) {
    const missing = c.TLS_CERT_FILE ? 'TLS_KEY_FILE' : 'TLS_CERT_FILE';
    ctx.addIssue({ code: 'custom', path: [missing], message: 'is required with the other TLS_ file' });
  }
  if (c.MAP_TILE_URL && !c.MAP_TILE_ATTRIBUTION && !isOpenStreetMap(c.MAP_TILE_URL)) {
    ctx.addIssue({
      code: 'custom',
      path: ['MAP_TILE_ATTRIBUTION'],
      message: 'is required with a MAP_TILE_URL that is not OpenStreetMap',
    });
  }
});

/** The online base layer of the maps, when one is configured. */
export interface TileLayerConfig {
  url: string;
  attribution: string;
  maxZoom: number;
}

const OSM_ATTRIBUTION = '© OpenStreetMap contributors';

/** OpenStreetMap's own tiles carry its attribution by default; any other server must name its own. */
function tileLayerOf(c: z.infer<typeof envSchema>): TileLayerConfig | null {
  if (!c.MAP_TILE_URL) return null;
  return { url: c.MAP_TILE_URL, attribution: c.MAP_TILE_ATTRIBUTION ?? OSM_ATTRIBUTION, maxZoom: c.MAP_TILE_MAX_ZOOM };
}

/**
 * The Content-Security-Policy image sources a plain-HTTP tile server (a LAN one, say) needs, which
 * `https:` does not cover; `{s}` subdomains become a wildcard. None for HTTPS servers or without tiles.
 */
export function tileImageSources(tileLayer: TileLayerConfig | null): string[] {
  const origin = tileLayer && /^http:\/\/[^/?#]+/.exec(tileLayer.url)?.[0];
  return origin ? [origin.replace('{s}', '*')] : [];
}

export type Config = Omit<z.infer<typeof envSchema>, 'SERVICES'> & {
  SERVICES: ServiceName[];
  /** the online XYZ tile layer from MAP_TILE_URL, or null (ADR 0022) */
  tileLayer: TileLayerConfig | null;
  PUBLIC_URL: string;
  WEB_DIST: string;
  /** Seed the demo site on an empty database: never in production. */
  seedDemo: boolean;
};

export class ConfigError extends Error {}

/** Reads and validates the configuration; throws ConfigError listing every bad variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = checkedEnvSchema.safeParse(Object.fromEntries(Object.entries(env).filter(([, v]) => v !== '')));
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const c = parsed.data;
  return {
    ...c,
    SERVICES: c.SERVICES as ServiceName[],
    DATA_DIR: resolve(c.DATA_DIR),
    PUBLIC_URL: (c.PUBLIC_URL ?? `${c.TLS_CERT_FILE ? 'https' : 'http'}://localhost:${c.PORT}`).replace(/\/$/, ''),
    WEB_DIST: resolve(c.WEB_DIST ?? join(import.meta.dirname, '../../web/dist')),
    seedDemo: c.NODE_ENV !== 'production' && c.DEMO !== 'off',
    tileLayer: tileLayerOf(c),
  };
}
