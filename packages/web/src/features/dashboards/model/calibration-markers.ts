import type { Calibration, ChartSeries } from '@vigil/domain';
import type { ChartMarker } from '../../../components/charts/chart-model.ts';

/** The instruments a chart shows, once each: only instruments have calibrations (requirements#site-contracts). */
export const chartedInstruments = (series: readonly ChartSeries[]): string[] => [
  ...new Set(series.filter((s) => s.entity_type === 'instrument').map((s) => s.entity_id)),
];

/**
 * A mark at each calibration change of the charted instruments (issue 34), so that a step in the
 * values reads as the new factors rather than the ground moving. With several instruments each
 * mark names its own.
 */
export function calibrationMarkers(
  calibrations: ReadonlyArray<{ instrument: { id: string; title: string }; list: readonly Calibration[] }>,
  label: (date: number, device: string | null) => string,
): ChartMarker[] {
  const several = calibrations.length > 1;
  return calibrations
    .flatMap(({ instrument, list }) =>
      list.map((c) => {
        const time = Date.parse(c.effective_from);
        return { time, label: label(time, several ? instrument.title : null) };
      }),
    )
    .filter((m) => Number.isFinite(m.time))
    .sort((a, b) => a.time - b.time);
}
