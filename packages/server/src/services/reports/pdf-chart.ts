import type { ChartData } from './chart-section.ts';
import { contentWidth, ensureRoom, figureCaption, INK, MUTED, RULE, type Pdf } from './pdf-layout.ts';

/** Line colours, told apart in print and by the colour-blind (Okabe–Ito). */
export const PALETTE = ['#0072b2', '#e69f00', '#009e73', '#cc79a7', '#56b4e9', '#d55e00', '#f0e442', '#000000'];
export const LIMIT_COLOURS = { warning: '#e08a00', critical: '#c62828' } as const;
const CHART_HEIGHT = 190;
const AXIS_LEFT = 48;
const AXIS_BOTTOM = 22;

/** Round steps for an axis: 1, 2 or 5 × a power of ten, about `count` of them. */
export function niceTicks(min: number, max: number, count = 5): number[] {
  if (!(max > min)) return [min];
  const raw = (max - min) / count;
  const power = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 5, 10].map((m) => m * power).find((s) => s >= raw) ?? raw;
  const ticks: number[] = [];
  for (let v = Math.ceil(min / step) * step; v <= max + step * 1e-9; v += step) ticks.push(Number(v.toPrecision(12)));
  return ticks;
}

/**
 * The stretches of a line without a silence: points further apart than three times their usual spacing
 * (or two buckets, when readings are denser than buckets) are drawn with a break, not a straight line.
 */
export function runsOf<T extends { t: number }>(points: readonly T[], intervalMs: number): T[][] {
  const steps = points
    .slice(1)
    .map((p, i) => p.t - points[i]!.t)
    .sort((a, b) => a - b);
  const usual = steps.length ? steps[Math.floor(steps.length / 2)]! : intervalMs;
  const breakAfter = Math.max(2 * intervalMs, 3 * usual);
  const runs: T[][] = [];
  for (const point of points) {
    const run = runs.at(-1);
    const last = run?.at(-1);
    if (run && last && point.t - last.t <= breakAfter) run.push(point);
    else runs.push([point]);
  }
  return runs;
}

/**
 * A chart as vector paths: axes with ticks and the unit, each line's min/max envelope as a band under
 * its average, the limits as dashed lines, a legend and a caption. Nothing is rasterised.
 */
export function drawChart(
  doc: Pdf,
  chart: ChartData,
  options: {
    from: number;
    to: number;
    caption: string;
    note: string;
    noData: string;
    formatTime: (t: number) => string;
  },
) {
  const legendRows = Math.ceil(chart.lines.length / 3);
  ensureRoom(doc, CHART_HEIGHT + 40 + legendRows * 12);
  const left = doc.page.margins.left;
  const top = doc.y;
  const plot = {
    x: left + AXIS_LEFT,
    y: top + 8,
    w: contentWidth(doc) - AXIS_LEFT - 8,
    h: CHART_HEIGHT - AXIS_BOTTOM - 8,
  };
  const values = chart.lines.flatMap((l) => l.points.flatMap((p) => [p.min, p.max]));
  const limitValues = chart.limits.map((l) => l.value);
  const all = [...values, ...limitValues];
  let min = all.length ? Math.min(...all) : 0;
  let max = all.length ? Math.max(...all) : 1;
  if (min === max) [min, max] = [min - 1, max + 1];
  const pad = (max - min) * 0.05;
  min -= pad;
  max += pad;
  const sx = (t: number) => plot.x + ((t - options.from) / (options.to - options.from)) * plot.w;
  const sy = (v: number) => plot.y + plot.h - ((v - min) / (max - min)) * plot.h;

  // Grid and axes
  doc.lineWidth(0.3).strokeColor(RULE);
  doc.font('body').fontSize(7).fillColor(MUTED);
  for (const tick of niceTicks(min, max)) {
    if (tick < min || tick > max) continue;
    doc
      .moveTo(plot.x, sy(tick))
      .lineTo(plot.x + plot.w, sy(tick))
      .stroke();
    doc.text(String(tick), left, sy(tick) - 4, { width: AXIS_LEFT - 4, align: 'right', lineBreak: false });
  }
  const xTicks = 6;
  for (let i = 0; i <= xTicks; i++) {
    const t = options.from + ((options.to - options.from) * i) / xTicks;
    doc
      .moveTo(sx(t), plot.y + plot.h)
      .lineTo(sx(t), plot.y + plot.h + 3)
      .stroke();
    const label = options.formatTime(t);
    doc.text(label, sx(t) - 40, plot.y + plot.h + 5, { width: 80, align: 'center', lineBreak: false });
  }
  doc.lineWidth(0.8).strokeColor(INK);
  doc
    .moveTo(plot.x, plot.y)
    .lineTo(plot.x, plot.y + plot.h)
    .lineTo(plot.x + plot.w, plot.y + plot.h)
    .stroke();
  if (chart.unit) {
    doc.save().rotate(-90, { origin: [left + 6, plot.y + plot.h / 2] });
    doc.text(chart.unit, left + 6 - 50, plot.y + plot.h / 2 - 4, { width: 100, align: 'center', lineBreak: false });
    doc.restore();
  }

  if (!values.length) {
    doc
      .fontSize(9)
      .text(options.noData, plot.x, plot.y + plot.h / 2 - 5, { width: plot.w, align: 'center', lineBreak: false });
  }
  chart.lines.forEach((line, i) => {
    const colour = PALETTE[i % PALETTE.length]!;
    for (const run of runsOf(line.points, chart.intervalMs)) {
      // The envelope: the greatest readings left to right, then the least right to left.
      doc.moveTo(sx(run[0]!.t), sy(run[0]!.max));
      for (const p of run.slice(1)) doc.lineTo(sx(p.t), sy(p.max));
      for (const p of [...run].reverse()) doc.lineTo(sx(p.t), sy(p.min));
      doc.closePath().fillOpacity(0.18).fill(colour).fillOpacity(1);
      doc.moveTo(sx(run[0]!.t), sy(run[0]!.value));
      for (const p of run.slice(1)) doc.lineTo(sx(p.t), sy(p.value));
      if (run.length === 1) doc.circle(sx(run[0]!.t), sy(run[0]!.value), 1).fill(colour);
      else doc.lineWidth(1).strokeColor(colour).stroke();
    }
  });
  for (const limit of chart.limits) {
    const colour = LIMIT_COLOURS[limit.level];
    doc.moveTo(plot.x, sy(limit.value)).lineTo(plot.x + plot.w, sy(limit.value));
    doc.lineWidth(0.8).dash(4, { space: 3 }).strokeColor(colour).stroke().undash();
    doc
      .fontSize(6)
      .fillColor(colour)
      .text(String(limit.value), plot.x + plot.w - 40, sy(limit.value) - 8, {
        width: 40,
        align: 'right',
        lineBreak: false,
      });
  }

  // Legend and caption
  let y = top + CHART_HEIGHT + 4;
  const column = contentWidth(doc) / 3;
  chart.lines.forEach((line, i) => {
    const x = left + (i % 3) * column;
    if (i > 0 && i % 3 === 0) y += 12;
    doc.rect(x, y + 2, 10, 4).fill(PALETTE[i % PALETTE.length]!);
    doc
      .fontSize(7)
      .fillColor(INK)
      .text(line.label, x + 14, y, { width: column - 16, lineBreak: false, ellipsis: true });
  });
  y += 14;
  figureCaption(doc, left, y, options.caption, options.note);
}
