import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { timeseriesQuery } from '../../../api/metrics.ts';
import { deviceChoicesQuery, groupsQuery, schemesQuery } from '../../../api/registry.ts';
import { useSession } from '../../../session/session-context.ts';
import { aggregationRows } from '../../../components/aggregation-table/aggregation-rows.ts';
import type { ExplorerChoices } from './explorer-choices.ts';
import { deviceColumns, metricChoices, periodRange, timeseriesBodyOf } from './explorer-query.ts';

/** The project's devices, groups and schemes the choices are made from. */
export function useExplorerCatalogue() {
  const { project } = useSession();
  const devices = useQuery(deviceChoicesQuery(project.id));
  const groups = useQuery(groupsQuery(project.id));
  const schemes = useQuery(schemesQuery(project.id));
  return { devices, groups, schemes };
}

/**
 * The readings of the choices: the metric in force (the chosen one, else the devices' first), the
 * period's range (its "now" fixed when the choices change, not on every render), the table's columns
 * and rows.
 */
export function useExplorerData(choices: ExplorerChoices, catalogue: ReturnType<typeof useExplorerCatalogue>) {
  const devices = useMemo(() => catalogue.devices.data ?? [], [catalogue.devices.data]);
  const schemes = useMemo(() => catalogue.schemes.data ?? [], [catalogue.schemes.data]);
  const chosen = useMemo(
    () => choices.devices.flatMap((id) => devices.filter((d) => d.id === id)),
    [choices.devices, devices],
  );
  const metrics = useMemo(() => metricChoices(chosen, schemes), [chosen, schemes]);
  const metric = metrics.find((m) => m.metric === choices.metric)?.metric ?? metrics[0]?.metric ?? null;
  const period = useMemo(() => periodRange(choices.period, new Date()), [choices.period]);
  const columns = useMemo(
    () => (metric ? deviceColumns(choices.devices, devices, schemes, metric) : []),
    [choices.devices, devices, schemes, metric],
  );
  const body =
    metric && period.range && choices.devices.length ? timeseriesBodyOf(choices, metric, period.range) : null;
  const readings = useQuery({ ...timeseriesQuery(body ?? { metric: 'none' }), enabled: body !== null });
  const rows = useMemo(() => aggregationRows(readings.data, choices.devices), [readings.data, choices.devices]);
  return { chosen, metrics, metric, period, columns, rows, readings, querying: body !== null };
}
