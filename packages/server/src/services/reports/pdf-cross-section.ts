import { DIAGRAM_CATEGORIES, type DiagramCategory } from '@vigil/domain';
import type { CrossSectionFigure } from './cross-section-section.ts';
import { lineOf } from './cross-section-section.ts';
import { LIMIT_COLOURS, niceTicks } from './pdf-chart.ts';
import { contentWidth, ensureRoom, figureCaption, INK, MUTED, RULE, type Pdf } from './pdf-layout.ts';

/** The screen's paints (web side-view-options.ts): earth tones for the materials, blues for the water. */
const PAINT: Record<DiagramCategory, { fill: string; stroke: string }> = {
  Ground: { fill: '#8d7b68', stroke: '#5d4f40' },
  Dam: { fill: '#d2b48c', stroke: '#8a6d45' },
  Tailings: { fill: '#a8a39b', stroke: '#6e6a63' },
};
const WATER = { line: '#0d47a1', envelope: '#90caf9' } as const;
const PLOT_HEIGHT = 230;
const AXIS_LEFT = 44;
const AXIS_BOTTOM = 26;

export interface SectionWords {
  caption: string;
  note: string;
  phreatic: string;
  envelope: string;
  warningLevel: string;
  criticalLevel: string;
  distance: string;
  categories: Record<DiagramCategory, string>;
}

/**
 * A cross section's side view as vector paths: the diagram's materials, the band of each piezometer's
 * least to greatest level in the period, the phreatic surface at its end through the piezometers'
 * levels, the warning and critical levels dashed, the piezometers at their tips; axes with units, a
 * legend and a caption.
 */
