import type { DataPoint, DataPointCreateBody } from '@vigil/domain';
import type { Db } from '../../db/connection.ts';
import { newId, nowIso } from '../../db/values.ts';
import { conflict, notFound, validationError } from '../../http/errors.ts';
import { listInMemory, type ListQuery } from '../../http/list-query.ts';
import {
  deleteDataPoint,
  findDataPoint,
  findDataPoints,
  identifierTaken,
  insertDataPoints,
  type DataPointRecord,
} from './data-point-store.ts';
import { findDevice } from './device-store.ts';
import { sortNaturally } from './natural-sort.ts';

export const presentDataPoint = (r: DataPointRecord): DataPoint => ({
  id: r.id,
  title: r.title,
  identifier: r.identifier,
  monitored_entity_id: r.entityId,
  created_at: r.createdAt,
});

/** Data points of the project's entities, listed in natural title order. */
export function dataPointService(db: Db) {
  return {
    async list(projectId: string, query: ListQuery, filters: { entityIds: string[] | undefined }) {
      const all = (await findDataPoints(db, projectId, filters.entityIds)).map(presentDataPoint);
      const matching = all.filter((point) =>
        query.equals.every((f) => f.values.includes(String((point as Record<string, unknown>)[f.column]))),
      );
      return listInMemory(sortNaturally(matching, query.ordering), query);
    },

    async create(projectId: string, body: DataPointCreateBody) {
      const entity = await findDevice(db, projectId, body.monitored_entity_id);
      if (!entity) throw validationError('Invalid data point', { monitored_entity_id: ['Unknown monitored entity'] });
      const identifier = body.identifier ?? body.title;
      if (await identifierTaken(db, entity.id, identifier)) {
        const message = 'The entity already has a data point with this identifier';
        throw conflict(message, { identifier: [message] });
      }
      const record: DataPointRecord = {
        id: newId(),
        projectId,
        entityId: entity.id,
        title: body.title,
        identifier,
        createdAt: nowIso(),
      };
      await insertDataPoints(db, [record]);
      return presentDataPoint(record);
    },

    async remove(projectId: string, id: string) {
      if (!(await findDataPoint(db, projectId, id))) throw notFound();
      await deleteDataPoint(db, projectId, id);
    },
  };
}
