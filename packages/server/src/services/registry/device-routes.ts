import {
  dataPointSchema,
  deviceCreateBody,
  deviceProfileSchema,
  deviceProfileSnapshotSchema,
  devicePatchBody,
  listBody as listOf,
} from '@vigil/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireProject, requireRole } from '../../http/auth-hook.ts';
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
      async (request) => {
        const { projectId } = requireProject(request);
        const profile = await devices.get(projectId, entityType, request.params.id);
        return selectOne(profile, request.query);
      },
    );

    app.post(
      `/${kind}`,
      {
        config: { access: 'administrator' },
        schema: { tags, body: deviceCreateBody, response: { 201: deviceProfileSchema } },
      },
      async (request, reply) => {
        const { projectId } = requireRole(request, 'Administrator');
        return reply.code(201).send(await devices.create(projectId, entityType, request.body));
      },
    );

    app.patch(
      `/${kind}/:id`,
      {
        config: { access: 'administrator' },
        schema: { tags, params: idParams, body: devicePatchBody, response: { 200: deviceProfileSchema } },
      },
      async (request) => {
        const { projectId } = requireRole(request, 'Administrator');
        return devices.update(projectId, entityType, request.params.id, request.body);
      },
    );

    app.post(
      `/${kind}/:id/decommission`,
      {
        config: { access: 'administrator' },
        schema: { tags, params: idParams, response: { 200: deviceProfileSchema } },
      },
      async (request) => {
        const { projectId } = requireRole(request, 'Administrator');
        return devices.decommission(projectId, entityType, request.params.id);
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
