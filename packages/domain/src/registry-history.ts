import { z } from 'zod';
import { listBody } from './api.ts';

/**
 * The history of registry changes (requirements#site-contracts, ADR 0034): every create, change and delete of a
 * device, scheme or basic group, with who, when, and the old and new value of each field.
 */

/** The registry paths whose things keep a history: `GET {kind}/{id}/history`. */
export const REGISTRY_HISTORY_KINDS = [
  'instruments',
  'interface-nodes',
  'virtual-devices',
  'schemes',
  'basic-groups',
] as const;
export type RegistryHistoryKind = (typeof REGISTRY_HISTORY_KINDS)[number];

export const REGISTRY_CHANGE_ACTIONS = ['created', 'updated', 'deleted'] as const;
export type RegistryChangeAction = (typeof REGISTRY_CHANGE_ACTIONS)[number];

/** A field's value before and after a change; `old` is null on creation, `new` null on deletion. */
export const fieldChangeSchema = z.object({ old: z.unknown(), new: z.unknown() });
export type FieldChange = z.infer<typeof fieldChangeSchema>;

/** One change: the contract's `{changed_at, changed_by, fields}`, with its id and action beside. */
export const registryHistoryEntrySchema = z.object({
  id: z.string(),
  action: z.enum(REGISTRY_CHANGE_ACTIONS),
  changed_at: z.string(),
  /** the username of who made the change */
  changed_by: z.string().nullable(),
  fields: z.record(z.string(), fieldChangeSchema),
});
export type RegistryHistoryEntry = z.infer<typeof registryHistoryEntrySchema>;

/** `GET …/{id}/history`: the list shape, newest first. */
export const registryHistoryListSchema = listBody(registryHistoryEntrySchema);
export type RegistryHistoryList = z.infer<typeof registryHistoryListSchema>;
