import type { Theme } from '@mui/material/styles';
import uPlot from 'uplot';
import { CURSOR_TIME, TIME_AXIS_VALUES, TIME_INCRS, dateNames, templatesOf, timeAxisSpace } from './chart-time.ts';
import {
  envelopeExtent,
  isolatedPoints,
  legendLabel,
  limitLines,
  scaleExtent,
  scaleOf,
  unitAxes,
  type ChartLimit,
  type ChartMarker,
  type ChartSeriesInput,
  type EnvelopePoint,
  type LimitLine,
  type UnitAxis,
  type ValueFormat,
} from './chart-model.ts';
import type { TimeRange } from '@vigil/domain';
import { seriesColour, withAlpha } from './chart-palette.ts';
import { envelopePlugin } from './envelope-plugin.ts';
import { limitLinesPlugin } from './limit-lines-plugin.ts';
import { markersPlugin } from './markers-plugin.ts';

/** 'callback': a drag is reported, not applied; 'native': uPlot zooms itself; 'none': no dragging. */
export type ZoomMode = 'callback' | 'native' | 'none';

/** Everything a chart's uPlot options are built from; the functions are read when called, so may change. */
export interface ChartOptionsInput {
  series: readonly ChartSeriesInput[];
  limits: readonly ChartLimit[];
  markers: readonly ChartMarker[];
  width: number;
  height: number;
  theme: Theme;
  locale: string | undefined;
  legend: HTMLElement;
  syncKey: string | undefined;
  zoom: ZoomMode;
  format: ValueFormat;
  fixedRange: () => TimeRange | undefined;
  onSelect: (range: TimeRange) => void;
  onDoubleClick: () => void;
}

const FONT_PX = 12;
const HIDE_SELECT = { left: 0, top: 0, width: 0, height: 0 };
/** Bars fill most of the time between their readings (a bucket each), at least 2 px and at most 40 px wide. */
const bars = uPlot.paths.bars!({ size: [0.8, 40, 2], align: 1 });

/** The uPlot options of a chart: one builder, so that charts differ by their input, not by code. */
export function chartOptions(input: ChartOptionsInput): uPlot.Options {
  const { theme, series, width, height } = input;
  const axes = unitAxes(series);
  const lines = limitLines(input.limits, axes, input.format);
  const fontFamily = theme.typography.fontFamily ?? 'sans-serif';
  const names = dateNames(input.locale);
  const envelopes = series.flatMap((s, i) =>
    s.envelope?.length ? [{ index: i, scale: scaleOf(axes, s.unit), points: s.envelope }] : [],
  );
  const markers = input.markers.map((m) => ({
    ...m,
    scale: m.value === undefined ? undefined : scaleOf(axes, m.unit ?? ''),
  }));
  const extra = { envelopes, markers };
  return {
    width,
    height,
    fmtDate: (template) => uPlot.fmtDate(template, names),
    scales: scalesOf(axes, lines, barScales(series, axes), input.fixedRange, extra),
    axes: axesOf(axes, theme, input.locale, names),
    series: [
      { value: CURSOR_TIME },
      ...series.map<uPlot.Series>((s, i) => ({
        label: legendLabel(s),
        scale: scaleOf(axes, s.unit),
        stroke: seriesColour(i, s.colour),
        width: 1.5,
        spanGaps: false,
        value: s.envelope?.length
          ? envelopeValue(s.envelope, s.unit, input.format)
          : (_u, v) => (v == null ? '–' : input.format(v, s.unit)),
        ...(s.style === 'bars'
          ? { paths: bars, fill: withAlpha(seriesColour(i, s.colour), BAR_ALPHA), points: { show: false } }
          : {
              points: { size: 5, filter: (u, si, show) => (show ? null : nonEmpty(isolatedPoints(u.data[si]!))) },
            }),
      })),
    ],
    legend: { mount: (_u, el) => input.legend.append(el) },
    cursor: {
      y: false,
      drag: { x: input.zoom !== 'none', y: false, setScale: input.zoom === 'native', dist: 4 },
      // only the crosshair travels between synced charts: each chart's drag and double click stay its own
      ...(input.syncKey && {
        sync: { key: input.syncKey, scales: ['x', null], filters: { pub: (type) => type === 'mousemove' } },
      }),
      bind: {
        dblclick: (_u, _target, handler) => (e) => {
          handler(e);
          input.onDoubleClick();
          return null;
        },
      },
    },
    hooks: {
      setSelect: [
        (u) => {
          if (input.zoom !== 'callback' || u.select.width <= 0) return;
          const { left, width: dragged } = u.select;
          const [from, to] = [u.posToVal(left, 'x'), u.posToVal(left + dragged, 'x')];
          u.setSelect(HIDE_SELECT, false);
          input.onSelect({ from: new Date(from * 1000), to: new Date(to * 1000) });
        },
      ],
    },
    plugins: [
      envelopePlugin(
        envelopes.map((e) => ({
          seriesIndex: e.index + 1,
          colour: seriesColour(e.index, series[e.index]!.colour),
          points: e.points,
        })),
      ),
      limitLinesPlugin(lines, fontFamily, theme.palette.background.paper),
      markersPlugin(markers, fontFamily, {
        line: theme.palette.text.secondary,
        text: theme.palette.text.primary,
        background: theme.palette.background.paper,
      }),
    ],
  };
}

