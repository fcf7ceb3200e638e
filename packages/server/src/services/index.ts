import type { FastifyPluginAsync } from 'fastify';
import type { ServiceName } from '../config.ts';
import { authService } from './auth/routes.ts';
import { ingestService } from './ingest/routes.ts';
import { journalService } from './journal/routes.ts';
import { mediaService } from './media/routes.ts';
import { metricsService } from './metrics/routes.ts';
import { notificationsService } from './notifications/routes.ts';
import { registryService } from './registry/routes.ts';
import { rulesService } from './rules/routes.ts';
import { uiService } from './ui/routes.ts';
import { weatherService } from './weather/routes.ts';

/** Each service is a Fastify plugin mounted at its prefix from the catalogue. */
export const SERVICE_PLUGINS: Record<ServiceName, FastifyPluginAsync> = {
  auth: authService,
  ui: uiService,
  registry: registryService,
  ingest: ingestService,
  metrics: metricsService,
  rules: rulesService,
  notifications: notificationsService,
  media: mediaService,
  journal: journalService,
  weather: weatherService,
};
