import {
  listBody as listOf,
  REGISTRY_HISTORY_KINDS,
  registryHistoryEntrySchema,
  type RegistryHistoryKind,
} from '@vigil/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/connection.ts';
import { requireProject } from '../../http/auth-hook.ts';
import { notFound } from '../../http/errors.ts';
import { listBody, listQuerySchema, parseListQuery } from '../../http/list-query.ts';
import { findDevice } from './device-store.ts';
import { findGroup } from './group-store.ts';
import { hasHistory, historyList, listHistory, type HistorySubject } from './history-store.ts';
import { idParams } from './params.ts';
import { findScheme } from './scheme-store.ts';

const SUBJECTS: Record<RegistryHistoryKind, HistorySubject> = {
  instruments: 'instrument',
  'interface-nodes': 'interface-node',
  'virtual-devices': 'virtual-device',
  schemes: 'scheme',
  'basic-groups': 'basic-group',
};

/** Whether the project holds the thing now. */
async function exists(db: Db, projectId: string, subject: HistorySubject, id: string) {
  if (subject === 'scheme') return !!(await findScheme(db, projectId, id));
  if (subject === 'basic-group') return !!(await findGroup(db, projectId, id));
  return !!(await findDevice(db, projectId, id, subject));
}

/**
 * `GET {kind}/{id}/history` (requirements#site-contracts): every change, newest first; a deleted thing's stays
 * readable.
 */
export const historyRoutes: FastifyPluginAsyncZod = async (app) => {
  for (const kind of REGISTRY_HISTORY_KINDS) {
    const subject = SUBJECTS[kind];
    app.get(
      `/${kind}/:id/history`,
      {
        config: { access: 'member' },
        schema: {
          tags: ['device-registry'],
          params: idParams,
          querystring: listQuerySchema,
          response: { 200: listOf(registryHistoryEntrySchema.partial()) },
          description: 'Who changed what and when, each field’s old and new value, newest first',
        },
      },
      async (request) => {
        const { projectId } = requireProject(request);
        const { id } = request.params;
        const query = parseListQuery(request.query, historyList);
        if (!(await exists(app.db, projectId, subject, id)) && !(await hasHistory(app.db, projectId, subject, id)))
          throw notFound();
        const { count, objects } = await listHistory(app.db, projectId, subject, id, query);
        return listBody(query, count, objects);
      },
    );
  }
};
