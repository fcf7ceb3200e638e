/**
 * Every service's path prefix: the server mounts each service's routes under its prefix, the web client
 * calls it there, and stored media links point into it. The spec's eight plus ingest and weather.
 */
export const SERVICE_PREFIXES = {
  auth: '/auth/api/v1',
  ui: '/ui/api/v1',
  registry: '/device-registry/api/v1',
  metrics: '/metrics-provider/api/v1',
  rules: '/rules-engine/api/v1',
  notifications: '/notifications-async/api/v1',
  journal: '/inmt-journal/api/v1',
  ingest: '/ingest/api/v1',
  media: '/media/api/v1',
  weather: '/weather/api/v1',
} as const;

export type ServiceKey = keyof typeof SERVICE_PREFIXES;

/** Where the media service serves a file's bytes (the id as it goes into the path). */
export const mediaContentPath = (fileId: string) => `${SERVICE_PREFIXES.media}/files/${fileId}/content`;
