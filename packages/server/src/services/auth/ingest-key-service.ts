import type { ApiKey, ApiKeyCreateBody, ApiKeyCreated } from '@vigil/domain';
import { apiKeyCreateBody } from '@vigil/domain';
import type { Db } from '../../db/connection.ts';
import { fromJson, newId, nowIso, toJson } from '../../db/values.ts';
import type { ProjectActor } from '../../http/auth-hook.ts';
import { notFound, validationError } from '../../http/errors.ts';
import { listFromMemory, sameNamedColumns, type ListQueryInput, type ListSpec } from '../../http/list-query.ts';
import { ingestKeyStore, type IngestKeyRow } from './ingest-key-store.ts';
import { newToken, tokenHash } from './secrets.ts';

const LIST_SPEC: ListSpec = {
  columns: sameNamedColumns(['id', 'name', 'prefix', 'created_at', 'last_used_at']),
  filters: ['id', 'name', 'prefix'],
  defaultOrdering: '-created_at',
  tieBreaker: 'id',
};

/** A key row as the API shows it: never its hash, and its secret only at creation. */
export function presentKey(row: IngestKeyRow): ApiKey {
  return {
    id: row.id,
    name: row.name,
    prefix: row.prefix,
    monitored_entity_ids: fromJson<string[]>(row.monitored_entity_ids, []),
    created_at: row.created_at,
    created_by: row.created_by,
    expires_at: row.expires_at,
    last_used_at: row.last_used_at,
    last_used_address: row.last_used_address,
  };
}

/** Ingest keys of the current project (ADR 0035): made, listed and revoked by its administrators. */
export function ingestKeyService(db: Db) {
  const store = ingestKeyStore(db);
  return {
    async list(actor: ProjectActor, input: ListQueryInput) {
      return listFromMemory((await store.list(actor.projectId)).map(presentKey), input, LIST_SPEC);
    },

    async create(actor: ProjectActor, input: ApiKeyCreateBody): Promise<ApiKeyCreated> {
      const body = apiKeyCreateBody.parse(input);
      const ids = [...new Set(body.monitored_entity_ids)];
      const known = await store.projectEntities(actor.projectId, ids);
      const details: Record<string, string[]> = {};
      body.monitored_entity_ids.forEach((id, i) => {
        if (!known.has(id)) details[`monitored_entity_ids.${i}`] = ['No device with this id in this project'];
      });
      if (body.expires_at && Date.parse(body.expires_at) <= Date.now()) {
        details.expires_at = ['Must be in the future'];
      }
      if (Object.keys(details).length) throw validationError('The key was not created: fix the fields named', details);
      const key = `vk_${newToken()}`;
      const row: IngestKeyRow = {
        id: newId(),
        project_id: actor.projectId,
        name: body.name,
        prefix: key.slice(0, 11),
        key_hash: tokenHash(key),
        monitored_entity_ids: toJson(ids),
        created_at: nowIso(),
        created_by: actor.username,
        expires_at: body.expires_at ? new Date(body.expires_at).toISOString() : null,
        revoked_at: null,
        last_used_at: null,
        last_used_address: null,
      };
      await store.insert(row);
      return { ...presentKey(row), key };
    },

    async revoke(actor: ProjectActor, id: string): Promise<void> {
      if (!(await store.revoke(actor.projectId, id, nowIso()))) throw notFound();
    },
  };
}
