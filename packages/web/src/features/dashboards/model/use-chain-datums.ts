import type { ChartSeries } from '@vigil/domain';
import { useQueries } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import { dataPointReadingsQuery } from '../../../api/metrics.ts';
import { datumsQuery } from '../api/inclinometer-datums-api.ts';
import { chainDisplacement, type ChainDisplacement, type NodeDatum } from './datum-series.ts';
import { AXIS_METRICS } from './inclinometer-data.ts';
import { queryAnswers } from '../../../api/query-answers.ts';

/** A chart series read against its chain's datum: which displacement it is, the datum's time and the node's values then. */
export interface SeriesDatum {
  kind: ChainDisplacement;
  datumAt: string;
  node: NodeDatum;
}

/**
 * The datum of each chart series that plots a chain node's displacement (ADR 0041): the datum in
 * effect of its instrument and the node's reading in that reading set; null for any other series, a
 * chain without a datum, or a node with no reading at or before it (then it is plotted as reported).
 * `rawKeysOf` gives an entity's raw metric keys once its scheme is known; each new function reads them again.
 */
export function useChainDatums(
  series: readonly ChartSeries[],
  rawKeysOf: (entityId: string) => ReadonlySet<string> | undefined,
) {
  const kinds = useMemo(
    () =>
      series.map((s) => {
        const keys = rawKeysOf(s.entity_id);
        return keys ? chainDisplacement(s, keys) : null;
      }),
    [series, rawKeysOf],
  );
  const instruments = useMemo(
    () => [...new Set(series.filter((_, i) => kinds[i]).map((s) => s.entity_id))],
    [series, kinds],
  );
  const datums = useQueries({ queries: instruments.map((id) => datumsQuery(id)), combine: queryAnswers });
  const inEffect = useCallback((id: string) => datums.data[instruments.indexOf(id)]?.[0], [datums.data, instruments]);
  const nodes = (id: string) => [
    ...new Set(series.filter((s, i) => kinds[i] && s.entity_id === id).map((s) => s.data_point_id!)),
  ];
  const readings = useQueries({
    queries: instruments.map((id) => ({
      ...dataPointReadingsQuery({
        to_time: inEffect(id)?.datum_at,
        filters: { data_point_ids: nodes(id) },
        fields: [...AXIS_METRICS],
      }),
      enabled: !!inEffect(id),
    })),
    combine: queryAnswers,
  });

  const of = useMemo(
    () =>
      series.map((s, i): SeriesDatum | null => {
        const kind = kinds[i];
        const datum = kind ? inEffect(s.entity_id) : undefined;
        if (!kind || !datum) return null;
        const reading = readings.data[instruments.indexOf(s.entity_id)]?.find(
          (r) => r.data_point_id === s.data_point_id,
        );
        const [a, b] = [reading?.raw_metrics.a_axis, reading?.raw_metrics.b_axis];
        return typeof a === 'number' && typeof b === 'number'
          ? { kind, datumAt: datum.datum_at, node: { a_axis: a, b_axis: b } }
          : null;
      }),
    [series, kinds, instruments, inEffect, readings.data],
  );
  return {
    /** which chain displacement each series plots, null for none: known before the datums are */
    kinds,
    /** keeps its identity while the series, the schemes and the answers it is read from stay the same */
    of,
    /** a chain's datum or its readings are still loading: plotting now would show values as reported */
    pending: datums.pending || readings.pendings.some((pending, i) => !!inEffect(instruments[i]!) && pending),
  };
}
