import { NOTIFICATION_TYPES } from '@vigil/domain';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { nowIso } from '../../db/values.ts';
import { requireProject } from '../../http/auth-hook.ts';
import { notFound } from '../../http/errors.ts';
import { listInMemory, listQuerySchema, parseListQuery, queryInMemory, type ListSpec } from '../../http/list-query.ts';
import { idParams, singleQuery } from '../registry/params.ts';
import { selectOne } from '../registry/registry-query.ts';
import { parseNotificationQuery } from './notification-query.ts';
import { markAsReadBody, notificationListQuery } from './params.ts';
import { findNotification, listNotifications, markRead, memberReader, userCreatedAt } from './store.ts';
import { streamRoutes } from './stream-routes.ts';

const tags = ['notifications'];
const typeList: ListSpec = {
  columns: { name: 'name' },
  filters: ['name'],
  defaultOrdering: 'name',
  tieBreaker: 'name',
};
const TYPES = NOTIFICATION_TYPES.map((name) => ({ name }));
const marked = z.object({ marked: z.number() });

/**
 * The notifications service (requirements#monitoring-calls): lists, read state, types and the live stream (ADR 0013).
 */
export const notificationsService: FastifyPluginAsyncZod = async (app) => {
  const readerOf = (request: FastifyRequest) => memberReader(requireProject(request));

  app.get(
    '/notifications',
    { config: { access: 'member' }, schema: { tags, querystring: notificationListQuery } },
    async (request) => {
      const reader = readerOf(request);
      const query = parseNotificationQuery(request.query, await userCreatedAt(app.db, reader.userId), new Date());
      return listNotifications(app.db, reader, query);
    },
  );

  app.get(
    '/notification-types',
    { config: { access: 'member' }, schema: { tags, querystring: listQuerySchema } },
    async (request) => {
      requireProject(request);
      const query = parseListQuery(request.query, typeList);
      return listInMemory(queryInMemory(TYPES, query), query);
    },
  );

  app.post(
    '/notifications/mark-as-read',
    { config: { access: 'member' }, schema: { tags, body: markAsReadBody, response: { 200: marked } } },
    async (request) => ({ marked: await markRead(app.db, readerOf(request), request.body.ids, nowIso()) }),
  );

  app.post(
    '/notifications/mark-all-read',
    { config: { access: 'member' }, schema: { tags, response: { 200: marked } } },
    async (request) => ({
      marked: await markRead(app.db, readerOf(request), 'all', nowIso()),
    }),
  );

  app.get(
    '/notifications/:id',
    { config: { access: 'member' }, schema: { tags, params: idParams, querystring: singleQuery } },
    async (request) => {
      const notification = await findNotification(app.db, readerOf(request), request.params.id);
      if (!notification) throw notFound();
      return selectOne(notification, request.query);
    },
  );

  await app.register(streamRoutes);
};
