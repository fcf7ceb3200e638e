import {
  METRICS_LATEST_PAGE_SIZE,
  METRICS_PAGE_SIZE,
  heatmapBody,
  heatmapResultSchema,
  latestMetricsBody,
  latestMetricsPage,
  listBody as listOf,
  metricReadingSchema,
  rateOfChangeBody,
  rateOfChangeResultSchema,
  readingQueryParams,
  timeseriesBody,
  timeseriesResultSchema,
  type TimeseriesResult,
} from '@vigil/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireProject } from '../../http/auth-hook.ts';
import { listQuerySchema, parseListQuery, type ListQuery } from '../../http/list-query.ts';
import { heatmap } from './heatmap-service.ts';
import { rateOfChange } from './rate-of-change-service.ts';
import { readingService } from './reading-service.ts';
import { readingList } from './reading-store.ts';
import { timeseries } from './timeseries-service.ts';

const tags = ['metrics-provider'];
const readingQuery = listQuerySchema.extend(readingQueryParams);
const readingPage = { 200: listOf(metricReadingSchema.partial()) };

/** Paging as the list helper reads it, with the metrics provider's page size when none is given. */
function readingListQuery(input: Record<string, unknown>, defaultPageSize: number): ListQuery {
  const { time_field: _timeField, ...rest } = input;
  const query = parseListQuery(rest, readingList);
  return input.paginate_by === undefined ? { ...query, paginateBy: defaultPageSize } : query;
}

/**
 * The metrics provider (requirements#monitoring-calls): readings, latest readings, time series, heatmaps, rates of
 * change.
 */
export const metricsService: FastifyPluginAsyncZod = async (app) => {
  const readings = readingService(app.db);

  app.get(
    '/metrics',
    { config: { access: 'member' }, schema: { tags, querystring: readingQuery, response: readingPage } },
    async (request) => {
      const { projectId } = requireProject(request);
      return readings.list(projectId, readingListQuery(request.query, METRICS_PAGE_SIZE));
    },
  );

  app.get(
    '/metrics/latest',
    { config: { access: 'member' }, schema: { tags, querystring: readingQuery, response: readingPage } },
    async (request) => {
      const { projectId } = requireProject(request);
      const query = readingListQuery(request.query, METRICS_LATEST_PAGE_SIZE);
      const bound = (op: '>=' | '<=') => query.ranges.find((r) => r.op === op)?.value;
      return readings.latest(projectId, {
        filter: { from: bound('>='), to: bound('<='), entityIds: query.equals[0]?.values },
        latestBy: 'monitored_entity_id',
        ordering: query.ordering,
        page: query,
      });
    },
  );

  app.post(
    '/metrics/latest',
    {
      config: { access: 'member' },
      schema: { tags, querystring: latestMetricsPage, body: latestMetricsBody, response: readingPage },
    },
    async (request) => {
      const { projectId } = requireProject(request);
      const body = request.body;
      const ordering = body.ordering ?? '-read_at';
      const iso = (time: string | undefined) => (time === undefined ? undefined : new Date(time).toISOString());
      return readings.latest(projectId, {
        filter: {
          from: iso(body.from_time),
          to: iso(body.to_time),
          entityIds: body.filters?.monitored_entity_ids,
          dataPointIds: body.filters?.data_point_ids,
        },
        latestBy: body.latest_by ?? 'monitored_entity_id',
        ordering: [{ column: readingList.columns[ordering.replace('-', '')]!, desc: ordering.startsWith('-') }],
        page: {
          page: request.query.page ?? 1,
          paginateBy: request.query.paginate_by ?? METRICS_LATEST_PAGE_SIZE,
          fields: body.fields,
          excludedFields: undefined,
          ordering: [],
          equals: [],
          ranges: [],
        },
      });
    },
  );

  app.post(
    '/metrics/timeseries',
    { config: { access: 'member' }, schema: { tags, body: timeseriesBody, response: { 200: timeseriesResultSchema } } },
    async (request, reply) => {
      const { projectId } = requireProject(request);
      const json = await timeseries(app.db, app.dialect, projectId, request.body);
      // Already JSON text (see TimeseriesPresenter): a string with a JSON type is sent as it is.
      return reply.type('application/json; charset=utf-8').send(json as unknown as TimeseriesResult);
    },
  );

  app.post(
    '/metrics/heatmap',
    { config: { access: 'member' }, schema: { tags, body: heatmapBody, response: { 200: heatmapResultSchema } } },
    async (request) => heatmap(app.db, app.dialect, requireProject(request).projectId, request.body),
  );

  app.post(
    '/metrics/rate-of-change',
    {
      config: { access: 'member' },
      schema: { tags, body: rateOfChangeBody, response: { 200: rateOfChangeResultSchema } },
    },
    async (request) => rateOfChange(app.db, app.dialect, requireProject(request).projectId, request.body),
  );
};
