import { weatherForecastSchema, weatherQuery, weatherReportSchema } from '@vigil/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireProject } from '../../http/auth-hook.ts';
import { HttpError } from '../../http/errors.ts';
import { createWeatherService } from './weather-service.ts';

const tags = ['weather'];

/**
 * No station near the point and no provider: nothing to say, which is not a failure. 204, so that a
 * dashboard's weather card shows its empty state without a 404 in the browser's console.
 */
const nothingToSay = (error: unknown) => {
  if (error instanceof HttpError && error.status === 404) return null;
  throw error;
};

/**
 * The weather service (requirements#service-contracts, ADR 0026): current weather and a forecast for a point of the
 * caller's project.
 */
export const weatherService: FastifyPluginAsyncZod = async (app) => {
  const config = app.config;
  const weather = createWeatherService({
    db: app.db,
    dialect: app.dialect,
    stationRadiusKm: config.WEATHER_STATION_RADIUS_KM,
    provider: config.WEATHER_PROVIDER_URL
      ? { url: config.WEATHER_PROVIDER_URL, timeoutMs: config.WEATHER_PROVIDER_TIMEOUT_MS }
      : null,
    log: app.log,
  });

  app.get(
    '/current',
    {
      config: { access: 'member' },
      schema: {
        tags,
        querystring: weatherQuery,
        response: { 200: weatherReportSchema, 204: z.null().describe('No weather at the point') },
        description:
          "Now at the point: the provider's weather, or the project's nearest meteorological station's; 204 when neither has any",
      },
    },
    async (request, reply) =>
      (await weather.current(requireProject(request).projectId, request.query).catch(nothingToSay)) ??
      reply.code(204).send(null),
  );
  app.get(
    '/forecast',
    {
      config: { access: 'member' },
      schema: {
        tags,
        querystring: weatherQuery,
        response: { 200: weatherForecastSchema, 204: z.null().describe('No weather at the point') },
        description: 'The coming periods at the point, one object a period; 204 when there is no weather to give',
      },
    },
    async (request, reply) =>
      (await weather.forecast(requireProject(request).projectId, request.query).catch(nothingToSay)) ??
      reply.code(204).send(null),
  );
};
