import type { Db } from '../../db/connection.ts';
import { registryVersion } from '../../db/registry-version.ts';

/** What ingest reads: entities by eid, scheme specs, data points, projects by slug, unknown payloads. */

export interface EntityRow {
  id: string;
  eid: string;
  schemeId: string | null;
  schemeUpdatedAt: string | null;
  context: string;
}

const IN_CHUNK = 500;

function chunks<T>(list: readonly T[], size = IN_CHUNK): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < list.length; i += size) out.push(list.slice(i, i + size));
  return out;
}

/** Entities found by eid, per project, as of a registry version (ADR 0018); a database's own. */
interface EntitiesByEid {
  version: number | null;
  byProject: Map<string, Map<string, EntityRow>>;
  size: number;
}
const entityCaches = new WeakMap<Db, EntitiesByEid>();
/** Entities kept at most; beyond, the cache starts again. */
const MAX_KEPT = 100_000;

/**
 * The project's entities among `eids`. They are kept while the registry's version stays (one small
 * read a batch instead of a lookup of every eid); an eid found nowhere is looked up again each time.
 */
export async function findEntitiesByEid(db: Db, projectId: string, eids: readonly string[]): Promise<EntityRow[]> {
  const version = await registryVersion(db);
  let cache = entityCaches.get(db);
  if (!cache || version === null || cache.version !== version || cache.size > MAX_KEPT) {
    entityCaches.set(db, (cache = { version, byProject: new Map(), size: 0 }));
  }
  let kept = cache.byProject.get(projectId);
  if (!kept) cache.byProject.set(projectId, (kept = new Map()));
  const rows: EntityRow[] = [];
  const missing: string[] = [];
  for (const eid of eids) {
    const row = kept.get(eid);
    if (row) rows.push(row);
    else missing.push(eid);
  }
  for (const part of chunks(missing)) {
    const found = await db
      .selectFrom('monitored_entities as e')
      .leftJoin('schemes as s', 's.id', 'e.scheme_id')
      .select(['e.id', 'e.eid', 'e.scheme_id as schemeId', 's.updated_at as schemeUpdatedAt', 'e.context'])
      .where('e.project_id', '=', projectId)
      .where('e.eid', 'in', part)
      .execute();
    for (const row of found) {
      kept.set(row.eid, row);
      rows.push(row);
    }
    cache.size += found.length;
  }
  return rows;
}

export async function findSchemeSpecs(
  db: Db,
  schemeIds: readonly string[],
): Promise<Array<{ id: string; spec: string; updatedAt: string }>> {
  const rows: Array<{ id: string; spec: string; updatedAt: string }> = [];
  for (const part of chunks(schemeIds)) {
    rows.push(
      ...(await db
        .selectFrom('schemes')
        .select(['id', 'spec', 'updated_at as updatedAt'])
        .where('id', 'in', part)
        .execute()),
    );
  }
  return rows;
}

/** Data point id → its entity id, for the given ids of the project. */
export async function findDataPointEntities(
  db: Db,
  projectId: string,
  ids: readonly string[],
): Promise<Map<string, string>> {
  const map = new Map<string, string>();
  for (const part of chunks(ids)) {
    const rows = await db
      .selectFrom('data_points')
      .select(['id', 'entity_id'])
      .where('project_id', '=', projectId)
      .where('id', 'in', part)
      .execute();
    for (const row of rows) map.set(row.id, row.entity_id);
  }
  return map;
}

export async function findProjectIdBySlug(db: Db, slug: string): Promise<string | undefined> {
  const row = await db.selectFrom('projects').select('id').where('slug', '=', slug).executeTakeFirst();
  return row?.id;
}

export interface UnknownPayloadRecord {
  id: string;
  eid: string | null;
  payloadType: string;
  reason: string;
  incomingPayload: string;
  receivedAt: string;
}

export async function findUnknownPayload(
  db: Db,
  projectId: string,
  id: string,
): Promise<UnknownPayloadRecord | undefined> {
  const row = await db
    .selectFrom('unknown_payloads')
    .select([
      'id',
      'eid',
      'payload_type as payloadType',
      'reason',
      'incoming_payload as incomingPayload',
      'received_at as receivedAt',
    ])
    .where('project_id', '=', projectId)
    .where('id', '=', id)
    .executeTakeFirst();
  return row;
}