/** The scales holding bars: they reach down (or up) to zero, as an amount's bars must. */
function barScales(series: readonly ChartSeriesInput[], axes: UnitAxis[]): Set<string> {
  return new Set(series.filter((s) => s.style === 'bars').map((s) => scaleOf(axes, s.unit)));
}

/** What else a y scale must hold beside its series' values: their envelopes, and the marked readings. */
interface ScaleExtras {
  envelopes: ReadonlyArray<{ scale: string; points: readonly EnvelopePoint[] }>;
  markers: ReadonlyArray<{ time: number; value?: number; scale?: string }>;
}

function scalesOf(
  axes: UnitAxis[],
  lines: LimitLine[],
  barred: Set<string>,
  fixedRange: () => TimeRange | undefined,
  extras: ScaleExtras,
): uPlot.Scales {
  const scales: uPlot.Scales = {
    x: {
      time: true,
      range: (_u, min, max) => {
        const range = fixedRange();
        return range ? [range.from.getTime() / 1000, range.to.getTime() / 1000] : [min, max];
      },
    },
  };
  for (const { scale } of axes) {
    const limitValues = lines.filter((l) => l.scale === scale).map((l) => l.value);
    scales[scale] = {
      range: (u, dataMin, dataMax) => {
        // The band of every bucket and the reading an alert marks are data too: never drawn off the chart.
        const [fromS, toS] = [u.scales.x?.min ?? -Infinity, u.scales.x?.max ?? Infinity];
        const marked = extras.markers
          .filter((m) => m.scale === scale && m.value !== undefined && m.time / 1000 >= fromS && m.time / 1000 <= toS)
          .map((m) => m.value!);
        const band = envelopeExtent(extras.envelopes, scale, fromS * 1000, toS * 1000);
        const values = [dataMin, dataMax, ...marked, ...(band ?? [])].filter((v): v is number => Number.isFinite(v));
        const min = values.length ? Math.min(...values) : dataMin;
        const max = values.length ? Math.max(...values) : dataMax;
        const [lo, hi] = scaleExtent(min, max, limitValues) ?? [0, 1];
        if (barred.has(scale)) return uPlot.rangeNum(Math.min(lo, 0), Math.max(hi, 0), 0.1, true);
        return uPlot.rangeNum(lo, hi, 0.1, true);
      },
    };
  }
  return scales;
}

