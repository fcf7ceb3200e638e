import { SERVICE_PREFIXES } from '@vigil/domain';
import type { ServiceName } from '../config.ts';

export interface ServiceInfo {
  /** the name reported by `/auth/api/v1/microservices` */
  name: string;
  title: string;
  prefix: string;
}

/** Every service's public name, title and path prefix (the prefixes are the domain's, shared with the web app). */
export const SERVICE_CATALOGUE: Record<ServiceName, ServiceInfo> = {
  auth: { name: 'auth', title: 'Authentication', prefix: SERVICE_PREFIXES.auth },
  ui: { name: 'ui', title: 'User interface', prefix: SERVICE_PREFIXES.ui },
  registry: { name: 'device-registry', title: 'Device registry', prefix: SERVICE_PREFIXES.registry },
  ingest: { name: 'ingest', title: 'Ingest', prefix: SERVICE_PREFIXES.ingest },
  metrics: { name: 'metrics-provider', title: 'Metrics provider', prefix: SERVICE_PREFIXES.metrics },
  rules: { name: 'rules-engine', title: 'Rules engine', prefix: SERVICE_PREFIXES.rules },
  notifications: { name: 'notifications-async', title: 'Notifications', prefix: SERVICE_PREFIXES.notifications },
  media: { name: 'media', title: 'Media files', prefix: SERVICE_PREFIXES.media },
  weather: { name: 'weather', title: 'Weather', prefix: SERVICE_PREFIXES.weather },
  journal: { name: 'inmt-journal', title: 'Journal', prefix: SERVICE_PREFIXES.journal },
};
