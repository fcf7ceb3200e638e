import { niceTicks, PALETTE } from './pdf-chart.ts';
import { contentWidth, ensureRoom, figureCaption, INK, MUTED, RULE, type Pdf } from './pdf-layout.ts';
import type { InclinometerProfile } from './inclinometer-section.ts';

const PLOT_HEIGHT = 260;
const AXIS_LEFT = 34;
const AXIS_BOTTOM = 26;
const GAP = 24;

export interface ProfileWords {
  caption: string;
  note: string;
  axisA: string;
  axisB: string;
  depth: string;
  periodEnd: string;
  periodStart: string;
}

/** A range with a little room each side, never empty. */
function padded(values: readonly number[]): [number, number] {
  let min = values.length ? Math.min(...values) : -1;
  let max = values.length ? Math.max(...values) : 1;
  if (min === max) [min, max] = [min - 1, max + 1];
  const pad = (max - min) * 0.08;
  return [min - pad, max + pad];
}

/**
 * An inclinometer's profile as vector paths, as the screen's profile card draws it: one plot per axis
 * (A and B), displacement across and depth downwards, the period's end as a solid line and its start
 * dashed, a zero line, a legend and a caption with the unit and the datum.
 */
export function drawProfile(doc: Pdf, profile: InclinometerProfile, words: ProfileWords) {
  ensureRoom(doc, PLOT_HEIGHT + 70);
  const left = doc.page.margins.left;
  const top = doc.y + 4;
  const all = [...profile.end, ...profile.start];
  const [depthMin, depthMax] = [0, Math.max(1, ...all.map((p) => p.depth))];
  const panelWidth = (contentWidth(doc) - GAP) / 2;
  const lines = [
    { points: profile.end, colour: PALETTE[0]!, dashed: false, label: words.periodEnd },
    { points: profile.start, colour: PALETTE[1]!, dashed: true, label: words.periodStart },
  ];

  (['a', 'b'] as const).forEach((axis, n) => {
    const x0 = left + n * (panelWidth + GAP);
    const plot = { x: x0 + AXIS_LEFT, y: top + 14, w: panelWidth - AXIS_LEFT - 6, h: PLOT_HEIGHT - AXIS_BOTTOM - 14 };
    const [min, max] = padded([0, ...all.map((p) => p[axis])]);
    const sx = (v: number) => plot.x + ((v - min) / (max - min)) * plot.w;
    const sy = (depth: number) => plot.y + ((depth - depthMin) / (depthMax - depthMin)) * plot.h;

    doc
      .font('bold')
      .fontSize(8)
      .fillColor(INK)
      .text(n === 0 ? words.axisA : words.axisB, plot.x, top, { width: plot.w, align: 'center', lineBreak: false });
    doc.font('body').fontSize(7).fillColor(MUTED).lineWidth(0.3).strokeColor(RULE);
    for (const tick of niceTicks(min, max, 4)) {
      if (tick < min || tick > max) continue;
      doc
        .moveTo(sx(tick), plot.y)
        .lineTo(sx(tick), plot.y + plot.h)
        .stroke();
      doc.text(String(tick), sx(tick) - 20, plot.y + plot.h + 4, { width: 40, align: 'center', lineBreak: false });
    }
    for (const tick of niceTicks(depthMin, depthMax, 6)) {
      doc
        .moveTo(plot.x, sy(tick))
        .lineTo(plot.x + plot.w, sy(tick))
        .stroke();
      doc.text(String(tick), x0, sy(tick) - 4, { width: AXIS_LEFT - 4, align: 'right', lineBreak: false });
    }
    doc.text(profile.unit, plot.x, plot.y + plot.h + 14, { width: plot.w, align: 'center', lineBreak: false });
    doc.save().rotate(-90, { origin: [x0 + 4, plot.y + plot.h / 2] });
    doc.text(words.depth, x0 + 4 - 60, plot.y + plot.h / 2 - 4, { width: 120, align: 'center', lineBreak: false });
    doc.restore();
    // the datum's line: no movement
    doc
      .moveTo(sx(0), plot.y)
      .lineTo(sx(0), plot.y + plot.h)
      .lineWidth(0.8)
      .strokeColor(MUTED)
      .stroke();
    doc.rect(plot.x, plot.y, plot.w, plot.h).lineWidth(0.8).strokeColor(INK).stroke();

    for (const line of lines) {
      const points = [...line.points].sort((p, q) => p.depth - q.depth);
      if (!points.length) continue;
      doc.moveTo(sx(points[0]![axis]), sy(points[0]!.depth));
      for (const p of points.slice(1)) doc.lineTo(sx(p[axis]), sy(p.depth));
      if (line.dashed) doc.dash(4, { space: 3 });
      doc.lineWidth(1.4).strokeColor(line.colour).stroke().undash();
      for (const p of points) doc.circle(sx(p[axis]), sy(p.depth), 1.6).fill(line.colour);
    }
  });

  let y = top + PLOT_HEIGHT + 6;
  lines.forEach((line, i) => {
    const x = left + i * 160;
    doc.moveTo(x, y + 4).lineTo(x + 16, y + 4);
    if (line.dashed) doc.dash(3, { space: 2 });
    doc.lineWidth(1.4).strokeColor(line.colour).stroke().undash();
    doc
      .font('body')
      .fontSize(7)
      .fillColor(INK)
      .text(line.label, x + 20, y, { width: 136, lineBreak: false });
  });
  y += 14;
  figureCaption(doc, left, y, words.caption, words.note);
}
