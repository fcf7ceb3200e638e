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
  const x = (p: EnvelopePoint) => u.valToPos(p[0] / 1000, 'x', true);
  const top = (p: EnvelopePoint) => u.valToPos(p[2], scale, true);
  const bottom = (p: EnvelopePoint) => u.valToPos(p[1], scale, true);
  ctx.beginPath();
  run.forEach((p, i) => (i ? ctx.lineTo(x(p), top(p)) : ctx.moveTo(x(p), top(p))));
  for (let i = run.length - 1; i >= 0; i--) ctx.lineTo(x(run[i]!), bottom(run[i]!));
  ctx.closePath();
  ctx.fill();
  ctx.stroke();
  // A lone bucket has no area: its extent is a vertical stroke.
  if (run.length === 1) {
    ctx.beginPath();
    ctx.moveTo(x(run[0]!), top(run[0]!));
    ctx.lineTo(x(run[0]!), bottom(run[0]!));
    ctx.stroke();
  }
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
