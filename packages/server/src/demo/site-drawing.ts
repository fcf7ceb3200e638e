import type { GeoBounds } from '@vigil/domain';
import { cerroAt, DEMO_DEVICE_SITES, ouseAt } from './devices.ts';
import { crestFrame, siteBounds, svgCanvas, type CrestFrame, type LonLat, type SvgCanvas } from './site-canvas.ts';

/**
 * The demo's site drawings (ADR 0022): per project, an SVG of the embankment, ponds, river, roads
 * and buildings around the instruments, in the project's coordinates. The map draws the instruments.
 */
export interface SiteDrawing {
  mimeType: 'image/svg+xml';
  svg: string;
  bounds: GeoBounds;
  width: number;
  height: number;
}

const INK = { water: '#8fbcd6', waterEdge: '#5e93b5', building: '#b9b4ab', buildingEdge: '#7b756b' };
const road = (canvas: SvgCanvas, path: LonLat[]) => {
  canvas.line(path, { stroke: '#9a8564', strokeMetres: 9 });
  canvas.line(path, { stroke: '#efe6d2', strokeMetres: 6 });
};
const building = (canvas: SvgCanvas, outline: LonLat[]) =>
  canvas.polygon(outline, { fill: INK.building, stroke: INK.buildingEdge, strokeMetres: 1 });

/** Cerro Azul: the tailings embankment, its beach and decant pond, the plant and the access road. */
function drawCerroAzul(canvas: SvgCanvas, f: CrestFrame) {
  const L = f.length;
  const along = canvas.angleOf(f.p(0, 0), f.p(L, 0));
  const small = Math.round(canvas.textSize * 0.75);
  canvas.background('#efe5d0');
  // Valley sides beyond the abutments.
  canvas.polygon([f.p(-2000, -2000), f.p(-30, -200), f.p(-30, 300), f.p(-2000, 2000)], { fill: '#e4d5b6' });
  canvas.polygon([f.p(L + 2000, -2000), f.p(L + 30, -200), f.p(L + 30, 300), f.p(L + 2000, 2000)], {
    fill: '#e4d5b6',
  });
  // The impoundment: tailings beach, then the decant pond where the WL staff gauges stand.
  const beach = [
    [-10, 8],
    [L + 10, 8],
    [L + 60, 260],
    [L - 160, 720],
    [L / 2, 830],
    [160, 720],
    [-60, 260],
  ];
  canvas.polygon(
    beach.map(([s, o]) => f.p(s!, o!)),
    { fill: '#d9d3c5', stroke: '#b3ab99', strokeMetres: 3 },
  );
  canvas.polygon(f.ellipse(L / 2, 505, 0.15 * L, 75), {
    fill: INK.water,
    stroke: INK.waterEdge,
    strokeMetres: 3,
  });
  canvas.line([f.p(L / 2, 360), f.p(L / 2, 455)], { stroke: '#a39a86', strokeMetres: 7 });
  canvas.text('Tailings beach', f.p(0.26 * L, 250), { italic: true });
  canvas.text('Decant pond', f.p(L / 2 + 60, 525), { italic: true, colour: '#24506e' });
  canvas.text('Decant causeway', f.p(L / 2 + 130, 385), { size: small });
  // The embankment: downstream slope down to the toe, the berm, the crest road, the toe drain.
  const slope = [
    [0, 8],
    [L, 8],
    [L, -30],
    [0.92 * L, -150],
    [L / 2, -168],
    [0.08 * L, -150],
    [0, -30],
  ];
  canvas.polygon(
    slope.map(([s, o]) => f.p(s!, o!)),
    { fill: '#cfbb92', stroke: '#a38f66', strokeMetres: 2 },
  );
  canvas.line([f.p(0.1 * L, -70), f.p(0.9 * L, -70)], { stroke: '#b29f77', strokeMetres: 4 });
  canvas.polygon(f.band(0, L, -5, 5), { fill: '#f4ecda', stroke: '#a38f66', strokeMetres: 1 });
  canvas.line([f.p(0.1 * L, -185), f.p(0.9 * L, -185)], {
    stroke: INK.waterEdge,
    strokeMetres: 2,
    dashMetres: [12, 8],
  });
  canvas.text('Tailings embankment, crest 1180 m', f.p(0.37 * L, 55), { angle: along, bold: true });
  canvas.text('Toe drain', f.p(0.35 * L, -205), { angle: along, size: small, colour: '#24506e' });
  for (const [name, chainage] of [
    ['Section A', 0.25],
    ['Section B', 0.5],
    ['Section C', 0.75],
  ] as const) {
    canvas.text(name, f.p(chainage * L, -245), { angle: along, size: small });
  }
  // Logger huts beside the section loggers (DL-01..03 stand 12 m downstream of the crest axis).
  for (const chainage of [0.25, 0.5, 0.75]) {
    building(canvas, f.rect(chainage * L + 16, -22, 6, 4));
  }
  // The access road from the plant to the west abutment, then along the crest.
  road(canvas, [f.p(-700, -1100), f.p(-330, -620), f.p(-90, -270), f.p(-25, -70), f.p(0, 0), f.p(L, 0)]);
  road(canvas, [f.p(-90, -270), f.p(120, -390), f.p(230, -420)]);
  canvas.text('Access road', f.p(-150, -430), { angle: canvas.angleOf(f.p(-330, -620), f.p(-90, -270)) });
  // The process plant downstream of the west abutment: mill, workshop, offices and the thickener.
  building(canvas, f.rect(300, -430, 90, 50));
  building(canvas, f.rect(410, -445, 55, 35));
  building(canvas, f.rect(290, -500, 40, 25));
  canvas.circle(f.p(420, -525), 28, { fill: '#cfd6da', stroke: INK.buildingEdge, strokeMetres: 2 });
  canvas.text('Process plant', f.p(350, -590), { bold: true });
}

