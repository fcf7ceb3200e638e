import type { Db, Dialect } from '../../db/connection.ts';
import { fromJson } from '../../db/values.ts';
import { findStoredEntries, type ReadingScope } from './stored-readings.ts';
import { readConsistently } from './series-values.ts';

export interface ContextRow {
  entity_id: string;
  data_point_id: string;
  read_at: string;
  value: number;
}

export interface ContextSelector {
  key: string;
  entityIds?: readonly string[] | undefined;
  dataPointIds?: readonly string[] | undefined;
  ofDataPoints?: boolean;
}

/**
 * Values of a context metric as stored with each reading. Ingest does not index context metrics
 * (they are constants of the entity, ADR 0007), so a chart of one reads the readings themselves:
 * after compaction the rests of their reading days (ADR 0048), where the context is kept, without
 * their values; before it their rows. Only numbers are values.
 */
export async function findContextValues(
  db: Db,
  dialect: Dialect,
  projectId: string,
  selector: ContextSelector,
  fromIso: string,
  endIso: string,
): Promise<ContextRow[]> {
  const scope: ReadingScope = {
    projectId,
    entityIds: selector.entityIds,
    dataPointIds: selector.dataPointIds,
    ofDataPoints: selector.ofDataPoints,
  };
  const range = { from: Date.parse(fromIso), end: Date.parse(endIso) };
  const entries = await readConsistently(db, dialect, (reader) => findStoredEntries(reader, scope, range));
  // a device's readings share one context: each distinct text is parsed once
  const parsed = new Map<string, unknown>();
  const out: ContextRow[] = [];
  for (const e of entries) {
    const text = e.rest ?? e.metrics!;
    let value = parsed.get(text);
    if (value === undefined && !parsed.has(text)) {
      value = fromJson<{ context_metrics?: Record<string, unknown> }>(text, {}).context_metrics?.[selector.key];
      parsed.set(text, value);
    }
    if (typeof value === 'number')
      out.push({ entity_id: e.entityId, data_point_id: e.dataPointId, read_at: new Date(e.t).toISOString(), value });
  }
  return out;
}
