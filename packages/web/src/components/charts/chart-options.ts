import type { Theme } from '@mui/material/styles';
import uPlot from 'uplot';
import { CURSOR_TIME, TIME_AXIS_VALUES, dateNames } from './chart-time.ts';
import {
  isolatedPoints,
  legendLabel,
  limitLines,
  scaleExtent,
  scaleOf,
  unitAxes,
  type ChartLimit,
  type ChartMarker,
  type ChartSeriesInput,
  type LimitLine,
  type UnitAxis,
  type ValueFormat,
} from './chart-model.ts';
import type { TimeRange } from '@vigil/domain';
import { seriesColour } from './chart-palette.ts';
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
  return {
    width,
    height,
    fmtDate: (template) => uPlot.fmtDate(template, names),
    scales: scalesOf(axes, lines, barScales(series, axes), input.fixedRange),
    axes: axesOf(axes, theme, input.locale),
    series: [
      { value: CURSOR_TIME },
      ...series.map<uPlot.Series>((s, i) => ({
        label: legendLabel(s),
        scale: scaleOf(axes, s.unit),
        stroke: seriesColour(i, s.colour),
        width: 1.5,
        spanGaps: false,
        value: (_u, v) => (v == null ? '–' : input.format(v, s.unit)),
        ...(s.style === 'bars'
          ? { paths: bars, fill: translucent(seriesColour(i, s.colour)), points: { show: false } }
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
      limitLinesPlugin(lines, fontFamily),
      markersPlugin(input.markers, fontFamily, {
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

function scalesOf(
  axes: UnitAxis[],
  lines: LimitLine[],
  barred: Set<string>,
  fixedRange: () => TimeRange | undefined,
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
      range: (_u, min, max) => {
        const [lo, hi] = scaleExtent(min, max, limitValues) ?? [0, 1];
        if (barred.has(scale)) return uPlot.rangeNum(Math.min(lo, 0), Math.max(hi, 0), 0.1, true);
        return uPlot.rangeNum(lo, hi, 0.1, true);
      },
    };
  }
  return scales;
}

function axesOf(axes: UnitAxis[], theme: Theme, locale: string | undefined): uPlot.Axis[] {
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
    { ...common, values: TIME_AXIS_VALUES },
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

/** A #rrggbb colour at 60% opacity (bars under lines stay readable); other colour forms as they are. */
const translucent = (colour: string) => (/^#[0-9a-f]{6}$/i.test(colour) ? `${colour}99` : colour);

const nonEmpty = (indices: number[]) => (indices.length ? indices : null);
