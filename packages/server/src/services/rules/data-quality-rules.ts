import { DEFAULT_ENTITY_STATES, resultColour, type EntityStates } from '@vigil/domain';
import { fromFlag, fromJson } from '../../db/values.ts';
import { findInterfaceNodesOf, findNodeInstruments } from '../registry/entity-evaluation-store.ts';
import type { Trx } from './engine-entity.ts';
import type { Evaluation } from './evaluation.ts';

type Issues = 'none' | 'some' | 'most';

/** One row of the event's table (requirements#monitoring-screens): an instrument, or the interface node itself. */
interface InstrumentRow {
  id: string;
  eid: string;
  title: string;
  health_state: string;
  metric_quality_state: string;
  abnormality_state: string;
  maintenance_mode: boolean;
}

const WATCHED = ['health_state', 'metric_quality_state', 'abnormality_state'] as const;
const fine = (state: string) => state === 'green' || state === 'unknown';
const hasIssue = (row: InstrumentRow) => row.maintenance_mode || WATCHED.some((s) => !fine(row[s]));

const rowOf = (
  e: { id: string; eid: string; title: string; states: EntityStates },
  maintenance: boolean,
): InstrumentRow => ({
  id: e.id,
  eid: e.eid,
  title: e.title,
  health_state: e.states.health_state,
  metric_quality_state: e.states.metric_quality_state,
  abnormality_state: e.states.abnormality_state,
  maintenance_mode: maintenance,
});

/**
 * The interface nodes whose data quality depends on entities: their nodes, and those that are
 * nodes. What each entity's node is stays known while the registry's version has not moved (ADR
 * 0018); only entities not seen since are looked up.
 */
export function dataQualityNodes() {
  const nodeOf = new Map<string, string | null>();
  let knownAt: number | null = null;
  return async (trx: Trx, entityIds: string[], version: number | null): Promise<string[]> => {
    if (version === null || version !== knownAt) {
      nodeOf.clear();
      knownAt = version;
    }
    const unknown = [...new Set(entityIds.filter((id) => !nodeOf.has(id)))];
    if (unknown.length) {
      const rows = await findInterfaceNodesOf(trx, unknown);
      for (const r of rows) nodeOf.set(r.id, r.entity_type === 'interface-node' ? r.id : r.interface_node_id);
    }
    const nodes = new Set<string>();
    for (const id of entityIds) {
      const node = nodeOf.get(id);
      if (node) nodes.add(node);
    }
    return [...nodes];
  };
}

/**
 * Data quality issues of interface nodes (requirements#monitoring-entities): an instrument has an issue when its
 * health,
 * metric quality or abnormality state is neither green nor unknown, or it is in maintenance. None
 * with issues is none, some is some, at least half is most; a node without instruments is not
 * evaluated. Instruments evaluated in this transaction count with their new states.
 */
export async function evaluateDataQuality(
  trx: Trx,
  evaluations: Map<string, Evaluation>,
  nodeIds: string[],
  at: string,
): Promise<void> {
  if (!nodeIds.length) return;
  const rows = await findNodeInstruments(trx, nodeIds);
  for (const nodeId of nodeIds) {
    const ev = evaluations.get(nodeId);
    if (!ev) continue;
    const instruments = rows
      .filter((r) => r.interface_node_id === nodeId)
      .map((r) => {
        const known = evaluations.get(r.id)?.entity;
        if (known) return rowOf(known, known.maintenanceMode);
        const states = { ...DEFAULT_ENTITY_STATES, ...fromJson<Partial<EntityStates>>(r.states, {}) };
        return rowOf({ ...r, states }, fromFlag(r.maintenance_mode));
      });
    if (!instruments.length) continue;
    const flagged = instruments.filter(hasIssue);
    const result: Issues = !flagged.length ? 'none' : flagged.length * 2 >= instruments.length ? 'most' : 'some';
    const node = rowOf(ev.entity, ev.entity.maintenanceMode);
    const summary = `${flagged.length} of ${instruments.length} instruments with data quality issues`;
    ev.changeState({
      state: 'data_quality_issues_state',
      to: resultColour('data_quality_issues_state', result),
      at,
      event: {
        type: 'data_quality_issues_state_changed',
        subject: 'data_quality',
        context: {
          health_state: node.health_state,
          metric_quality_state: node.metric_quality_state,
          abnormality_state: node.abnormality_state,
          maintenance_mode: node.maintenance_mode,
          instruments,
          instruments_with_issues: flagged.length,
        },
      },
      execution: {
        ruleType: 'data_quality_issues_state',
        ruleName: 'Instruments with data quality issues',
        rule:
          'an instrument has an issue when its health, metric quality or abnormality state is neither green nor ' +
          'unknown, or it is in maintenance: none, some, or at least half (most) of the instruments',
        executionLog: [
          ...instruments.map((i) => `${i.eid}: ${hasIssue(i) ? 'issue' : 'no issue'} (${describe(i)})`),
          summary,
        ],
        result,
        reason: summary,
      },
    });
  }
}

const describe = (i: InstrumentRow) =>
  `${WATCHED.map((s) => `${s} ${i[s]}`).join(', ')}${i.maintenance_mode ? ', in maintenance' : ''}`;
