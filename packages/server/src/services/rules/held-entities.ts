import type { Dialect } from '../../db/connection.ts';
import { findPayloadTimes } from '../registry/entity-evaluation-store.ts';
import {
  loadEngineEntities,
  lockForEvaluation,
  readEngineEntities,
  trendNotificationsOf,
  type EngineEntity,
  type Trx,
} from './engine-entity.ts';
import { copyOf } from './json-copy.ts';

/**
 * The entities the engine evaluates (ADR 0048). On PostgreSQL, where several instances evaluate,
 * each evaluation reads them in its own transaction. SQLite serves one process, whose engine alone
 * writes the entities' states and rules: it holds the entities it read while the registry's version
 * (ADR 0018) stands, takes their states and rules from each committed evaluation, and reads for each
 * evaluation only what others move, the latest payload times (ingest) and the projects' settings.
 */
export interface EngineEntities {
  /** `ids`' entities in id order, for an evaluation that read the registry's `version` first; each its own copy to change. */
  load(trx: Trx, ids: readonly string[], version: number | null): Promise<EngineEntity[]>;
  /** Takes the entities of an evaluation whose write transaction has committed. */
  committed(entities: readonly EngineEntity[]): void;
}

/** Entities held at most; beyond, they are read again. */
const MAX_HELD = 50_000;

export function engineEntities(dialect: Dialect): EngineEntities {
  return dialect === 'postgres'
    ? { load: (trx, ids) => loadEngineEntities(trx, dialect, [...ids]), committed: () => {} }
    : heldEntities(dialect);
}

function heldEntities(dialect: Dialect): EngineEntities {
  const held = new Map<string, EngineEntity>();
  let heldAt: number | null = null;
  return {
    async load(trx, ids, version) {
      if (version === null || version !== heldAt || held.size > MAX_HELD) {
        held.clear();
        heldAt = version;
      }
      const sorted = await lockForEvaluation(trx, dialect, ids);
      const read = await readEngineEntities(
        trx,
        sorted.filter((id) => !held.has(id)),
      );
      const kept = sorted.flatMap((id) => held.get(id) ?? []);
      if (version !== null) for (const e of read) held.set(e.id, e);
      // SQLite takes an empty list (`in ()`): the first evaluation keeps nothing yet
      const payloadTimes = await findPayloadTimes(
        trx,
        kept.map((e) => e.id),
      );
      const times = new Map(payloadTimes.map((row) => [row.entity_id, row]));
      const trendsOf = await trendNotificationsOf(
        trx,
        kept.map((e) => e.projectId),
      );
      const refreshed = kept.map((e) => ({
        ...e,
        latestPayloadReadAt: times.get(e.id)?.latest_payload_read_at ?? null,
        latestPayloadReceivedAt: times.get(e.id)?.latest_payload_received_at ?? null,
        trendNotifications: trendsOf(e.projectId),
      }));
      // both in id order, and no id in both: merged back into id order
      return [...read, ...refreshed].sort((a, b) => (a.id < b.id ? -1 : 1)).map(copyOfEntity);
    },
    committed(entities) {
      for (const e of entities) if (held.has(e.id)) held.set(e.id, e);
    },
  };
}

/** An entity an evaluation may change: its states and rules copied, the rest (read only) shared. */
const copyOfEntity = (e: EngineEntity): EngineEntity => ({ ...e, states: { ...e.states }, rules: copyOf(e.rules) });
