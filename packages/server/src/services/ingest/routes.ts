import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { SERVICE_CATALOGUE } from '../catalogue.ts';
import { startMqttListener } from './mqtt-listener.ts';
import { manualReadingRoutes } from './manual-reading-routes.ts';
import { payloadRoutes } from './payload-routes.ts';
import { startReadingsSummary } from './readings-summary.ts';
import { unknownPayloadRoutes } from './unknown-payload-routes.ts';

/** The metrics provider's prefix (DESIGN §3), where the unknown payloads that ingest keeps are read. */
export const METRICS_PROVIDER_PREFIX = '/metrics-provider/api/v1';

/**
 * The ingest service: `POST payloads` and the manual readings' corrections under its own prefix, `GET unknown-payloads/{id}` under the
 * metrics provider's, the MQTT listener when MQTT_URL is set, and the summaries of stored readings
 * that notification streams pass on. It is registered without
 * encapsulation (fastify-plugin), so it places its two route groups itself.
 */
export const ingestService = fp(async (app: FastifyInstance, options: { prefix?: string }) => {
  const prefix = options.prefix ?? SERVICE_CATALOGUE.ingest.prefix;
  await app.register(payloadRoutes, { prefix });
  await app.register(manualReadingRoutes, { prefix });
  await app.register(unknownPayloadRoutes, { prefix: METRICS_PROVIDER_PREFIX });
  const summary = startReadingsSummary(app.bus);
  app.addHook('onClose', () => summary.stop());
  const url = app.config.MQTT_URL;
  if (url) {
    const listener = startMqttListener(app, url, { maxBytes: app.config.BODY_LIMIT_BYTES });
    app.addHook('onClose', () => listener.close());
  }
});
