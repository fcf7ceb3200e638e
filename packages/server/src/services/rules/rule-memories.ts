import type { Db, Dialect } from '../../db/connection.ts';
import { findExistingEntityIds } from '../registry/entity-evaluation-store.ts';
import { copyOf } from './json-copy.ts';
import type { Trx } from './engine-entity.ts';
import { loadMemories, saveMemories, type EntityMemory, type RuleMemory } from './rule-memory-store.ts';

export type { EntityMemory, RuleMemory } from './rule-memory-store.ts';

/**
 * Where the engine keeps its memories (ADR 0016). On PostgreSQL, where several instances evaluate,
 * each evaluation loads and saves them in its own transaction. SQLite serves one process, whose
 * engine holds them instead: read once, copied for each evaluation, and written every
 * FLUSH_SECONDS and when the engine stops, not loaded and saved for every entity of every batch.
 */
export interface RuleMemories {
  /** The memories of `ids` as the last committed evaluation left them, each a copy the evaluation may change. */
  load(trx: Trx, ids: string[]): Promise<Map<string, RuleMemory>>;
  /** Saves evaluated memories in the evaluation's write transaction, where they are saved per evaluation. */
  save(trx: Trx, memories: EntityMemory[]): Promise<void>;
  /** Takes the memories of an evaluation whose write transaction has committed. */
  committed(memories: EntityMemory[]): void;
  /** Writes the memories held only in this process. */
  flush(): Promise<void>;
}

/** How long a memory held by the engine (SQLite) may go unwritten: what a crash of the process loses at most. */
export const FLUSH_SECONDS = 2;
/** Memories held at most; beyond, the written ones are dropped and read again when needed. */
const MAX_HELD = 50_000;
/** Ids per statement, within SQLite's bound parameters. */
const CHUNK = 500;

export function ruleMemories(db: Db, dialect: Dialect): RuleMemories {
  return dialect === 'postgres' ? storedMemories() : heldMemories(db);
}

function storedMemories(): RuleMemories {
  return { load: loadMemories, save: saveMemories, committed: () => {}, flush: async () => {} };
}

function heldMemories(db: Db): RuleMemories {
  const held = new Map<string, RuleMemory>();
  const unwritten = new Set<string>();
  return {
    async load(trx, ids) {
      const missing = ids.filter((id) => !held.has(id));
      if (missing.length) for (const [id, memory] of await loadMemories(trx, missing)) held.set(id, memory);
      return new Map(ids.map((id) => [id, copyOf(held.get(id)!)]));
    },
    save: async () => {},
    committed(memories) {
      for (const { entityId, memory } of memories) {
        held.set(entityId, memory);
        unwritten.add(entityId);
      }
    },
    async flush() {
      if (!unwritten.size) return;
      const ids = [...unwritten];
      await db.transaction().execute(async (trx) => {
        for (let i = 0; i < ids.length; i += CHUNK) {
          // an entity deleted meanwhile has no memory to keep (and its row would break the foreign key)
          const existing = await findExistingEntityIds(trx, ids.slice(i, i + CHUNK));
          await saveMemories(
            trx,
            existing.map(({ id }) => ({ entityId: id, memory: held.get(id)! })),
          );
        }
      });
      unwritten.clear();
      if (held.size > MAX_HELD) held.clear();
    },
  };
}
