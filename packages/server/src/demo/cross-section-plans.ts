import type { CrossSectionLabel, Diagram, DiagramCategory } from '@vigil/domain';
import {
  CERRO_CREST,
  CERRO_PROFILE,
  CERRO_SECTIONS,
  cerroAt,
  OUSE_CREST,
  OUSE_PROFILE,
  OUSE_REACHES,
  ouseAt,
} from './devices.ts';

/**
 * The demo's cross sections (issue 24): one through each instrumented section of the embankments,
 * drawn to scale from the same profile the piezometers were placed on (offset from the crest axis,
 * tip elevation), so that the tips sit in the right material.
 */
export interface DemoCrossSectionPlan {
  name: string;
  description: string;
  /** metres along the section from its upstream (riverward) end */
  distance: number;
  altitudeMin: number;
  altitudeMax: number;
  altitudeUnit: string;
  /** [lon, lat] of its ends */
  x0: [number, number];
  xMax: [number, number];
  diagram: Diagram;
  labels: CrossSectionLabel[];
  /** eids of the piezometers placed on it, upstream first */
  piezometers: string[];
}

type Point = [number, number];

const polygon = (category: DiagramCategory, name: string, points: Point[]) => ({
  type: 'Feature' as const,
  properties: { category, name },
  geometry: { type: 'Polygon' as const, coordinates: [[...points, points[0]!]] },
});

const label = (id: string, text: string, x: number, y: number): CrossSectionLabel => ({
  id,
  text,
  x,
  y,
  font_size: 11,
  color: '#000000',
  background: '#ffffff',
});

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * Cerro Azul: an upstream-raised tailings embankment. x runs from 60 m upstream of the crest axis
 * (on the tailings beach) to 220 m downstream (past the toe drain); crest at 1180 m.
 */
function cerroSections(): DemoCrossSectionPlan[] {
  const upstream = 60;
  const distance = 280;
  const ground = (x: number) => 1130 - (x / distance) * 4;
  const crest: [number, number] = [upstream - 6, upstream + 6];
  const toe = 240;
  return CERRO_SECTIONS.map((section, s) => ({
    name: `${section.name}, crest chainage ${Math.round(section.chainage * 1000)} m`,
    description: `Through the embankment at ${section.name.toLowerCase()}: tailings beach, crest, downstream shell and toe drain, with its eight piezometers.`,
    distance,
    altitudeMin: 1115,
    altitudeMax: 1190,
    altitudeUnit: 'm',
    x0: cerroAt(section.chainage, upstream),
    xMax: cerroAt(section.chainage, upstream - distance),
    diagram: {
      type: 'FeatureCollection',
      features: [
        polygon('Ground', 'Foundation', [
          [0, ground(0)],
          [distance, ground(distance)],
          [distance, 1115],
          [0, 1115],
        ]),
        polygon('Tailings', 'Tailings', [
          [0, ground(0)],
          [20, ground(20)],
          [49, 1172],
          [0, 1172],
        ]),
        polygon('Dam', 'Embankment', [
          [20, ground(20)],
          [crest[0], CERRO_CREST],
          [crest[1], CERRO_CREST],
          [toe, ground(toe)],
        ]),
      ],
    },
    labels: [
      label('beach', 'Tailings beach', 14, 1176),
      label('crest', `Crest ${CERRO_CREST} m`, crest[0], 1184),
      label('shell', 'Downstream shell', 120, 1160),
      label('drain', 'Toe drain', 236, 1134),
    ],
    piezometers: CERRO_PROFILE.map((_, i) => `PZ-${pad(s * 8 + i + 1)}`),
  }));
}

/**
 * Ouse: a flood embankment. x runs from 30 m riverward of the crest axis to 50 m landward; crest at
 * 11 m AOD, the field behind at about 3.5 m.
 */
