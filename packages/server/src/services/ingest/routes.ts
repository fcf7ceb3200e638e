import { rm } from 'node:fs/promises';
import { resolve } from 'node:path';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { SERVICE_PREFIXES } from '@vigil/domain';
import { SERVICE_CATALOGUE } from '../catalogue.ts';
import { settleFolderFile, watchImportFolder } from './import-folder.ts';
import { importProfileRoutes } from './import-profile-routes.ts';
import { importProfileStore } from './import-profile-store.ts';
import { importQueue } from './import-queue.ts';
import { importRoutes } from './import-routes.ts';
import { importService } from './import-service.ts';
import { importStore } from './import-store.ts';
import { manualReadingRoutes } from './manual-reading-routes.ts';
import { startMqttListener } from './mqtt-listener.ts';
import { payloadRoutes } from './payload-routes.ts';
import { startReadingsSummary } from './readings-summary.ts';
import { unknownPayloadRoutes } from './unknown-payload-routes.ts';

/**
 * The metrics provider's prefix (requirements#http-contract), where the unknown payloads that ingest keeps are read.
 */
export const METRICS_PROVIDER_PREFIX = SERVICE_PREFIXES.metrics;

/**
 * The ingest service: `POST payloads`, the manual readings' corrections, import profiles and logger
 * file imports (ADR 0035) under its own prefix, `GET unknown-payloads/{id}` under the metrics
 * provider's, the MQTT listener when MQTT_URL is set, the watched folder when IMPORT_DIR is, and the
 * summaries of stored readings that notification streams pass on. It is registered without
 * encapsulation (fastify-plugin), so it places its two route groups itself.
 */
export const ingestService = fp(async (app: FastifyInstance, options: { prefix?: string }) => {
  const prefix = options.prefix ?? SERVICE_CATALOGUE.ingest.prefix;
  await app.register(payloadRoutes, { prefix });
  await app.register(manualReadingRoutes, { prefix });
  await app.register(importProfileRoutes, { prefix });
  const profiles = importProfileStore(app.db);
  const store = importStore(app.db);
  // An upload's stored copy goes once imported; a watched folder's file moves to done/ or failed/.
  const queue = importQueue(app, store, profiles, (row) =>
    row.origin === 'folder' ? settleFolderFile(row) : rm(row.file_path, { force: true }),
  );
  const maxBytes = app.config.IMPORT_MAX_BYTES;
  const imports = importService(store, profiles, queue, { dataDir: app.config.DATA_DIR, maxBytes });
  await app.register(importRoutes, { prefix, imports, maxBytes });
  app.addHook('onReady', () => queue.resume());
  const dir = app.config.IMPORT_DIR;
  if (dir) {
    const pollMs = app.config.IMPORT_POLL_SECONDS * 1000;
    const options = { dir: resolve(dir), pollMs, maxBytes, db: app.db, profiles, imports, log: app.log };
    let folder: ReturnType<typeof watchImportFolder> | null = null;
    app.addHook('onReady', async () => void (folder = watchImportFolder(options)));
    app.addHook('preClose', async () => folder?.close());
  }
  app.addHook('preClose', () => queue.stop());
  await app.register(unknownPayloadRoutes, { prefix: METRICS_PROVIDER_PREFIX });
  const summary = startReadingsSummary(app.bus);
  app.addHook('onClose', () => summary.stop());
  const url = app.config.MQTT_URL;
  if (url) {
    const listener = startMqttListener(app, url, { maxBytes: app.config.BODY_LIMIT_BYTES });
    app.addHook('onClose', () => listener.close());
  }
});
