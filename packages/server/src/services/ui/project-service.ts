import type { Db } from '../../db/connection.ts';
import { notFound } from '../../http/errors.ts';
import type { ListQuery } from '../../http/list-query.ts';
import { requireMember } from './project-access.ts';
import { presentProject } from './project-presenter.ts';
import { findProject, listMemberProjects } from './project-store.ts';

/** The projects a user belongs to; any other project is answered as not found. */
export function projectService(db: Db) {
  return {
    async list(userId: string, query: ListQuery) {
      const { count, records } = await listMemberProjects(db, userId, query);
      return { count, objects: records.map(presentProject) };
    },

    async get(userId: string, projectId: string) {
      await requireMember(db, projectId, userId);
      const record = await findProject(db, projectId);
      if (!record) throw notFound();
      return presentProject(record);
    },
  };
}
