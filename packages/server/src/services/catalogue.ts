import type { ServiceName } from '../config.ts';

export interface ServiceInfo {
  /** the name reported by `/auth/api/v1/microservices` */
  name: string;
  title: string;
  prefix: string;
}

/** Every service's public name, title and path prefix (DESIGN §3). */
export const SERVICE_CATALOGUE: Record<ServiceName, ServiceInfo> = {
  auth: { name: 'auth', title: 'Authentication', prefix: '/auth/api/v1' },
  ui: { name: 'ui', title: 'User interface', prefix: '/ui/api/v1' },
  registry: { name: 'device-registry', title: 'Device registry', prefix: '/device-registry/api/v1' },
  ingest: { name: 'ingest', title: 'Ingest', prefix: '/ingest/api/v1' },
  metrics: { name: 'metrics-provider', title: 'Metrics provider', prefix: '/metrics-provider/api/v1' },
  rules: { name: 'rules-engine', title: 'Rules engine', prefix: '/rules-engine/api/v1' },
  notifications: { name: 'notifications-async', title: 'Notifications', prefix: '/notifications-async/api/v1' },
  media: { name: 'media', title: 'Media files', prefix: '/media/api/v1' },
  weather: { name: 'weather', title: 'Weather', prefix: '/weather/api/v1' },
  journal: { name: 'inmt-journal', title: 'Journal', prefix: '/inmt-journal/api/v1' },
};
