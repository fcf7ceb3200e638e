import { existsSync, readFileSync } from 'node:fs';
import type { Http2Session } from 'node:http2';
import { join } from 'node:path';
import { constants as zlib, type ZlibOptions, type ZstdOptions } from 'node:zlib';
import compress from '@fastify/compress';
import helmet from '@fastify/helmet';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { jsonSchemaTransform, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { createInProcessBus, type Bus } from './bus/bus.ts';
import { createClusterBus } from './bus/cluster-bus.ts';
import { tileImageSources, type Config } from './config.ts';
import { leaveCheckpointsToWorker, pingDatabase, type Db, type Dialect } from './db/connection.ts';
import { registerAuthHook, requireDeclaredAccess } from './http/auth-hook.ts';
import { clientErrorHandler } from './http/client-errors.ts';
import { registerJsonBodyParser } from './http/json-body.ts';
import { registerErrorHandler, sendError, sendNotFound, toHttpError } from './http/error-handler.ts';
import { createMailer, type Mailer } from './mail/mailer.ts';
import { SERVICE_CATALOGUE } from './services/catalogue.ts';
import { SERVICE_PLUGINS } from './services/index.ts';
import { startCallOut } from './services/call-out/call-out.ts';
import type { Compactor } from './services/metrics/compaction.ts';
import type { RulesEngine } from './services/rules/engine.ts';
import { startBackground } from './background/background.ts';
import { retentionPolicyOf } from './services/retention/retention-policy.ts';
import { VERSION } from './version.ts';

/**
 * The options @fastify/compress hands gzip and zstd alike: gzip reads `level`, zstd `params`. zstd at
 * level 1 rather than its default 3 compresses Q1's 0.74 MB answer (issue 5) in 1.8 ms rather than
 * 3.2, and to 132 KB rather than 150 (measured 2026-12-07).
 */
const GZIP_AND_ZSTD: ZlibOptions & ZstdOptions = { level: 1, params: { [zlib.ZSTD_c_compressionLevel]: 1 } };

/** Files of the web build under assets/, named by their content hash. */
const IMMUTABLE_ASSET = /[\\/]assets[\\/][^\\/]+$/;
/** Locale files, asked for with the build's hash of them as `?v=` (packages/web/vite.config.ts). */
const LOCALE_FILE = /[\\/]locales[\\/][^\\/]+[\\/][^\\/]+\.json$/;

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    db: Db;
    dialect: Dialect;
    mailer: Mailer;
    bus: Bus;
    /** the rules engine when this instance runs the `rules` service */
    rulesEngine: RulesEngine | null;
    /** compaction of series values (ADR 0014) when this instance runs the `ingest` service */
    compactor: Compactor | null;
  }
}

const API_PREFIXES = Object.values(SERVICE_CATALOGUE).map((s) => s.prefix.split('/')[1]);

/**
 * With a certificate, HTTPS served by Vigil itself: HTTP/2 for browsers, whose requests then share one
 * connection instead of queueing for six (a field link's round trips, ADR 0043), and HTTP/1.1 for
 * loggers and scripts. Node's HTTP/2 compatibility API gives routes the request and reply they know,
 * hence the options typed as HTTP/1.1's.
 */
function tlsOptions(config: Config): Partial<FastifyServerOptions> {
  if (!config.TLS_CERT_FILE || !config.TLS_KEY_FILE) return {};
  const https = { allowHTTP1: true, cert: readFileSync(config.TLS_CERT_FILE), key: readFileSync(config.TLS_KEY_FILE) };
  return { http2: true, https } as Partial<FastifyServerOptions>;
}

/**
 * A browser keeps its HTTP/2 session open (the notification stream, then idle), which would hold the
 * server's close for ever: on close, each is told to finish the streams in flight (the notification
 * streams are ended by their own service) and go.
 */
function closeSessionsOnClose(app: FastifyInstance) {
  const sessions = new Set<Http2Session>();
  app.server.on('session', (session: Http2Session) => {
    sessions.add(session);
    session.once('close', () => sessions.delete(session));
  });
  app.addHook('preClose', async () => {
    for (const session of sessions) session.close();
  });
}

