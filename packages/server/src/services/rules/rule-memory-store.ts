import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { fromJson, nowIso, toJson } from '../../db/values.ts';

/** What the engine remembers of an entity between evaluations (ADR 0011). */
export type RuleMemory = Record<string, unknown>;

export interface EntityMemory {
  entityId: string;
  memory: RuleMemory;
}

type Trx = Transaction<Database>;

/** Entities per statement. */
const CHUNK = 500;

/** The stored memories of `ids`, empty for an entity evaluated never before. */
export async function loadMemories(trx: Trx, ids: string[]): Promise<Map<string, RuleMemory>> {
  const map = new Map<string, RuleMemory>(ids.map((id) => [id, {}]));
  for (let i = 0; i < ids.length; i += CHUNK) {
    const rows = await trx
      .selectFrom('rule_memory')
      .selectAll()
      .where('entity_id', 'in', ids.slice(i, i + CHUNK))
      .execute();
    for (const row of rows) map.set(row.entity_id, fromJson<RuleMemory>(row.memory, {}));
  }
  return map;
}

/** Writes many memories in one statement per CHUNK (an upsert each would cost a statement each). */
export async function saveMemories(trx: Trx, memories: EntityMemory[]): Promise<void> {
  const updatedAt = nowIso();
  for (let i = 0; i < memories.length; i += CHUNK) {
    await trx
      .insertInto('rule_memory')
      .values(
        memories
          .slice(i, i + CHUNK)
          .map((m) => ({ entity_id: m.entityId, memory: toJson(m.memory), updated_at: updatedAt })),
      )
      .onConflict((oc) =>
        oc.column('entity_id').doUpdateSet((eb) => ({
          memory: eb.ref('excluded.memory'),
          updated_at: eb.ref('excluded.updated_at'),
        })),
      )
      .execute();
  }
}
