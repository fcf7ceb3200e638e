import type { EntityRules, EntityStates } from '@vigil/domain';
import { sql, type Kysely, type Transaction } from 'kysely';
import type { Dialect } from '../../db/connection.ts';
import type { Database } from '../../db/schema.ts';
import { toJson } from '../../db/values.ts';

/**
 * The registry's side of evaluation: what the rules engine reads of monitored entities, their
 * schemes and projects, and the two columns it writes (states, and the rule execution ids kept in
 * rules). Every query the engine makes of the registry's tables is here.
 */

type Trx = Transaction<Database>;
type Reader = Kysely<Database> | Trx;

/**
 * Holds each entity's advisory lock on PostgreSQL (taken in one order, so that two instances never
 * deadlock) until the transaction ends. Advisory locks, not row locks: the registry's edits need not
 * wait for an evaluation. SQLite has one writer and needs none.
 */
export async function lockEntitiesForEvaluation(trx: Trx, dialect: Dialect, sortedIds: readonly string[]) {
  if (dialect !== 'postgres') return;
  await sql`select pg_advisory_xact_lock(k) from (
    select distinct hashtextextended(id, 0) as k from unnest(${sortedIds}::text[]) as id order by k) as keys`.execute(
    trx,
  );
}

/** The entities with their scheme's updated_at and their latest payload times, by id. */
export const findEntitiesToEvaluate = (trx: Trx, ids: readonly string[]) =>
  trx
    .selectFrom('monitored_entities as e')
    .leftJoin('schemes as s', 's.id', 'e.scheme_id')
    .leftJoin('entity_payload_times as p', 'p.entity_id', 'e.id')
    .selectAll('e')
    .select(['s.updated_at as scheme_updated_at', 'p.latest_payload_read_at', 'p.latest_payload_received_at'])
    .where('e.id', 'in', [...ids])
    .orderBy('e.id')
    .execute();

/** The entities' latest payload times (ingest moves them with every reading), of those that ever sent one. */
export const findPayloadTimes = (trx: Trx, ids: readonly string[]) =>
  trx
    .selectFrom('entity_payload_times')
    .select(['entity_id', 'latest_payload_read_at', 'latest_payload_received_at'])
    .where('entity_id', 'in', [...ids])
    .execute();

export const findSchemesById = (trx: Trx, ids: readonly string[]) =>
  trx
    .selectFrom('schemes')
    .select(['id', 'name', 'spec', 'updated_at'])
    .where('id', 'in', [...ids])
    .execute();

export const findProjectAttrs = (trx: Trx, projectIds: readonly string[]) =>
  trx
    .selectFrom('projects')
    .select(['id', 'attrs'])
    .where('id', 'in', [...projectIds])
    .execute();

/** Each entity's and its scheme's updated_at: what a registry edit moves. */
export const findEntityVersions = (trx: Trx, ids: readonly string[]) =>
  trx
    .selectFrom('monitored_entities as e')
    .leftJoin('schemes as s', 's.id', 'e.scheme_id')
    .select(['e.id', 'e.updated_at', 's.updated_at as scheme_updated_at'])
    .where('e.id', 'in', [...ids])
    .execute();

/** The entities the tick evaluates: those that ever sent a payload, and every interface node; by id. */
export const findTickedEntityIds = (db: Reader) =>
  db
    .selectFrom('monitored_entities as e')
    .leftJoin('entity_payload_times as p', 'p.entity_id', 'e.id')
    .select('e.id')
    .where((eb) => eb.or([eb('p.entity_id', 'is not', null), eb('e.entity_type', '=', 'interface-node')]))
    .orderBy('e.id')
    .execute();

/** The entity of an eid in a project, if the project has one. */
export const findEntityIdByEid = (trx: Reader, projectId: string, eid: string) =>
  trx
    .selectFrom('monitored_entities')
    .select('id')
    .where('project_id', '=', projectId)
    .where('eid', '=', eid)
    .executeTakeFirst();

/** Which of the ids are still entities (one deleted meanwhile is absent). */
export const findExistingEntityIds = (trx: Reader, ids: readonly string[]) =>
  trx
    .selectFrom('monitored_entities')
    .select('id')
    .where('id', 'in', [...ids])
    .execute();

/** Each entity's type and interface node. */
export const findInterfaceNodesOf = (trx: Reader, ids: readonly string[]) =>
  trx
    .selectFrom('monitored_entities')
    .select(['id', 'entity_type', 'interface_node_id'])
    .where('id', 'in', [...ids])
    .execute();

/** The instruments behind the interface nodes, by eid. */
export const findNodeInstruments = (trx: Reader, nodeIds: readonly string[]) =>
  trx
    .selectFrom('monitored_entities')
    .select(['id', 'eid', 'title', 'states', 'maintenance_mode', 'interface_node_id'])
    .where('interface_node_id', 'in', [...nodeIds])
    .orderBy('eid')
    .execute();

/** Writes the entities' states, in one statement per 500 entities. */
export async function saveEntityStates(
  trx: Trx,
  entities: ReadonlyArray<{ id: string; states: EntityStates }>,
): Promise<void> {
  for (let i = 0; i < entities.length; i += 500) {
    const rows = entities.slice(i, i + 500).map((e) => sql`(${e.id}, ${toJson(e.states)})`);
    // VALUES names its columns column1, column2 on both databases
    await sql`update monitored_entities set states = v.column2 from (values ${sql.join(rows)}) as v
      where monitored_entities.id = v.column1`.execute(trx);
  }
}

/** Writes an entity's rules (the engine keeps its advanced indicators' execution ids there). */
export async function saveEntityRules(trx: Trx, id: string, rules: EntityRules): Promise<void> {
  await trx
    .updateTable('monitored_entities')
    .set({ rules: toJson(rules) })
    .where('id', '=', id)
    .execute();
}
