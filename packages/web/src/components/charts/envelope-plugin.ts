import uPlot from 'uplot';
import { medianSpacing, type EnvelopePoint } from './chart-model.ts';
import { withAlpha } from './chart-palette.ts';

/** One series' envelope as drawn: its uPlot series index (for its scale and visibility) and colour. */
export interface EnvelopeLayer {
  seriesIndex: number;
  colour: string;
  points: readonly EnvelopePoint[];
}

/** Buckets further apart than this many times their usual spacing are a gap: the band breaks there. */
const GAP_FACTOR = 3;
const FILL_ALPHA = 0.22;

/**
 * Draws each series' envelope (ADR 0036) under the lines: a band from every bucket's least to its
 * greatest reading, and a 1 px stroke on its edges, so that a single reading beyond a limit shows at
 * its true height whatever the bucket's function made of it (Jugel et al.'s M4: min and max per pixel
 * column draw a line chart without visible error).
 */
export function envelopePlugin(layers: readonly EnvelopeLayer[]): uPlot.Plugin {
  return {
    hooks: {
      drawAxes: (u) => {
        if (!layers.length) return;
        const { ctx, bbox } = u;
        ctx.save();
        ctx.beginPath();
        ctx.rect(bbox.left, bbox.top, bbox.width, bbox.height);
        ctx.clip();
        ctx.lineWidth = uPlot.pxRatio;
        for (const layer of layers) {
          const series = u.series[layer.seriesIndex];
          if (!series?.show || !series.scale || layer.points.length === 0) continue;
          ctx.fillStyle = withAlpha(layer.colour, FILL_ALPHA);
          ctx.strokeStyle = withAlpha(layer.colour, 0.6);
          for (const run of runsOf(layer.points)) drawBand(u, ctx, series.scale, run);
        }
        ctx.restore();
      },
    },
  };
}

function drawBand(u: uPlot, ctx: CanvasRenderingContext2D, scale: string, run: readonly EnvelopePoint[]) {
  const columns = pixelColumns(u, scale, run);
  ctx.beginPath();
  columns.forEach(([x, top], i) => (i ? ctx.lineTo(x, top) : ctx.moveTo(x, top)));
  for (let i = columns.length - 1; i >= 0; i--) ctx.lineTo(columns[i]![0], columns[i]![2]);
  ctx.closePath();
  ctx.fill();
  ctx.stroke();
  // A lone column has no area: its extent is a vertical stroke.
  if (columns.length === 1) {
    const [x, top, bottom] = columns[0]!;
    ctx.beginPath();
    ctx.moveTo(x, top);
    ctx.lineTo(x, bottom);
    ctx.stroke();
  }
}

/**
 * The band's edges one canvas pixel column at a time: the highest top and the lowest bottom of the
 * buckets drawn in each. A three-month chart has several buckets a pixel; the band drawn through
 * every one of them looks the same and costs three times the drawing.
 */
export function pixelColumns(
  u: Pick<uPlot, 'valToPos'>,
  scale: string,
  run: readonly EnvelopePoint[],
): Array<[x: number, top: number, bottom: number]> {
  const columns: Array<[number, number, number]> = [];
  for (const [time, min, max] of run) {
    const x = Math.round(u.valToPos(time / 1000, 'x', true));
    const [top, bottom] = [u.valToPos(max, scale, true), u.valToPos(min, scale, true)];
    const last = columns.at(-1);
    if (last?.[0] === x) {
      last[1] = Math.min(last[1], top);
      last[2] = Math.max(last[2], bottom);
    } else columns.push([x, top, bottom]);
  }
  return columns;
}

/** The envelope split where buckets are missing (a logger's outage), as the line itself breaks. */
export function runsOf(points: readonly EnvelopePoint[]): EnvelopePoint[][] {
  const usual = medianSpacing(points);
  const runs: EnvelopePoint[][] = [];
  points.forEach((p, i) => {
    if (i === 0 || p[0] - points[i - 1]![0] > GAP_FACTOR * usual) runs.push([]);
    runs.at(-1)!.push(p);
  });
  return runs;
}