/** Ouse: the flood embankment along the river, the river, the lane and the buildings by the lock. */
function drawOuse(canvas: SvgCanvas, f: CrestFrame) {
  const L = f.length;
  const along = canvas.angleOf(f.p(0, 0), f.p(L, 0));
  const small = Math.round(canvas.textSize * 0.75);
  const [from, to] = [-1200, L + 1200];
  const stops = Array.from({ length: 49 }, (_, i) => from + ((to - from) * i) / 48);
  canvas.background('#e4edd5');
  // Field boundaries (hedges) of the landward meadows.
  for (const s of [-250, 90, 420, 700, 980, 1250, 1600]) {
    canvas.line([f.p(s, -28), f.p(s + 25, -700)], { stroke: '#a9c08b', strokeMetres: 3 });
  }
  // The river, riverward of the embankment, with a gentle meander.
  const bank = (s: number) => 40 + 8 * Math.sin((2 * Math.PI * s) / 1100);
  canvas.polygon([...stops.map((s) => f.p(s, bank(s))), ...[...stops].reverse().map((s) => f.p(s, bank(s) + 64))], {
    fill: INK.water,
    stroke: INK.waterEdge,
    strokeMetres: 2,
  });
  canvas.text('River Ouse', f.p(0.45 * L, bank(0.45 * L) + 32), { angle: along, italic: true, colour: '#24506e' });
  // The embankment: slopes from the landward toe to the riverward toe, the crest path, the toe drain.
  canvas.polygon(f.band(from, to, -16, 12), { fill: '#bcd39c', stroke: '#8fae6b', strokeMetres: 1 });
  canvas.polygon(f.band(from, to, -2, 2), { fill: '#e7dfc4' });
  canvas.line([f.p(from, -22), f.p(to, -22)], { stroke: INK.waterEdge, strokeMetres: 1, dashMetres: [6, 4] });
  canvas.text('Flood embankment, crest 11.0 m AOD', f.p(0.36 * L, -64), { angle: along, bold: true });
  canvas.text('Toe drain', f.p(0.62 * L, -29), { angle: along, size: small, colour: '#24506e' });
  // The lane behind the meadows, with tracks to the lock cottage and the pumping station.
  const lane = (s: number) => -175 + 25 * Math.sin(s / 500);
  road(
    canvas,
    stops.map((s) => f.p(s, lane(s))),
  );
  road(canvas, [f.p(120, lane(120)), f.p(120, -62)]);
  road(canvas, [f.p(0.58 * L, lane(0.58 * L)), f.p(0.58 * L, -58)]);
  canvas.text('Access road', f.p(0.75 * L, lane(0.75 * L) - 24), { angle: along });
  // Buildings: the lock cottage and its compound (the weather station's), the pumping station,
  // the logger kiosks beside the reach loggers (DL-01, DL-02 stand 10 m landward of the crest).
  canvas.polygon(f.rect(118, -48, 50, 36), { stroke: '#7b756b', strokeMetres: 0.6, dashMetres: [2, 1.5] });
  building(canvas, f.rect(128, -56, 14, 9));
  canvas.text('Naburn Lock cottage', f.p(128, -95), { angle: along, size: small });
  building(canvas, f.rect(0.58 * L, -48, 16, 12));
  canvas.text('Pumping station', f.p(0.58 * L, -80), { angle: along, size: small });
  for (const chainage of [0.22, 0.72]) {
    building(canvas, f.rect(chainage * L + 12, -27, 3, 2));
  }
  canvas.text('Fulford Ings', f.p(0.85 * L, -110), { angle: along, italic: true });
}

const PLANS: Record<string, { title: string; at: typeof cerroAt; draw: (c: SvgCanvas, f: CrestFrame) => void }> = {
  'cerro-azul': { title: 'Cerro Azul TSF site plan', at: cerroAt, draw: drawCerroAzul },
  'ouse-embankment': { title: 'Ouse flood embankment site plan', at: ouseAt, draw: drawOuse },
};

/** The site drawing of a demo project, over the extent of its located devices; none for other slugs. */
export function drawDemoSite(slug: string): SiteDrawing | undefined {
  const plan = PLANS[slug];
  const site = DEMO_DEVICE_SITES[slug];
  if (!plan || !site) return undefined;
  const bounds = siteBounds(site.devices.map((d) => d.location));
  const canvas = svgCanvas(bounds);
  plan.draw(canvas, crestFrame(plan.at));
  return { mimeType: 'image/svg+xml', svg: canvas.svg(plan.title), bounds, width: canvas.width, height: canvas.height };
}