/** Builds the server: external plugins, then decorations and hooks, then the services, then the SPA. */
export async function buildApp(config: Config, db: Db, dialect: Dialect): Promise<FastifyInstance> {
  const app = Fastify({
    logger: {
      level: config.LOG_LEVEL,
      redact: ['req.headers.authorization'],
      serializers: {
        // Stream clients pass their token in the query string: keep it out of the logs.
        req: (req) => ({ method: req.method, url: req.url.replace(/([?&]token=)[^&]*/, '$1[redacted]'), ip: req.ip }),
      },
    },
    bodyLimit: config.BODY_LIMIT_BYTES,
    routerOptions: { ignoreTrailingSlash: true, ignoreDuplicateSlashes: true },
    // Bad URLs and over-long path parameters are refused by the router: give them the error shape too.
    frameworkErrors: (error, _request, reply) => void sendError(reply as never, toHttpError(error)),
    clientErrorHandler,
    // Only the configured proxies may say who the client is: anyone can send X-Forwarded-For.
    trustProxy: config.TRUST_PROXY.length ? config.TRUST_PROXY : false,
    ...tlsOptions(config),
  }).withTypeProvider<ZodTypeProvider>();

  registerJsonBodyParser(app);

  app.setValidatorCompiler(validatorCompiler);
  // Response schemas document the API; objects are shaped by presenters and `fields`, so no re-validation.
  app.setSerializerCompiler(() => (data) => JSON.stringify(data));

  // Answers of 1 KiB or more go compressed to a browser that accepts it: a field link at 2 Mbit/s
  // carries a fifth of the bytes. Each answer is compressed as it goes, so at a cost per byte the
  // server pays on every call: zstd (level 3) first, which browsers accept and which costs a tenth of
  // brotli at quality 4 for a like size; then brotli at quality 2, and gzip at level 1 for the
  // clients that take nothing else (scripts, Node's fetch). Measured on 2.2 MB of chart JSON: 1 ms,
  // 3 ms and 13 ms, where brotli 4 took 8 and gzip 6 took 43 (an eight-chart answer took 27 ms
  // raw and 65 compressed as before). The web app's files are compressed once
  // at build (preCompressed below), and the notification stream is written raw.
  await app.register(compress, {
    threshold: 1024,
    // Up to 1 MiB (a chart's answer; Q1 of issue 5 is 0.7 MB) in one synchronous call: on two cores the
    // stream path's thread pool gains nothing, and its chunk-by-chunk round trips took 4.5 ms of Q1's
    // answer where one call takes 2.5 ms. Larger answers still stream, so the event loop waits at most
    // a few milliseconds on one.
    syncThreshold: 1_048_576,
    encodings: ['zstd', 'br', 'gzip'],
    brotliOptions: { params: { [zlib.BROTLI_PARAM_QUALITY]: 2 } },
    zlibOptions: GZIP_AND_ZSTD,
  });
  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        'img-src': ["'self'", 'data:', 'blob:', 'https:', ...tileImageSources(config.tileLayer)],
        'style-src': ["'self'", "'unsafe-inline'"],
        'connect-src': ["'self'"],
        // Plain-HTTP deployments on a LAN would otherwise have every script upgraded to HTTPS and fail.
        'upgrade-insecure-requests': config.PUBLIC_URL.startsWith('https://') ? [] : null,
      },
    },
    hsts: config.PUBLIC_URL.startsWith('https://'),
  });
  await app.register(swagger, {
    openapi: {
      info: { title: 'Vigil API', version: VERSION },
      components: {
        securitySchemes: {
          token: { type: 'apiKey', in: 'header', name: 'Authorization', description: 'Token <session token>' },
          // A logger's or gateway's credential (ADR 0035): POST payloads and imports only.
          ingestKey: { type: 'apiKey', in: 'header', name: 'Authorization', description: 'ApiKey <ingest key>' },
        },
      },
      security: [{ token: [] }],
    },
    // Each operation names who may call it (`x-access`, see http/auth-hook.ts): the authorization table.
    transform: (input) => {
      const out = jsonSchemaTransform(input);
      const access = input.route.config?.access;
      return access ? { ...out, schema: { ...out.schema, 'x-access': access } } : out;
    },
  });

  app.decorate('config', config);
  app.decorate('db', db);
  app.decorate('dialect', dialect);
  app.decorate(
    'mailer',
    createMailer({ smtpUrl: config.SMTP_URL, from: config.MAIL_FROM, dataDir: config.DATA_DIR, log: app.log }),
  );
  const onBusError = (error: unknown, topic: string) => app.log.error({ err: error, topic }, 'event handler failed');
  const bus = config.BUS_URL
    ? await createClusterBus(config.BUS_URL, { onError: onBusError, log: app.log })
    : createInProcessBus(onBusError);
  app.decorate('bus', bus);
  app.addHook('onClose', async () => bus.close());
  // The rules engine and compaction run in a worker thread with a connection of their own (ADR 0015).
  const rules = config.SERVICES.includes('rules');
  const compaction = config.SERVICES.includes('ingest');
  const background =
    rules || compaction
      ? await startBackground(
          {
            database: { databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR },
            rulesTickSeconds: rules ? config.RULES_TICK_SECONDS : null,
            compaction,
            retention: rules ? retentionPolicyOf(config) : null,
          },
          { bus, log: app.log },
        )
      : null;
  if (background && dialect === 'sqlite') await leaveCheckpointsToWorker(db);
  app.decorate('rulesEngine', background?.rulesEngine ?? null);
  app.decorate('compactor', background?.compactor ?? null);
  app.addHook('preClose', async () => background?.rulesEngine?.stop());
  app.addHook('onClose', async () => background?.close());
  // Call-out's outbox sender and channels (ADR 0050) run where the notifications service does.
  const callOut = config.SERVICES.includes('notifications') ? startCallOut(config, db, app.mailer, app.log) : null;
  app.decorate('callOut', callOut);
  app.addHook('onClose', async () => callOut?.stop());
  if (config.TLS_CERT_FILE) closeSessionsOnClose(app);
  registerErrorHandler(app);

  app.get('/healthz', { schema: { hide: true } }, async () => {
    await pingDatabase(db);
    return { status: 'ok', version: VERSION };
  });
  // The API reference for integrators: Swagger UI served by Vigil itself (no CDN, no online
  // validator), the OpenAPI document at /api/docs/json.
  await app.register(swaggerUi, {
    routePrefix: '/api/docs',
    validatorUrl: false,
    uiConfig: { deepLinking: true, docExpansion: 'list', persistAuthorization: false },
  });

  // The services share one context whose hook authenticates every call; static files stay outside it.
  await app.register(async (api) => {
    requireDeclaredAccess(api);
    registerAuthHook(api);
    for (const name of config.SERVICES) {
      for (const plugin of SERVICE_PLUGINS[name])
        await api.register(plugin, { prefix: SERVICE_CATALOGUE[name].prefix });
    }
  });

  const hasWeb = existsSync(join(config.WEB_DIST, 'index.html'));
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: config.WEB_DIST,
      wildcard: false,
      index: 'index.html',
      preCompressed: true,
      // Built assets are named by their content hash, and locale files asked for with theirs: a
      // browser need not ask about them again.
      setHeaders: (reply, path) => {
        const versioned = LOCALE_FILE.test(path) && /[?&]v=/.test(reply.request.url);
        if (IMMUTABLE_ASSET.test(path) || versioned)
          reply.header('cache-control', 'public, max-age=31536000, immutable');
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const firstSegment = request.url.split('/')[1]?.split('?')[0] ?? '';
    const isApi = API_PREFIXES.includes(firstSegment) || firstSegment === 'api';
    if (hasWeb && (request.method === 'GET' || request.method === 'HEAD') && !isApi) {
      // History fallback: the SPA routes every other path itself.
      return reply.type('text/html').sendFile('index.html');
    }
    return sendNotFound(reply);
  });

  return app;
}