function axesOf(axes: UnitAxis[], theme: Theme, locale: string | undefined, names: uPlot.DateNames): uPlot.Axis[] {
  const font = `${FONT_PX}px ${theme.typography.fontFamily ?? 'sans-serif'}`;
  const lineColour = theme.palette.divider;
  const common = {
    stroke: theme.palette.text.secondary,
    font,
    labelFont: font,
    grid: { stroke: lineColour, width: 1 },
    ticks: { stroke: lineColour, width: 1, size: 4 },
  };
  const numbers = tickNumbers(locale);
  return [
    // Ticks at least as far apart as the widest label a tick may carry: labels never write over each other.
    {
      ...common,
      values: TIME_AXIS_VALUES,
      incrs: TIME_INCRS,
      space: (u, ...rest) => timeAxisSpace(dateLabelWidths(u, font, names))(u, ...rest),
    },
    ...axes
      .filter((a) => a.side !== 'none')
      .map<uPlot.Axis>((a) => ({
        ...common,
        scale: a.scale,
        side: a.side === 'left' ? 3 : 1,
        label: a.unit,
        labelSize: a.unit ? FONT_PX + 8 : 0,
        // one grid is enough: the right axis only adds its ticks
        grid: { ...common.grid, show: a.side === 'left' },
        values: numbers,
        size: (u, values) => fitText(u, font, values) + common.ticks.size + 8,
      })),
  ];
}

/** Tick values in the locale, with as many decimals as the tick step needs. */
function tickNumbers(locale: string | undefined): uPlot.Axis.DynamicValues {
  const formats = new Map<number, Intl.NumberFormat>();
  return (_u, splits, _axis, _space, step) => {
    const decimals = Math.min(
      step
        .toFixed(10)
        .replace(/\.?0+$/, '')
        .split('.')[1]?.length ?? 0,
      10,
    );
    if (!formats.has(decimals)) {
      formats.set(
        decimals,
        new Intl.NumberFormat(locale, { minimumFractionDigits: decimals, maximumFractionDigits: decimals }),
      );
    }
    const format = formats.get(decimals)!;
    return splits.map((v) => (v == null ? null : format.format(v)));
  };
}

/** The CSS width of the widest tick value, so long numbers are not cut off. */
function fitText(u: uPlot, font: string, values: string[] | null): number {
  if (!values?.length) return 30;
  u.ctx.save();
  u.ctx.font = font;
  const widest = Math.max(...values.map((v) => u.ctx.measureText(v).width));
  u.ctx.restore();
  return Math.ceil(widest);
}

/**
 * The CSS width of the widest label line a time tick of each step may carry in this locale: every
 * template of the step's row formatted on the 28th of each month at 23:59, measured once per locale.
 */
function dateLabelWidths(u: uPlot, font: string, names: uPlot.DateNames): (step: number) => number {
  let widths = labelWidthCache.get(names);
  if (!widths) labelWidthCache.set(names, (widths = new Map()));
  const cache = widths;
  return (step) => {
    const templates = templatesOf(step);
    const key = templates.join('|');
    let width = cache.get(key);
    if (width === undefined) {
      u.ctx.save();
      u.ctx.font = font;
      width = 0;
      for (const template of templates) {
        const format = uPlot.fmtDate(template, names);
        for (let m = 0; m < 12; m++)
          width = Math.max(width, u.ctx.measureText(format(new Date(2026, m, 28, 23, 59))).width);
      }
      u.ctx.restore();
      cache.set(key, Math.ceil(width));
    }
    return width;
  };
}
const labelWidthCache = new WeakMap<uPlot.DateNames, Map<string, number>>();

/** A bucket's value in the legend with its least and greatest reading and count: `12.3 mm (10 – 26.3, n = 4)`. */
function envelopeValue(envelope: readonly EnvelopePoint[], unit: string, format: ValueFormat): uPlot.Series.Value {
  const byTime = new Map(envelope.map((p) => [p[0] / 1000, p]));
  return (u, v, _si, idx) => {
    if (v == null) return '–';
    const p = idx == null ? undefined : byTime.get(u.data[0][idx]!);
    if (!p || p[3] <= 1) return format(v, unit);
    return `${format(v, unit)} (${format(p[1], '')} – ${format(p[2], '')}, n = ${p[3]})`;
  };
}

/** Bars under lines stay readable. */
const BAR_ALPHA = 0.6;

const nonEmpty = (indices: number[]) => (indices.length ? indices : null);
