/**
 * The fields whose values differ between two versions of a thing, with both values: what a history
 * records. Values compare by their JSON, so arrays and objects compare by content.
 */
export function changedFields<K extends string>(
  before: Partial<Record<K, unknown>>,
  after: Partial<Record<K, unknown>>,
  fields: readonly K[],
): Partial<Record<K, { old: unknown; new: unknown }>> {
  const changes: Partial<Record<K, { old: unknown; new: unknown }>> = {};
  for (const field of fields) {
    if (!(field in after)) continue;
    const old = before[field] ?? null;
    const next = after[field] ?? null;
    if (JSON.stringify(old) !== JSON.stringify(next)) changes[field] = { old, new: next };
  }
  return changes;
}
