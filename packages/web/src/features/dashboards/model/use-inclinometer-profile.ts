import type { DashboardEntityRef } from '@vigil/domain';
import { keepPreviousData, useQueries, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { dataPointReadingsQuery } from '../../../api/metrics.ts';
import { dataPointsQuery, deviceProfileQuery } from '../../../api/registry.ts';
import type { ProfileInput } from '../../../components/charts/profile-model.ts';
import {
  chainProfile,
  INCLINOMETER_READS,
  inclinometerKind,
  nodeSpacing,
  probeProfile,
  overlayTimes,
  profileValues,
  type ProfileAxis,
  type ProfileMode,
} from './inclinometer-data.ts';
import { queryAnswers } from '../../../api/query-answers.ts';

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

/** A latest-readings call holds at most 100 data points (requirements#monitoring-constants). */
const MAX_NODES = 100;

/**
 * The profiles of an inclinometer, an in-place chain or a probe's casing: its nodes or depths (data
 * points, top first), and per overlay date the newest reading of each at or before it (for a probe,
 * the survey then), read against the datum's.
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
  const kind = device.data
    ? inclinometerKind(device.data.scheme?.spec.metrics.raw_metrics.map((m) => m.key) ?? [])
    : null;
  const reads = kind ? INCLINOMETER_READS[kind] : null;
  const { datumAt, mode, axis, label } = settings;
  // The time, not the Date: a caller may well build a new Date of the same datum on every render.
  const datumTime = datumAt ? datumAt.getTime() : datumAt;
  const times = [...overlays.map((o) => o.at), ...(datumAt ? [datumAt] : [])];
  // While other dates load, the plot keeps the profiles it has.
  const readings = useQueries({
    queries: times.map((at, i) => ({
      ...dataPointReadingsQuery({
        to_time: at.toISOString(),
        filters: { data_point_ids: ids },
        fields: [...(reads?.metrics ?? []), ...(i === 0 && reads ? [`context_metrics.${reads.spacing}`] : [])],
      }),
      // what to read is known once the device's scheme is
      enabled: ids.length > 0 && !!reads,
      placeholderData: keepPreviousData,
    })),
    combine: queryAnswers,
  });
  const spacing = reads ? nodeSpacing(device.data?.context, readings.data[0], reads.spacing) : null;
  const profileOf = kind === 'probe' ? probeProfile : chainProfile;

  const profiles = useMemo((): ProfileInput[] => {
    if (spacing === null || datumTime === undefined) return [];
    const datumReadings = datumTime !== null ? readings.data[overlays.length] : undefined;
    // nothing rather than the absolute profile for a moment
    if (datumTime !== null && !datumReadings) return [];
    const datum = datumReadings ? profileOf(nodes, datumReadings, spacing) : null;
    // An overlay whose newest readings are another's (a probe surveyed monthly, a chain that went
    // silent) would draw the same line again: only the oldest of them is drawn, its date the nearest
    // to those readings'.
    const sets = overlays.map((_, i) =>
      (readings.data[i] ?? [])
        .map((r) => r.read_at)
        .sort()
        .join(),
    );
    return overlays.flatMap((o, i) => {
      const data = readings.data[i];
      if (!data?.length || sets.indexOf(sets[i]!, i + 1) > i) return [];
      const values = profileValues(profileOf(nodes, data, spacing), datum, mode, axis);
      return values.length ? [{ key: `d${o.days}`, label: label(o.days, o.at), points: values }] : [];
    });
  }, [readings.data, nodes, spacing, profileOf, overlays, datumTime, mode, axis, label]);

  const datumReadings = datumAt ? readings.data[overlays.length] : undefined;
  return {
    device: device.data,
    /** a chain or a probe; null until the device is known, or for a device that is neither */
    kind,
    nodes,
    spacing,
    profiles,
    /** a datum was chosen, but no node has a reading at or before it */
    noDatumReadings: datumReadings?.length === 0,
    loading:
      device.isPending || points.isPending || datumAt === undefined || (ids.length > 0 && !!reads && readings.pending),
    fetching: readings.fetching,
    error: device.isError || points.isError || readings.error,
    refetch: () => {
      void device.refetch();
      void points.refetch();
      readings.refetch();
    },
  };
}