function ouseSections(): DemoCrossSectionPlan[] {
  const riverward = 30;
  const distance = 80;
  const ground = (x: number) => 4.2 - (x / distance) * 0.8;
  return OUSE_REACHES.map((reach, r) => ({
    name: `${reach.name}, ${reach.place}`,
    description: `Through the embankment at ${reach.place}: riverward toe, crest, landward slope and toe drain, with its six piezometers.`,
    distance,
    altitudeMin: 0,
    altitudeMax: 13,
    altitudeUnit: 'm AOD',
    x0: ouseAt(reach.chainage, riverward),
    xMax: ouseAt(reach.chainage, riverward - distance),
    diagram: {
      type: 'FeatureCollection',
      features: [
        polygon('Ground', 'Alluvium', [
          [0, ground(0)],
          [distance, ground(distance)],
          [distance, 0],
          [0, 0],
        ]),
        polygon('Dam', 'Clay embankment', [
          [9.5, ground(9.5)],
          [27, OUSE_CREST],
          [33, OUSE_CREST],
          [50.5, ground(50.5)],
        ]),
      ],
    },
    labels: [
      label('river', 'River side', 2, 6),
      label('crest', `Crest ${OUSE_CREST} m AOD`, 24, 12),
      label('field', 'Landward field', 58, 5.5),
    ],
    piezometers: OUSE_PROFILE.map((_, i) => `PZ-${pad(r * 6 + i + 1)}`),
  }));
}

export function demoCrossSectionPlans(slug: string): DemoCrossSectionPlan[] {
  if (slug === 'cerro-azul') return cerroSections();
  if (slug === 'ouse-embankment') return ouseSections();
  return [];
}

const FILL: Record<DiagramCategory, string> = { Ground: '#d8c9a8', Dam: '#c9b48a', Tailings: '#a9a39a' };

/**
 * A drawing of the section as a designer's as-built sheet: the outlines hatched and dimensioned on a
 * grid, 1200 × 900 px over the section's whole extent, so that laid over the side view it lines up.
 */
export function tracingDrawing(plan: DemoCrossSectionPlan): string {
  const width = 1200;
  const height = 900;
  const px = (x: number) => (x / plan.distance) * width;
  const py = (y: number) => height - ((y - plan.altitudeMin) / (plan.altitudeMax - plan.altitudeMin)) * height;
  const outline = plan.diagram.features
    .map((f) => {
      const points = f.geometry.coordinates[0]!.map(([x, y]) => `${px(x).toFixed(1)},${py(y).toFixed(1)}`).join(' ');
      return `<polygon points="${points}" fill="${FILL[f.properties.category]}" fill-opacity="0.55" stroke="#3b3326" stroke-width="2" stroke-dasharray="${f.properties.category === 'Ground' ? '0' : '10 4'}"/>`;
    })
    .join('\n');
  const gridX = Array.from({ length: 11 }, (_, i) => px((plan.distance * i) / 10));
  const gridY = Array.from({ length: 11 }, (_, i) =>
    py(plan.altitudeMin + ((plan.altitudeMax - plan.altitudeMin) * i) / 10),
  );
  const grid = [
    ...gridX.map((x) => `<line x1="${x}" y1="0" x2="${x}" y2="${height}"/>`),
    ...gridY.map((y) => `<line x1="0" y1="${y}" x2="${width}" y2="${y}"/>`),
  ].join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">
<rect width="${width}" height="${height}" fill="#fbfaf5"/>
<g stroke="#b9c4cf" stroke-width="1">${grid}</g>
${outline}
<text x="24" y="40" font-family="sans-serif" font-size="26" fill="#3b3326">AS-BUILT · ${plan.name}</text>
<text x="24" y="72" font-family="sans-serif" font-size="18" fill="#3b3326">Horizontal 0–${plan.distance} m · elevation ${plan.altitudeMin}–${plan.altitudeMax} ${plan.altitudeUnit}</text>
</svg>`;
}
