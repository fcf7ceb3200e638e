import { idSchema } from '@vigil/domain';
import { z } from 'zod';
import { listQuerySchema, filterText } from '../../http/list-query.ts';

export const idParams = z.object({ id: idSchema });

/** `monitored_entity_ids=a,b,c`: long enough for a dashboard's devices, ids only. */
export const idListText = z
  .string()
  .max(65_000)
  .regex(/^[A-Za-z0-9_,-]*$/, 'Use a comma-separated list of ids');

export const booleanText = z.enum(['true', 'false', '1', '0']);

/** The entity kinds of the registry as their paths name them. */
export const ENTITY_KINDS = {
  instruments: 'instrument',
  'interface-nodes': 'interface-node',
  'virtual-devices': 'virtual-device',
} as const;
export type EntityKind = keyof typeof ENTITY_KINDS;

export const deviceListQuery = listQuerySchema.extend({
  id: filterText.optional(),
  eid: filterText.optional(),
  title: filterText.optional(),
  'scheme.id': filterText.optional(),
  'scheme.type': filterText.optional(),
  'interface_node.id': filterText.optional(),
  monitored_entity_ids: idListText.optional(),
  decommissioned: booleanText.optional(),
});

export const snapshotListQuery = deviceListQuery.extend({
  'snapshot_created_at.to_time': z.string().max(64).optional(),
});

export const dataPointListQuery = listQuerySchema.extend({
  id: filterText.optional(),
  title: filterText.optional(),
  identifier: filterText.optional(),
  monitored_entity_ids: idListText.optional(),
});

export const groupListQuery = listQuerySchema.extend({
  id: filterText.optional(),
  title: filterText.optional(),
  type: filterText.optional(),
  monitored_entity_ids: idListText.optional(),
});

export const schemeListQuery = listQuerySchema.extend({
  id: filterText.optional(),
  name: filterText.optional(),
  type: filterText.optional(),
});

export const singleQuery = z.object({
  fields: z.string().max(2000).optional(),
  excluded_fields: z.string().max(2000).optional(),
});
