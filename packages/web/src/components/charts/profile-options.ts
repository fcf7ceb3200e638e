import type { Theme } from '@mui/material/styles';
import uPlot from 'uplot';
import { seriesColour } from './chart-palette.ts';
import { depthRange, displacementRange, type ProfileInput } from './profile-model.ts';

/** The colour of critical limits (the app's critical state colour). */
export const LIMIT_COLOUR = '#D0021B';

export interface ProfileOptionsInput {
  profiles: readonly ProfileInput[];
  limit: number | null;
  width: number;
  height: number;
  theme: Theme;
  legend: HTMLElement;
  texts: { depth: string; displacement: string; limit: string };
  formatDepth(value: number): string;
  formatValue(value: number): string;
}

const FONT_PX = 12;
/** Depth ticks in whole metres where there is room: node spacings are a metre or more. */
const DEPTH_STEPS = [0.5, 1, 2, 5, 10, 20, 25, 50, 100, 200, 500];

/**
 * The uPlot options of a profile: depth is uPlot's x scale turned vertical (`ori: 1`) and growing
 * downwards (`dir: -1`), displacement its y scale turned horizontal; a line with markers per profile,
 * the limit on both sides as one dashed series, and a zero line.
 */
export function profileOptions(input: ProfileOptionsInput): uPlot.Options {
  const { theme, limit } = input;
  const font = `${FONT_PX}px ${theme.typography.fontFamily ?? 'sans-serif'}`;
  const lineColour = theme.palette.divider;
  const axis = {
    stroke: theme.palette.text.secondary,
    font,
    labelFont: font,
    labelSize: FONT_PX + 8,
    grid: { stroke: lineColour, width: 1 },
    ticks: { stroke: lineColour, width: 1, size: 4 },
  };
  return {
    width: input.width,
    height: input.height,
    scales: {
      x: { time: false, ori: 1, dir: -1, range: (_u, _min, max) => depthRange(max) },
      y: { ori: 0, dir: 1, range: (_u, min, max) => displacementRange(min, max, limit) },
    },
    axes: [
      {
        ...axis,
        scale: 'x',
        side: 3,
        label: input.texts.depth,
        incrs: DEPTH_STEPS,
        space: 40,
        values: (_u, splits) => splits.map(input.formatDepth),
      },
      {
        ...axis,
        scale: 'y',
        side: 2,
        space: 60,
        label: input.texts.displacement,
        values: (_u, splits) => splits.map(input.formatValue),
      },
    ],
    series: [
      { label: input.texts.depth, value: (_u, v) => (v == null ? '–' : input.formatDepth(v)) },
      ...input.profiles.map<uPlot.Series>((p, i) => {
        const colour = seriesColour(i, p.colour);
        return {
          label: p.label,
          stroke: colour,
          width: 1.5,
          spanGaps: true,
          points: { show: true, size: 6, fill: colour, stroke: colour },
          value: (_u, v) => (v == null ? '–' : input.formatValue(v)),
        };
      }),
      ...(limit === null
        ? []
        : [
            {
              label: input.texts.limit,
              stroke: LIMIT_COLOUR,
              width: 1.5,
              dash: [6, 4],
              points: { show: false },
              paths: bothSides,
              value: () => `±${input.formatValue(limit)} mm`,
            } satisfies uPlot.Series,
          ]),
    ],
    legend: { mount: (_u, el) => input.legend.append(el) },
    cursor: { drag: { x: false, y: false }, points: { size: 8 } },
    plugins: [zeroLine(theme.palette.text.secondary)],
  };
}

/** The limit drawn at +limit and -limit from the top node down to the deepest one. */
const bothSides: uPlot.Series.PathBuilder = (u, seriesIdx, idx0, idx1) => {
  const depths = u.data[0];
  const value = u.data[seriesIdx]![idx0];
  if (value == null || idx1 < idx0) return null;
  const top = u.valToPos(depths[idx0]!, 'x', true);
  const bottom = u.valToPos(depths[idx1]!, 'x', true);
  const stroke = new Path2D();
  for (const side of [value, -value]) {
    const x = u.valToPos(side, 'y', true);
    stroke.moveTo(x, top);
    stroke.lineTo(x, bottom);
  }
  return { stroke, fill: null, clip: null, flags: 0 };
};

/** A solid line at zero displacement, under the profiles. */
function zeroLine(colour: string): uPlot.Plugin {
  return {
    hooks: {
      drawAxes: (u) => {
        const x = Math.round(u.valToPos(0, 'y', true));
        const { ctx, bbox } = u;
        ctx.save();
        ctx.strokeStyle = colour;
        ctx.lineWidth = uPlot.pxRatio;
        ctx.beginPath();
        ctx.moveTo(x, bbox.top);
        ctx.lineTo(x, bbox.top + bbox.height);
        ctx.stroke();
        ctx.restore();
      },
    },
  };
}
