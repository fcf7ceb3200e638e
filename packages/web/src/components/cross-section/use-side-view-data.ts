import { useQueries, useQuery } from '@tanstack/react-query';
import type { CrossSection, CrossSectionSensor, SchemeObject, TimeRange } from '@vigil/domain';
import { useMemo } from 'react';
import { queryAnswers } from '../../api/query-answers.ts';
import { latestReadingsQuery, timeseriesQuery } from '../../api/metrics.ts';
import { devicesByIdQuery, schemesQuery } from '../../api/registry.ts';
import { dailyLevels, historyRequests, type DailyLevels } from './level-history.ts';
import { sensorLevels, type SensorDevice, type SensorLevel } from './sensor-levels.ts';

/** What the side view needs of each sensor's device: its tip, limits, SLA, scheme and state. */
export const SENSOR_DEVICE_FIELDS =
  'id,title,eid,monitored_entity_type,context,metric_limits,contracted_sla_time,scheme.id,location,safety_state';

export interface SideViewData {
  /** each sensor now: its latest reading */
  levels: SensorLevel[];
  /** the period's daily minimum, maximum and mean of each sensor */
  daily: DailyLevels;
  /** devices or latest readings still loading */
  loading: boolean;
  /** history still loading (the rest can be drawn meanwhile) */
  historyLoading: boolean;
  error: boolean;
  refetch(): void;
}

/** The unit of a sensor's metric, as its device's scheme declares it. */
function unitFinder(schemes: readonly SchemeObject[] | undefined) {
  const byId = new Map((schemes ?? []).map((s) => [s.id, s]));
  return (sensor: CrossSectionSensor, device: SensorDevice | undefined) =>
    byId.get(device?.scheme?.id ?? '')?.spec.metrics[sensor.metric_type]?.find((m) => m.key === sensor.metric_field)
      ?.unit;
}

/**
 * The readings of a section's sensors (requirements#monitoring-constants: cross-section data kept 5 minutes, readings
 * as
 * device cards): their devices, their latest readings, and the daily minimum, maximum and mean over
 * `range` for the envelope and the time slider.
 */
export function useSideViewData(
  projectId: string,
  section: CrossSection,
  range: TimeRange,
  now: Date,
  enabled = true,
): SideViewData {
  const ids = useMemo(
    () => (enabled ? [...new Set(section.sensors.map((s) => s.device_id))].sort() : []),
    [section.sensors, enabled],
  );
  const devices = useQuery(devicesByIdQuery(ids, SENSOR_DEVICE_FIELDS));
  const schemes = useQuery({ ...schemesQuery(projectId), enabled: ids.length > 0 });
  const latest = useQuery(latestReadingsQuery(ids));
  const requests = useMemo(
    () => (ids.length ? historyRequests(section.sensors, range) : []),
    [ids.length, section.sensors, range],
  );
  const history = useQueries({ queries: requests.map((body) => timeseriesQuery(body)), combine: queryAnswers });

  const levels = useMemo(
    () =>
      sensorLevels(section, (devices.data ?? []) as SensorDevice[], latest.data ?? [], now, unitFinder(schemes.data)),
    [section, devices.data, latest.data, now, schemes.data],
  );
  const daily = useMemo(() => dailyLevels(requests, history.data), [requests, history.data]);
  const some = ids.length > 0;
  return {
    levels,
    daily,
    loading: some && (devices.isPending || latest.isPending || schemes.isPending),
    historyLoading: history.pending,
    error: devices.isError || latest.isError,
    refetch: () => {
      void devices.refetch();
      void latest.refetch();
    },
  };
}
