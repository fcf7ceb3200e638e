import type { GeoBounds } from '@vigil/domain';

/**
 * A georeferenced SVG canvas for the demo's site drawings (ADR 0022): lon/lat mapped
 * equirectangularly onto pixels inside the bounds, so that Leaflet can stretch the image over them.
 */

export type LonLat = [longitude: number, latitude: number];

export const DRAWING_WIDTH = 1600;
const METRES_PER_LAT = 110_600;
const metresPerLon = (latitude: number) => 111_320 * Math.cos((latitude * Math.PI) / 180);

const floor6 = (value: number) => Math.floor(value * 1e6) / 1e6;
const ceil6 = (value: number) => Math.ceil(value * 1e6) / 1e6;

/** The extent of the located devices plus a margin each side: a quarter of the extent, at least 150 m. */
export function siteBounds(locations: LonLat[], share = 0.25, minMetres = 150): GeoBounds {
  if (locations.length === 0) throw new Error('A site drawing needs at least one located device');
  const lons = locations.map((l) => l[0]);
  const lats = locations.map((l) => l[1]);
  const [west, east, south, north] = [Math.min(...lons), Math.max(...lons), Math.min(...lats), Math.max(...lats)];
  const marginLon = Math.max((east - west) * share, minMetres / metresPerLon((south + north) / 2));
  const marginLat = Math.max((north - south) * share, minMetres / METRES_PER_LAT);
  return {
    west: floor6(west - marginLon),
    south: floor6(south - marginLat),
    east: ceil6(east + marginLon),
    north: ceil6(north + marginLat),
  };
}

/** The pixel height of a drawing of these bounds: longitude shrinks by the cosine of the latitude. */
export function drawingHeight(bounds: GeoBounds, width = DRAWING_WIDTH): number {
  const midLat = (bounds.north + bounds.south) / 2;
  const groundWidth = (bounds.east - bounds.west) * Math.cos((midLat * Math.PI) / 180);
  return Math.round((width * (bounds.north - bounds.south)) / groundWidth);
}

export interface Paint {
  fill?: string;
  stroke?: string;
  /** stroke width in metres on the ground */
  strokeMetres?: number;
  /** dash and gap in metres on the ground */
  dashMetres?: [number, number];
  opacity?: number;
}

export interface Label {
  /** text height in pixels; the canvas' own size unless given */
  size?: number;
  /** degrees clockwise, as SVG rotates */
  angle?: number;
  colour?: string;
  italic?: boolean;
  bold?: boolean;
}

const escapeXml = (text: string) =>
  text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;');
const n = (value: number) => String(Math.round(value * 10) / 10);

