import { isCurator, type dataSessionCreateBody, type DataSessionPatchBody } from '@vigil/domain';
import type { z } from 'zod';
import { newId, nowIso } from '../../db/values.ts';
import type { ProjectActor } from '../../http/auth-hook.ts';
import { forbidden, notFound, validationError } from '../../http/errors.ts';
import { listBody, parseListQuery, type ListQueryInput } from '../../http/list-query.ts';
import { presentSession } from './journal-presenter.ts';
import { SESSION_LIST, type JournalStore } from './journal-store.ts';

/** Data sessions: a field round of manual readings, open until submitted (requirements#service-contracts, ADR 0027). */
export function sessionService(store: JournalStore) {
  async function requireSession(projectId: string, id: string) {
    const row = await store.session(projectId, id);
    if (!row) throw notFound('Data session not found');
    return row;
  }

  return {
    requireSession,

    async list(projectId: string, input: ListQueryInput) {
      const query = parseListQuery(input, SESSION_LIST);
      const { count, rows } = await store.listSessions(projectId, query);
      return listBody(query, count, rows.map(presentSession));
    },

    async get(projectId: string, id: string) {
      return presentSession(await requireSession(projectId, id));
    },

    async create(actor: ProjectActor, body: z.output<typeof dataSessionCreateBody>) {
      const startedAt = body.started_at ? new Date(body.started_at).toISOString() : nowIso();
      if (Date.parse(startedAt) > Date.now() + 5 * 60_000) {
        throw validationError('Invalid data session', { started_at: ['Must not be in the future'] });
      }
      const id = newId();
      await store.insertSession({
        id,
        project_id: actor.projectId,
        title: body.title,
        started_at: startedAt,
        ended_at: null,
        author: actor.username,
        status: 'open',
      });
      return presentSession(await requireSession(actor.projectId, id));
    },

    /** Renames or submits a session: its author, or an administrator or manager. */
    async patch(actor: ProjectActor, id: string, body: DataSessionPatchBody) {
      const row = await requireSession(actor.projectId, id);
      if (!isCurator(actor.activeRole?.name) && row.author !== actor.username) throw forbidden();
      if (body.status === 'submitted' && row.status === 'submitted') {
        throw validationError('The data session has been submitted already', { status: ['Already submitted'] });
      }
      await store.updateSession(actor.projectId, id, {
        ...(body.title ? { title: body.title } : {}),
        ...(body.status === 'submitted' ? { status: 'submitted', ended_at: nowIso() } : {}),
      });
      return presentSession(await requireSession(actor.projectId, id));
    },
  };
}

export type SessionService = ReturnType<typeof sessionService>;
