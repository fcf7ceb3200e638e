import { weatherForecastSchema, weatherQuery, weatherReportSchema } from '@vigil/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireProject } from '../../http/auth-hook.ts';
import { createWeatherService } from './weather-service.ts';

const tags = ['weather'];

/** The weather service (DESIGN §3.1, ADR 0026): current weather and a forecast for a point of the caller's project. */
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
      schema: {
        tags,
        querystring: weatherQuery,
        response: { 200: weatherReportSchema },
        description: "Now at the point: the provider's weather, or the project's nearest meteorological station's",
      },
    },
    async (request) => weather.current(requireProject(request).projectId, request.query),
  );
  app.get(
    '/forecast',
    {
      schema: {
        tags,
        querystring: weatherQuery,
        response: { 200: weatherForecastSchema },
        description: 'The coming periods at the point, one object a period',
      },
    },
    async (request) => weather.forecast(requireProject(request).projectId, request.query),
  );
};
