import {
  dataPointSchema,
  deviceCreateBody,
  deviceProfileSchema,
  deviceProfileSnapshotSchema,
  devicePatchBody,
  listBody as listOf,
} from '@vigil/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireProject } from '../../http/auth-hook.ts';
import { listBody } from '../../http/list-query.ts';
import { dataPointService } from './data-point-service.ts';
import { dataPointList } from './data-point-store.ts';
import { deviceService } from './device-service.ts';
import { deviceList } from './device-store.ts';
import {
  dataPointListQuery,
  deviceListQuery,
  ENTITY_KINDS,
  idParams,
  singleQuery,
  snapshotListQuery,
} from './params.ts';
import { parseRegistryQuery, selectOne } from './registry-query.ts';
import { etagOf, ifMatchVersions } from './versions.ts';

const tags = ['device-registry'];
const DEVICE_FILTERS = ['monitored_entity_ids', 'decommissioned'] as const;

/** Instruments, interface nodes and virtual devices: one set of routes per kind. */
export const deviceRoutes: FastifyPluginAsyncZod = async (app) => {
  const devices = deviceService(app.db);
  const dataPoints = dataPointService(app.db);

  for (const [kind, entityType] of Object.entries(ENTITY_KINDS)) {
    app.get(
      `/${kind}`,
      {
        config: { access: 'member' },
        schema: { tags, querystring: deviceListQuery, response: { 200: listOf(deviceProfileSchema.partial()) } },
      },
      async (request) => {
        const { projectId } = requireProject(request);
        const { query, filters } = parseRegistryQuery(request.query, deviceList, DEVICE_FILTERS);
        const { count, objects } = await devices.list(projectId, entityType, query, filters);
        return listBody(query, count, objects);
      },
    );

    app.get(
      `/snapshots/latest/${kind}`,
      {
        config: { access: 'member' },
        schema: {
          tags,
          querystring: snapshotListQuery,
          response: { 200: listOf(deviceProfileSnapshotSchema.partial()) },
        },
      },
      async (request) => {
        const { projectId } = requireProject(request);
        const { query, filters } = parseRegistryQuery(request.query, deviceList, [
          ...DEVICE_FILTERS,
          'snapshot_created_at.to_time',
        ]);
        const { count, objects } = await devices.snapshots(projectId, entityType, query, filters, filters.snapshotTime);
        return listBody(query, count, objects);
      },
    );

    app.get(
      `/${kind}/:id`,
      {
        config: { access: 'member' },
        schema: {
          tags,
          params: idParams,
          querystring: singleQuery,
          response: { 200: deviceProfileSchema.partial() },
        },
      },
      async (request, reply) => {
        const { projectId } = requireProject(request);
        const profile = await devices.get(projectId, entityType, request.params.id);
        reply.header('etag', etagOf(profile.updated_at));
        return selectOne(profile, request.query);
      },
    );

    app.post(
      `/${kind}`,
      {
        config: { access: 'curator' },
        schema: { tags, body: deviceCreateBody, response: { 201: deviceProfileSchema } },
      },
      async (request, reply) => {
        const profile = await devices.create(requireProject(request), entityType, request.body);
        return reply.code(201).header('etag', etagOf(profile.updated_at)).send(profile);
      },
    );

    app.patch(
      `/${kind}/:id`,
      {
        config: { access: 'curator' },
        schema: {
          tags,
          params: idParams,
          body: devicePatchBody,
          response: { 200: deviceProfileSchema },
          description: 'Changes the fields sent; with If-Match (the ETag of GET), 409 when someone saved since',
        },
      },
      async (request, reply) => {
        const ifMatch = ifMatchVersions(request.headers['if-match']);
        const profile = await devices.update(
          requireProject(request),
          entityType,
          request.params.id,
          request.body,
          ifMatch,
        );
        return reply.header('etag', etagOf(profile.updated_at)).send(profile);
      },
    );

    app.post(
      `/${kind}/:id/decommission`,
      {
        config: { access: 'curator' },
        schema: { tags, params: idParams, response: { 200: deviceProfileSchema } },
      },
      async (request, reply) => {
        const ifMatch = ifMatchVersions(request.headers['if-match']);
        const profile = await devices.decommission(requireProject(request), entityType, request.params.id, ifMatch);
        return reply.header('etag', etagOf(profile.updated_at)).send(profile);
      },
    );

    app.delete(
      `/${kind}/:id`,
      {
        config: { access: 'curator' },
        schema: {
          tags,
          params: idParams,
          response: { 204: z.null() },
          description:
            'Deletes a device nothing uses; 409 naming its readings, dashboard cards, cross sections, journal entries or instruments otherwise (decommission it instead)',
        },
      },
      async (request, reply) => {
        const ifMatch = ifMatchVersions(request.headers['if-match']);
        await devices.remove(requireProject(request), entityType, request.params.id, ifMatch);
        return reply.code(204).send(null);
      },
    );
  }

  app.get(
    '/instruments/:id/data-points',
    {
      config: { access: 'member' },
      schema: {
        tags,
        params: idParams,
        querystring: dataPointListQuery,
        response: { 200: listOf(dataPointSchema.partial()) },
      },
    },
    async (request) => {
      const { projectId } = requireProject(request);
      await devices.requireExisting(projectId, 'instrument', request.params.id);
      const { query, filters } = parseRegistryQuery(request.query, dataPointList, []);
      return dataPoints.list(projectId, query, { ...filters, entityIds: [request.params.id] });
    },
  );
};