/** An SVG of `bounds`, `width` pixels wide, drawn in lon/lat. */
export function svgCanvas(bounds: GeoBounds, width = DRAWING_WIDTH) {
  const height = drawingHeight(bounds, width);
  const midLat = (bounds.north + bounds.south) / 2;
  const metresPerPixel = ((bounds.east - bounds.west) * metresPerLon(midLat)) / width;
  // Labels about 1.4 % of the longer side: legible once the map shows the site.
  const textSize = Math.round(Math.max(width, height) * 0.014);
  const parts: string[] = [];

  const xy = ([lon, lat]: LonLat): [number, number] => [
    ((lon - bounds.west) / (bounds.east - bounds.west)) * width,
    ((bounds.north - lat) / (bounds.north - bounds.south)) * height,
  ];
  const points = (line: LonLat[]) =>
    line
      .map(xy)
      .map(([x, y]) => `${n(x)},${n(y)}`)
      .join(' ');
  const px = (metres: number) => metres / metresPerPixel;
  const paint = (p: Paint, closed: boolean) =>
    [
      `fill="${closed ? (p.fill ?? 'none') : 'none'}"`,
      p.stroke ? `stroke="${p.stroke}" stroke-width="${n(Math.max(px(p.strokeMetres ?? 1), 1))}"` : '',
      p.stroke ? 'stroke-linejoin="round" stroke-linecap="round"' : '',
      p.dashMetres ? `stroke-dasharray="${n(px(p.dashMetres[0]))} ${n(px(p.dashMetres[1]))}"` : '',
      p.opacity !== undefined ? `opacity="${p.opacity}"` : '',
    ]
      .filter(Boolean)
      .join(' ');

  return {
    width,
    height,
    textSize,
    /** a length on the ground, in pixels */
    px,
    /** the direction from one place to another on the drawing, in SVG degrees, kept readable */
    angleOf(from: LonLat, to: LonLat): number {
      const [[x1, y1], [x2, y2]] = [xy(from), xy(to)];
      const degrees = (Math.atan2(y2 - y1, x2 - x1) * 180) / Math.PI;
      return degrees > 90 ? degrees - 180 : degrees < -90 ? degrees + 180 : degrees;
    },
    background(colour: string) {
      parts.push(`<rect x="0" y="0" width="${width}" height="${height}" fill="${colour}"/>`);
    },
    polygon(outline: LonLat[], p: Paint) {
      parts.push(`<polygon points="${points(outline)}" ${paint(p, true)}/>`);
    },
    line(path: LonLat[], p: Paint) {
      parts.push(`<polyline points="${points(path)}" ${paint(p, false)}/>`);
    },
    circle(centre: LonLat, radiusMetres: number, p: Paint) {
      const [x, y] = xy(centre);
      parts.push(`<circle cx="${n(x)}" cy="${n(y)}" r="${n(px(radiusMetres))}" ${paint(p, true)}/>`);
    },
    text(label: string, at: LonLat, style: Label = {}) {
      const [x, y] = xy(at);
      const size = style.size ?? textSize;
      const rotate = style.angle ? ` transform="rotate(${n(style.angle)} ${n(x)} ${n(y)})"` : '';
      parts.push(
        `<text x="${n(x)}" y="${n(y)}" font-size="${size}" text-anchor="middle" dominant-baseline="middle"` +
          `${style.italic ? ' font-style="italic"' : ''}${style.bold ? ' font-weight="600"' : ''}` +
          ` fill="${style.colour ?? '#3f3a31'}" stroke="#ffffff" stroke-opacity="0.75"` +
          ` stroke-width="${n(size / 6)}" paint-order="stroke"${rotate}>${escapeXml(label)}</text>`,
      );
    },
    svg(title: string): string {
      return [
        `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}"`,
        ` preserveAspectRatio="none" font-family="Roboto, Helvetica, Arial, sans-serif">`,
        `<title>${escapeXml(title)}</title>`,
        ...parts,
        '</svg>',
      ].join('\n');
    },
  };
}

export type SvgCanvas = ReturnType<typeof svgCanvas>;

/**
 * Positions in metres in a site's own frame: `along` the crest from its first end, `offset`
 * upstream (+), through the crest line of demo/devices.ts.
 */
export function crestFrame(at: (chainage: number, offset: number) => LonLat) {
  const [start, end] = [at(0, 0), at(1, 0)];
  const length = Math.hypot(
    (end[0] - start[0]) * metresPerLon((start[1] + end[1]) / 2),
    (end[1] - start[1]) * METRES_PER_LAT,
  );
  const p = (along: number, offset: number): LonLat => at(along / length, offset);
  return {
    length,
    p,
    /** a band between two offsets, from one distance along to another */
    band(from: number, to: number, near: number, far: number, step = 50): LonLat[] {
      const stops = Array.from({ length: Math.ceil((to - from) / step) + 1 }, (_, i) => Math.min(from + i * step, to));
      return [...stops.map((s) => p(s, near)), ...stops.reverse().map((s) => p(s, far))];
    },
    /** a rectangle (a building) centred at a place, its sides along and across the crest */
    rect(along: number, offset: number, length: number, width: number): LonLat[] {
      const [a, o] = [length / 2, width / 2];
      return [p(along - a, offset - o), p(along + a, offset - o), p(along + a, offset + o), p(along - a, offset + o)];
    },
    /** an ellipse centred at a place, its axes along and across the crest */
    ellipse(along: number, offset: number, alongRadius: number, acrossRadius: number, steps = 48): LonLat[] {
      return Array.from({ length: steps }, (_, i) => {
        const t = (2 * Math.PI * i) / steps;
        return p(along + alongRadius * Math.cos(t), offset + acrossRadius * Math.sin(t));
      });
    },
  };
}

export type CrestFrame = ReturnType<typeof crestFrame>;
