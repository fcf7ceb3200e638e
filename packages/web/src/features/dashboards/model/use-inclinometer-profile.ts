import type { DashboardEntityRef } from '@vigil/domain';
import { keepPreviousData, useQueries, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { dataPointReadingsQuery } from '../../../api/metrics.ts';
import { dataPointsQuery, deviceProfileQuery } from '../../../api/registry.ts';
import type { ProfileInput } from '../../../components/charts/profile-model.ts';
import {
  AXIS_METRICS,
  chainProfile,
  nodeSpacing,
  overlayTimes,
  profileValues,
  type ProfileAxis,
  type ProfileMode,
} from './inclinometer-data.ts';

export interface ProfileSettings {
  axis: ProfileAxis;
  mode: ProfileMode;
  /** the datum: the readings at or before it; null for none, undefined while it is not known yet */
  datumAt: Date | null | undefined;
  overlayDays: readonly number[];
  now: Date;
  /** the legend label of the profile `days` before now */
  label(days: number, at: Date): string;
}

/** A latest-readings call holds at most 100 data points (spec 001 §9). */
const MAX_NODES = 100;

/**
 * The profiles of an in-place inclinometer chain: its nodes (data points, top first), and per
 * overlay date the newest reading of each node at or before it, read against the datum's.
 */
export function useInclinometerProfile(entity: DashboardEntityRef, settings: ProfileSettings) {
  const device = useQuery(deviceProfileQuery(entity.entity_type, entity.id));
  const points = useQuery(dataPointsQuery([entity.id]));
  const nodes = useMemo(() => (points.data ?? []).slice(0, MAX_NODES), [points.data]);
  const ids = useMemo(() => nodes.map((n) => n.id), [nodes]);
  const overlays = useMemo(
    () => overlayTimes(settings.now, settings.overlayDays),
    [settings.now, settings.overlayDays],
  );
  const { datumAt } = settings;
  const times = [...overlays.map((o) => o.at), ...(datumAt ? [datumAt] : [])];
  // While other dates load, the plot keeps the profiles it has.
  const readings = useQueries({
    queries: times.map((at, i) => ({
      ...dataPointReadingsQuery({
        to_time: at.toISOString(),
        filters: { data_point_ids: ids },
        fields: [...AXIS_METRICS, ...(i === 0 ? ['context_metrics.node_spacing'] : [])],
      }),
      placeholderData: keepPreviousData,
    })),
  });
  const spacing = nodeSpacing(device.data?.context, readings[0]?.data);
  const answered = readings.map((r) => r.dataUpdatedAt).join();

  const profiles = useMemo((): ProfileInput[] => {
    if (spacing === null || datumAt === undefined) return [];
    const datumReadings = datumAt ? readings[overlays.length]?.data : undefined;
    // nothing rather than the absolute profile for a moment
    if (datumAt && !datumReadings) return [];
    const datum = datumReadings ? chainProfile(nodes, datumReadings, spacing) : null;
    return overlays.flatMap((o, i) => {
      const data = readings[i]?.data;
      if (!data?.length) return [];
      const values = profileValues(chainProfile(nodes, data, spacing), datum, settings.mode, settings.axis);
      return values.length ? [{ key: `d${o.days}`, label: settings.label(o.days, o.at), points: values }] : [];
    });
    // `answered` stands for the readings' answers.
  }, [answered, nodes, spacing, overlays, datumAt && datumAt.getTime(), settings.mode, settings.axis, settings.label]);

  const queries = [device, points, ...readings];
  const datumReadings = datumAt ? readings[overlays.length]?.data : undefined;
  return {
    device: device.data,
    nodes,
    spacing,
    profiles,
    /** a datum was chosen, but no node has a reading at or before it */
    noDatumReadings: datumReadings?.length === 0,
    loading:
      device.isPending ||
      points.isPending ||
      datumAt === undefined ||
      (ids.length > 0 && readings.some((r) => r.isPending)),
    fetching: readings.some((r) => r.isFetching),
    error: queries.some((q) => q.isError),
    refetch: () => queries.forEach((q) => void q.refetch()),
  };
}
