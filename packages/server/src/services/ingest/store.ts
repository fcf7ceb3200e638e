import type { Db } from '../../db/connection.ts';

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

/** The project's entities among `eids` (one indexed lookup per 500 eids). */
export async function findEntitiesByEid(db: Db, projectId: string, eids: readonly string[]): Promise<EntityRow[]> {
  const rows: EntityRow[] = [];
  for (const part of chunks(eids)) {
    const found = await db
      .selectFrom('monitored_entities as e')
      .leftJoin('schemes as s', 's.id', 'e.scheme_id')
      .select(['e.id', 'e.eid', 'e.scheme_id as schemeId', 's.updated_at as schemeUpdatedAt', 'e.context'])
      .where('e.project_id', '=', projectId)
      .where('e.eid', 'in', part)
      .execute();
    rows.push(...found);
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
