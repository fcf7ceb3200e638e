import type { Insertable } from 'kysely';
import type { MonitoredEntitiesTable } from '../db/schema.ts';
import { nowIso } from '../db/values.ts';

type Required = Pick<MonitoredEntitiesTable, 'id' | 'project_id' | 'eid' | 'scheme_id'>;

/**
 * An instrument's row as stored, for fixtures and benches that write the registry directly: every
 * other column at its plain default (titled by its eid, one hour's SLA, nothing set), overridable.
 */
export function instrumentRow(
  fields: Required & Partial<Insertable<MonitoredEntitiesTable>>,
): Insertable<MonitoredEntitiesTable> {
  const now = nowIso();
  return {
    entity_type: 'instrument',
    title: fields.eid,
    description: '',
    interface_node_id: null,
    longitude: null,
    latitude: null,
    context: '{}',
    attachments: '[]',
    labels: '[]',
    user_metrics: '{}',
    metric_limits: '[]',
    rules: '{}',
    asset_certificate: null,
    contracted_sla_time: 3600,
    maintenance_mode: 0,
    turned_off: 0,
    decommissioned: 0,
    states: '{}',
    created_at: now,
    updated_at: now,
    ...fields,
  };
}
