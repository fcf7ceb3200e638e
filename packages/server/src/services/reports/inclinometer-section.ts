import {
  cumulativeFromIncrements,
  nodeDepth,
  relativeToDatum,
  type MetricReading,
  type ProfilePoint,
} from '@vigil/domain';
import type { Db } from '../../db/connection.ts';
import { readingService } from '../metrics/reading-service.ts';
import { findDataPoints } from '../registry/data-point-store.ts';
import { datumInEffect } from '../registry/datum-store.ts';
import type { ReportDevice, ReportDevices } from './report-devices.ts';

/**
 * What each kind of inclinometer reads (as the web's profile card does, inclinometer-data.ts): an
 * in-place chain reports cumulative displacement per node, a probe the deviation per depth, summed
 * from the fixed bottom; and the context key of the distance between nodes.
 */
const KINDS = {
  chain: { a: 'a_axis', b: 'b_axis', spacing: 'node_spacing', cumulative: true },
  probe: { a: 'a_deviation', b: 'b_deviation', spacing: 'reading_interval', cumulative: false },
} as const;

/** A latest-readings call holds at most 100 data points (requirements#monitoring-constants). */
const MAX_NODES = 100;

export interface InclinometerProfile {
  eid: string;
  title: string;
  unit: string;
  /** the datum the profiles are read against; null: none set, displacement since installation */
  datumAt: string | null;
  /** at the end of the period and at its start, top first */
  end: ProfilePoint[];
  start: ProfilePoint[];
  /** why nothing can be drawn (not an inclinometer, no spacing) */
  problem: boolean;
}

function kindOf(device: ReportDevice) {
  const raw = new Set(device.metrics.filter((m) => m.group === 'raw_metrics').map((m) => m.key));
  if (raw.has('a_axis') && raw.has('b_axis')) return KINDS.chain;
  if (raw.has('a_deviation') && raw.has('b_deviation')) return KINDS.probe;
  return null;
}

/** The profile at a time: the newest reading of each node at or before `at` (ms). */
async function profileAt(
  db: Db,
  projectId: string,
  nodes: readonly { id: string }[],
  at: number,
  kind: (typeof KINDS)[keyof typeof KINDS],
  spacingOf: (readings: MetricReading[]) => number | null,
): Promise<ProfilePoint[]> {
  const latest = await readingService(db).latest(projectId, {
    filter: { to: new Date(at).toISOString(), dataPointIds: nodes.map((n) => n.id) },
    latestBy: 'data_point_id',
    ordering: [],
    page: {
      page: 1,
      paginateBy: nodes.length,
      fields: undefined,
      excludedFields: undefined,
      ordering: [],
      equals: [],
      ranges: [],
    },
  });
  const readings = latest.objects as MetricReading[];
  const spacing = spacingOf(readings);
  if (spacing === null) return [];
  const byNode = new Map(readings.map((r) => [r.data_point_id, r.raw_metrics]));
  const points = nodes.flatMap((node, i) => {
    const raw = byNode.get(node.id);
    const [a, b] = [raw?.[kind.a], raw?.[kind.b]];
    return typeof a === 'number' && typeof b === 'number' ? [{ depth: nodeDepth(i, spacing), a, b }] : [];
  });
  return kind.cumulative ? points : cumulativeFromIncrements(points);
}

/**
 * Each chosen inclinometer's cumulative displacement against depth at the end of the period and at its
 * start, against its datum in effect (the registry's), through the metrics service's latest readings.
 */
export async function inclinometerSection(
  db: Db,
  projectId: string,
  devices: ReportDevices,
  deviceIds: readonly string[],
  from: number,
  to: number,
): Promise<InclinometerProfile[]> {
  const profiles: InclinometerProfile[] = [];
  for (const id of deviceIds) {
    const device = devices.byId.get(id);
    if (!device) continue;
    const kind = kindOf(device);
    const unit = device.metrics.find((m) => m.key === kind?.a)?.unit ?? 'mm';
    const base = { eid: device.eid, title: device.title, unit, datumAt: null, end: [], start: [] };
    if (!kind) {
      profiles.push({ ...base, problem: true });
      continue;
    }
    const nodes = (await findDataPoints(db, projectId, [id]))
      .sort((x, y) => x.title.localeCompare(y.title, 'en', { numeric: true }) || x.id.localeCompare(y.id))
      .slice(0, MAX_NODES);
    // The device's own spacing, else that of its readings (as the profile card reads it).
    const spacingOf = (readings: MetricReading[]) => {
      const value =
        device.context[kind.spacing] ??
        readings.find((r) => r.context_metrics?.[kind.spacing])?.context_metrics[kind.spacing];
      return typeof value === 'number' && value > 0 ? value : null;
    };
    const datum = await datumInEffect(db, id);
    const at = (time: number) => profileAt(db, projectId, nodes, time, kind, spacingOf);
    const [end, start, reference] = await Promise.all([
      at(to - 1),
      at(from - 1),
      datum ? at(Date.parse(datum.datum_at)) : Promise.resolve(null),
    ]);
    const since = (points: ProfilePoint[]) =>
      reference ? relativeToDatum(points, reference) : [...points].sort((x, y) => x.depth - y.depth);
    profiles.push({
      ...base,
      datumAt: datum?.datum_at ?? null,
      end: since(end),
      start: since(start),
      problem: nodes.length === 0 || (end.length === 0 && start.length === 0 && spacingOf([]) === null),
    });
  }
  return profiles;
}
