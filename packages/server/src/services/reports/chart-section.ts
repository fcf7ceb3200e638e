import type { ReportChart } from '@vigil/domain';
import type { Db, Dialect } from '../../db/connection.ts';
import { limitsOf, type ReportDevices } from './report-devices.ts';
import { readSeries } from './report-series.ts';

/** Points per line in a PDF chart: finer than the page can show, coarse enough to stay small. */
const CHART_BUCKETS = 400;

export interface ChartLine {
  label: string;
  /** bucket start (ms) → value, and its least and greatest reading */
  points: Array<{ t: number; value: number; min: number; max: number }>;
}

export interface ChartData {
  title: string;
  unit: string;
  /** the width of a bucket: a line breaks where buckets are missing */
  intervalMs: number;
  lines: ChartLine[];
  /** limit lines: level and value */
  limits: Array<{ level: 'warning' | 'critical'; value: number }>;
}

/** What a chart draws: one line per device and metric, each bucket's average with its min/max envelope. */
export async function chartData(
  db: Db,
  dialect: Dialect,
  projectId: string,
  devices: ReportDevices,
  chart: ReportChart,
  from: number,
  to: number,
): Promise<ChartData> {
  const wanted =
    'group_id' in chart
      ? (devices.groups.get(chart.group_id)?.entityIds ?? []).map((id) => ({ entity_id: id, metric: chart.metric }))
      : chart.series.map((s) => ({ entity_id: s.entity_id, metric: s.metric }));
  const intervalSec = Math.max(1, Math.ceil((to - from) / 1000 / CHART_BUCKETS));
  const lines: ChartLine[] = [];
  const limits = new Map<string, { level: 'warning' | 'critical'; value: number }>();
  let unit = '';
  for (const [metric, items] of Map.groupBy(wanted, (w) => w.metric)) {
    const ids = items.map((i) => i.entity_id).filter((id) => devices.byId.has(id));
    const series = await readSeries(db, dialect, projectId, {
      metric,
      entityIds: ids,
      from,
      to,
      intervalSec,
      fn: 'avg',
      envelope: true,
    });
    const [group, key] = metric.includes('.') ? (metric.split('.') as [string, string]) : ['', metric];
    for (const id of ids) {
      const device = devices.byId.get(id)!;
      const definition = device.metrics.find((m) => m.key === key && (!group || m.group === group));
      unit ||= definition?.unit ?? '';
      for (const l of definition ? limitsOf(device, definition.group, key) : [])
        limits.set(`${l.level}:${l.value}`, { level: l.level, value: l.value });
      const s = series.get(id);
      const points = Object.entries(s?.values ?? {})
        .map(([t, value]) => {
          const [min, max] = s?.envelope?.[t] ?? [value, value];
          return { t: Date.parse(t), value, min, max };
        })
        .sort((a, b) => a.t - b.t);
      lines.push({ label: `${device.eid} · ${definition?.label ?? key}`, points });
    }
  }
  const title = chart.title || lines.map((l) => l.label).join(', ');
  return { title, unit, intervalMs: intervalSec * 1000, lines, limits: [...limits.values()] };
}
