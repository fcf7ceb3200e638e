import type { Account, ListBody, Microservice, PermissionGroup } from '@vigil/domain';
import type { FastifyInstance } from 'fastify';
import type { Actor } from '../../http/auth-hook.ts';
import { notFound } from '../../http/errors.ts';
import {
  listBody,
  listInMemory,
  parseListQuery,
  queryInMemory,
  runListQuery,
  type ListQueryInput,
  type ListSpec,
} from '../../http/list-query.ts';
import { VERSION } from '../../version.ts';
import { SERVICE_CATALOGUE } from '../catalogue.ts';
import { presentAccount, presentMicroservice, presentPermissionGroup } from './directory-presenters.ts';
import { findAccountOfUser, permissionGroupsQuery } from './directory-store.ts';

const PERMISSION_GROUP_LIST: ListSpec = {
  columns: { name: 'name', id: 'id' },
  filters: ['name'],
  orderings: ['name'],
  defaultOrdering: 'name',
  tieBreaker: 'id',
};

const MICROSERVICE_LIST: ListSpec = {
  columns: { name: 'name', title: 'title', version: 'version' },
  filters: ['name'],
  orderings: ['name', 'title'],
  defaultOrdering: 'name',
  tieBreaker: 'name',
};

/** Permission groups, the caller's account and the running services' versions. */
export function directoryService(app: FastifyInstance) {
  const { db, config } = app;

  return {
    async permissionGroups(input: ListQueryInput): Promise<ListBody<Partial<PermissionGroup>>> {
      const query = parseListQuery(input, PERMISSION_GROUP_LIST);
      const { count, rows } = await runListQuery(permissionGroupsQuery(db), query, PERMISSION_GROUP_LIST);
      return listBody(query, count, rows.map(presentPermissionGroup));
    },

    /** Only the caller's own account exists as far as the caller can tell. */
    async account(actor: Actor, id: string): Promise<Account> {
      const account = await findAccountOfUser(db, actor.userId);
      if (!account || account.id !== id) throw notFound();
      return presentAccount(account);
    },

    async microservices(input: ListQueryInput): Promise<ListBody<Partial<Microservice>>> {
      const query = parseListQuery(input, MICROSERVICE_LIST);
      const items = config.SERVICES.map((name) => presentMicroservice(SERVICE_CATALOGUE[name], VERSION));
      return listInMemory(queryInMemory(items, query), query);
    },
  };
}
