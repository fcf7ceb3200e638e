import { Box, Typography } from '@mui/material';
import { useTheme } from '@mui/material/styles';
import { useId, useLayoutEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import 'uplot/dist/uPlot.min.css';
import {
  alignSeries,
  isEmpty,
  limitLines,
  unitAxes,
  valueFormat,
  type ChartLimit,
  type ChartMarker,
  type ChartSeriesInput,
} from './chart-model.ts';
import type { TimeRange } from '@vigil/domain';
import { chartOptions, type ZoomMode } from './chart-options.ts';
import { useUplot } from './use-uplot.ts';
import { useLatestCallback } from './use-latest-callback.ts';
import { visuallyHidden } from '../visually-hidden.ts';

export interface TimeSeriesChartProps {
  /** Keep the array stable (memoise it): a new array re-aligns the data. */
  series: ChartSeriesInput[];
  limits?: ChartLimit[];
  /** Moments marked by a dashed vertical line with their label, e.g. the reading that raised an alert. */
  markers?: ChartMarker[];
  /** Pixels for the plot and its axes (the legend adds its own rows below), or 'fill': the parent's height. */
  height: number | 'fill';
  /** Charts sharing a key share the crosshair (one key per dashboard page). */
  syncKey?: string;
  /** Called with the time range the user dragged across; the chart does not zoom itself when this is given. */
  onZoom?(range: TimeRange): void;
  /** Called on a double click in the plot (e.g. back to the page's range). */
  onResetZoom?(): void;
  /** Fixes the time axis to this range instead of the data's extent. */
  range?: TimeRange;
  /** Largest spacing of readings still drawn as a line; by default three times each series' median spacing. */
  gapMs?: number;
  /** Shown centred when no series holds a value, e.g. "NO DATA". */
  noDataText: string;
  ariaLabel: string;
  /** Values in the legend and limit labels; by default the number in the interface locale and the unit. */
  formatValue?(value: number, unit: string): string;
}

const NO_LIMITS: ChartLimit[] = [];
const NO_MARKERS: ChartMarker[] = [];

/** The app's time-series chart (uPlot): lines per series, an axis per unit, limit lines, live legend. */
export function TimeSeriesChart(props: TimeSeriesChartProps) {
  const empty = useMemo(() => isEmpty(props.series), [props.series]);
  return (
    <Box
      sx={{ display: 'flex', flexDirection: 'column', height: props.height === 'fill' ? '100%' : 'auto', minWidth: 0 }}
    >
      {empty ? <NoData {...props} /> : <Plot {...props} />}
    </Box>
  );
}

function NoData({ height, noDataText, ariaLabel }: TimeSeriesChartProps) {
  const id = useId();
  return (
    <Box
      role="img"
      aria-label={ariaLabel}
      aria-describedby={id}
      sx={{ ...plotBox(height), display: 'flex', alignItems: 'center', justifyContent: 'center' }}
    >
      <Typography id={id} variant="overline" color="text.secondary">
        {noDataText}
      </Typography>
    </Box>
  );
}

function Plot(props: TimeSeriesChartProps) {
  const { series, limits = NO_LIMITS, markers = NO_MARKERS, height, syncKey, range, gapMs, ariaLabel } = props;
  const theme = useTheme();
  const locale = useTranslation().i18n.language || undefined;
  const hostRef = useRef<HTMLDivElement>(null);
  const legendRef = useRef<HTMLDivElement>(null);

  const data = useMemo(() => alignSeries(series, { gapMs }), [series, gapMs]);
  const zoom: ZoomMode = props.onZoom ? 'callback' : range ? 'none' : 'native';
  // what the uPlot instance is built from; data and the range alone are fed to the instance it already has
  const key = JSON.stringify([
    series.map((s) => [s.key, s.label, s.unit, s.colour, s.style]),
    limits,
    markers,
    syncKey,
    zoom,
  ]);
  const shape = useMemo(() => ({ key, theme, locale }), [key, theme, locale]);

  const defaultFormat = useMemo(() => valueFormat(locale), [locale]);
  // the limit and marker labels are drawn on the canvas: their words also describe it to assistive technology
  const descriptionId = useId();
  const description = [
    ...limitLines(limits, unitAxes(series), props.formatValue ?? defaultFormat).map((l) => l.text),
    ...markers.map((m) => m.label),
  ];
  const format = useLatestCallback((v: number, unit: string) => (props.formatValue ?? defaultFormat)(v, unit));
  const fixedRange = useLatestCallback(() => range);
  const onSelect = useLatestCallback((r: TimeRange) => props.onZoom?.(r));
  const onDoubleClick = useLatestCallback(() => props.onResetZoom?.());

  const plot = useUplot(
    hostRef,
    shape,
    (size) =>
      chartOptions({
        ...size,
        series,
        limits,
        markers,
        theme,
        locale,
        legend: legendRef.current!,
        syncKey,
        zoom,
        format,
        fixedRange,
        onSelect,
        onDoubleClick,
      }),
    data,
  );

  useLayoutEffect(() => {
    const canvas = plot.current?.ctx.canvas;
    canvas?.setAttribute('role', 'img');
    canvas?.setAttribute('aria-label', ariaLabel);
    if (description.length) canvas?.setAttribute('aria-describedby', descriptionId);
    else canvas?.removeAttribute('aria-describedby');
  }, [plot, shape, ariaLabel, descriptionId, description.length]);

  const from = range?.from.getTime();
  const to = range?.to.getTime();
  useLayoutEffect(() => {
    if (from !== undefined && to !== undefined) plot.current?.setScale('x', { min: from / 1000, max: to / 1000 });
  }, [plot, from, to]);

  return (
    <>
      <Box
        ref={hostRef}
        sx={{ ...plotBox(height), width: '100%', overflow: 'hidden', '& .u-select': { bgcolor: 'action.selected' } }}
      />
      <Box
        ref={legendRef}
        sx={{
          // many series on a small card: the legend scrolls rather than crowd out the plot
          flex: '0 1 auto',
          minHeight: 0,
          maxHeight: height === 'fill' ? '40%' : undefined,
          overflowY: 'auto',
          '& .u-legend': { fontSize: theme.typography.caption.fontSize },
          // the crosshair shows the time: the legend names the series only
          '& .u-series:first-of-type': { display: 'none' },
          '& .u-legend .u-series': { px: 0.5, py: 0, maxWidth: '100%' },
          // a long label wraps beside its marker rather than dropping below it
          '& .u-legend th > .u-label': { display: 'inline' },
          '& .u-legend .u-value': { fontVariantNumeric: 'tabular-nums' },
        }}
      />
      {description.length > 0 && (
        <Box component="ul" id={descriptionId} sx={visuallyHidden}>
          {description.map((text, i) => (
            <li key={i}>{text}</li>
          ))}
        </Box>
      )}
    </>
  );
}

const plotBox = (height: number | 'fill') => (height === 'fill' ? { flex: '1 1 0', minHeight: 0 } : { height });