export function drawCrossSection(doc: Pdf, figure: CrossSectionFigure, words: SectionWords) {
  ensureRoom(doc, PLOT_HEIGHT + 70);
  const left = doc.page.margins.left;
  const top = doc.y + 4;
  const plot = { x: left + AXIS_LEFT, y: top, w: contentWidth(doc) - AXIS_LEFT - 6, h: PLOT_HEIGHT - AXIS_BOTTOM };
  const [xMin, xMax] = [0, figure.distance];
  const [yMin, yMax] = [figure.altitudeMin, figure.altitudeMax];
  const sx = (x: number) => plot.x + ((x - xMin) / (xMax - xMin)) * plot.w;
  const sy = (y: number) => plot.y + plot.h - ((y - yMin) / (yMax - yMin)) * plot.h;

  doc.save().rect(plot.x, plot.y, plot.w, plot.h).clip();
  for (const polygon of figure.polygons) {
    const paint = PAINT[polygon.category];
    for (const ring of polygon.rings) {
      if (!ring.length) continue;
      doc.moveTo(sx(ring[0]![0]), sy(ring[0]![1]));
      for (const [x, y] of ring.slice(1)) doc.lineTo(sx(x), sy(y));
      doc.closePath().lineWidth(0.6).fillAndStroke(paint.fill, paint.stroke);
    }
  }
  const low = lineOf(figure.sensors, (s) => s.min);
  const high = lineOf(figure.sensors, (s) => s.max);
  if (low.length > 1 && low.length === high.length) {
    doc.moveTo(sx(high[0]![0]), sy(high[0]![1]));
    for (const [x, y] of high.slice(1)) doc.lineTo(sx(x), sy(y));
    for (const [x, y] of [...low].reverse()) doc.lineTo(sx(x), sy(y));
    doc.closePath().fillOpacity(0.55).fill(WATER.envelope).fillOpacity(1);
  }
  for (const s of figure.sensors) {
    if (s.min !== null && s.max !== null)
      doc.moveTo(sx(s.x), sy(s.min)).lineTo(sx(s.x), sy(s.max)).lineWidth(3).strokeColor(WATER.envelope).stroke();
  }
  for (const level of ['warning', 'critical'] as const) {
    const line = lineOf(figure.sensors, (s) => s[level]);
    if (!line.length) continue;
    // one piezometer's level: a short mark across it
    const reach = line.length === 1 ? 14 : 0;
    doc.moveTo(sx(line[0]![0]) - reach, sy(line[0]![1]));
    for (const [x, y] of line.slice(1)) doc.lineTo(sx(x), sy(y));
    if (reach) doc.lineTo(sx(line[0]![0]) + reach, sy(line[0]![1]));
    doc.lineWidth(1).dash(4, { space: 3 }).strokeColor(LIMIT_COLOURS[level]).stroke().undash();
  }
  const surface = lineOf(figure.sensors, (s) => s.now);
  if (surface.length) {
    doc.moveTo(sx(surface[0]![0]), sy(surface[0]![1]));
    for (const [x, y] of surface.slice(1)) doc.lineTo(sx(x), sy(y));
    doc.lineWidth(1.6).strokeColor(WATER.line).stroke();
    for (const [x, y] of surface) doc.circle(sx(x), sy(y), 2).fill(WATER.line);
  }
  doc.font('body').fontSize(6).fillColor(INK);
  for (const s of figure.sensors) {
    if (s.tip !== null) doc.rect(sx(s.x) - 1.5, sy(s.tip) - 1.5, 3, 3).fill('#37474f');
    const labelAt = s.now ?? s.max ?? s.tip;
    if (labelAt !== null)
      doc
        .fillColor(INK)
        .text(s.title, sx(s.x) - 30, sy(labelAt) - 10, { width: 60, align: 'center', lineBreak: false });
  }
  doc.restore();

  doc.lineWidth(0.3).strokeColor(RULE).font('body').fontSize(7).fillColor(MUTED);
  for (const tick of niceTicks(yMin, yMax, 5)) {
    if (tick < yMin || tick > yMax) continue;
    doc.text(String(tick), left, sy(tick) - 4, { width: AXIS_LEFT - 4, align: 'right', lineBreak: false });
  }
  for (const tick of niceTicks(xMin, xMax, 8)) {
    if (tick > xMax) continue;
    doc
      .moveTo(sx(tick), plot.y + plot.h)
      .lineTo(sx(tick), plot.y + plot.h + 3)
      .stroke();
    doc.text(String(tick), sx(tick) - 20, plot.y + plot.h + 5, { width: 40, align: 'center', lineBreak: false });
  }
  doc.text(`${words.distance} (${figure.distanceUnit})`, plot.x, plot.y + plot.h + 15, {
    width: plot.w,
    align: 'center',
    lineBreak: false,
  });
  doc.save().rotate(-90, { origin: [left + 4, plot.y + plot.h / 2] });
  doc.text(figure.altitudeUnit, left + 4 - 50, plot.y + plot.h / 2 - 4, {
    width: 100,
    align: 'center',
    lineBreak: false,
  });
  doc.restore();
  doc.rect(plot.x, plot.y, plot.w, plot.h).lineWidth(0.8).strokeColor(INK).stroke();

  // Legend: the materials drawn, then the water and the levels.
  let x = left;
  let y = top + PLOT_HEIGHT + 4;
  const item = (label: string, mark: () => void) => {
    const width = Math.min(150, doc.font('body').fontSize(7).widthOfString(label) + 28);
    if (x + width > left + contentWidth(doc)) [x, y] = [left, y + 11];
    mark();
    doc
      .font('body')
      .fontSize(7)
      .fillColor(INK)
      .text(label, x + 18, y, { width: width - 20, lineBreak: false });
    x += width;
  };
  const drawn = new Set(figure.polygons.map((p) => p.category));
  for (const category of DIAGRAM_CATEGORIES.filter((c) => drawn.has(c)))
    item(words.categories[category], () =>
      doc.rect(x, y + 1, 14, 6).fillAndStroke(PAINT[category].fill, PAINT[category].stroke),
    );
  item(words.phreatic, () => {
    doc
      .moveTo(x, y + 4)
      .lineTo(x + 14, y + 4)
      .lineWidth(1.6)
      .strokeColor(WATER.line)
      .stroke();
  });
  item(words.envelope, () => doc.rect(x, y + 1, 14, 6).fill(WATER.envelope));
  for (const level of ['warning', 'critical'] as const)
    item(level === 'warning' ? words.warningLevel : words.criticalLevel, () => {
      doc.moveTo(x, y + 4).lineTo(x + 14, y + 4);
      doc.lineWidth(1).dash(3, { space: 2 }).strokeColor(LIMIT_COLOURS[level]).stroke().undash();
    });
  y += 14;
  figureCaption(doc, left, y, words.caption, words.note);
}
