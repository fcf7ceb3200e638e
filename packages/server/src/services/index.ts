import type { FastifyPluginAsync } from 'fastify';
import type { ServiceName } from '../config.ts';
import { alarmRoutes } from './alarms/alarm-routes.ts';
import { authService } from './auth/routes.ts';
import { ackLinkRoutes } from './call-out/ack-routes.ts';
import { callOutService } from './call-out/routes.ts';
import { ingestService } from './ingest/routes.ts';
import { journalService } from './journal/routes.ts';
import { mediaService } from './media/routes.ts';
import { metricsService } from './metrics/routes.ts';
import { notificationsService } from './notifications/routes.ts';
import { registryService } from './registry/routes.ts';
import { reportsService } from './reports/routes.ts';
import { rulesService } from './rules/routes.ts';
import { uiService } from './ui/routes.ts';
import { weatherService } from './weather/routes.ts';

/**
 * The Fastify plugins mounted at each service's prefix from the catalogue, one per service folder.
 * Alarms are raised by the rules engine and so share its prefix, but are mounted from their own plugin.
 */
export const SERVICE_PLUGINS: Record<ServiceName, readonly FastifyPluginAsync[]> = {
  auth: [authService],
  ui: [uiService, reportsService],
  registry: [registryService],
  ingest: [ingestService],
  metrics: [metricsService],
  rules: [rulesService, alarmRoutes, ackLinkRoutes],
  notifications: [notificationsService, callOutService],
  media: [mediaService],
  journal: [journalService],
  weather: [weatherService],
};
