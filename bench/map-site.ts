import type { StateColour } from '@vigil/domain';
import { cerroAt } from '../packages/server/src/demo/devices.ts';

/**
 * The map bench's site (issue 19): 2,000 instruments over a tailings facility about 3.2 × 2.2 km around the
 * demo's Cerro Azul drawing, as such a site places them: cross-section lines along the drawn embankment,
 * crowds around structures, and monitoring points scattered between. Positions and target states come
 * from a seeded generator: every run maps the same site.
 */
export const DEVICES = 2000;
/** the centre of the demo's Cerro Azul site drawing, [longitude, latitude] */
const CENTRE: [number, number] = [-70.333563, -27.366789];
const SEED = 19;
const METRES_PER_DEGREE = 111_320;

export interface SiteDevice {
  eid: string;
  title: string;
  location: [number, number];
  /** the safety state its reading should give it; grey: it sends none (not yet read) */
  target: StateColour;
}

/** mulberry32: a small seeded generator, enough for positions */
function generator(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** metres east and north of a point, as a [longitude, latitude] */
function offsetBy([lon, lat]: [number, number], east: number, north: number): [number, number] {
  return [
    Number((lon + east / (METRES_PER_DEGREE * Math.cos((lat * Math.PI) / 180))).toFixed(7)),
    Number((lat + north / METRES_PER_DEGREE).toFixed(7)),
  ];
}

/** Structures that gather instruments: where (along the demo's crest, 0..1, and metres upstream), spread (σ, m), how many. */
const STRUCTURES: Array<[chainage: number, offset: number, sigma: number, count: number]> = [
  [0.2, -590, 90, 150], // process plant, downstream of the west abutment
  [0.5, 505, 120, 120], // decant pond and causeway
  [-0.04, 150, 50, 80], // west abutment and spillway
  [1.04, 100, 60, 100], // east abutment
  [0.75, 300, 40, 150], // tailings delivery line on the beach
];
/** cross sections along the crest, each a line of instruments from the toe (190 m downstream) to the beach */
const SECTIONS = 52;
const SECTION_DEVICES = 1000;
/** a stretch of the downstream slope with high pore pressures: most of its instruments are in alarm */
const HOTSPOT = { at: cerroAt(0.62, -60), radius: 250 };

export function siteDevices(): SiteDevice[] {
  const random = generator(SEED);
  const gauss = () => Math.sqrt(-2 * Math.log(1 - random())) * Math.cos(2 * Math.PI * random());
  const points: Array<[number, number]> = [];
  for (let k = 0; k < SECTION_DEVICES; k++) {
    const chainage = (k % SECTIONS) / (SECTIONS - 1);
    const offset = -190 + Math.floor(k / SECTIONS) * 13;
    points.push(offsetBy(cerroAt(chainage, offset), gauss() * 2, gauss() * 2));
  }
  for (const [chainage, offset, sigma, count] of STRUCTURES)
    for (let i = 0; i < count; i++) points.push(offsetBy(cerroAt(chainage, offset), gauss() * sigma, gauss() * sigma));
  while (points.length < DEVICES) points.push(offsetBy(CENTRE, (random() - 0.5) * 3200, (random() - 0.5) * 2200));

  const [hotLon, hotLat] = HOTSPOT.at;
  const metresFromHotspot = ([lon, lat]: [number, number]) =>
    Math.hypot(
      (lon - hotLon) * METRES_PER_DEGREE * Math.cos((lat * Math.PI) / 180),
      (lat - hotLat) * METRES_PER_DEGREE,
    );
  return points.map((location, i) => {
    const eid = `MAP-${String(i + 1).padStart(4, '0')}`;
    return {
      eid,
      title: `${eid} ${i < SECTION_DEVICES ? `section ${(i % SECTIONS) + 1}` : 'site'}`,
      location,
      target: stateOf(random(), metresFromHotspot(location) < HOTSPOT.radius),
    };
  });
}

/** Cumulative shares of red, orange, yellow and grey; the rest is green. */
function stateOf(draw: number, inHotspot: boolean): StateColour {
  const shares: Array<[StateColour, number]> = inHotspot
    ? [
        ['red', 0.2],
        ['orange', 0.45],
        ['yellow', 0.7],
        ['grey', 0.72],
      ]
    : [
        ['red', 0.003],
        ['orange', 0.013],
        ['yellow', 0.053],
        ['grey', 0.133],
      ];
  return shares.find(([, upTo]) => draw < upTo)?.[0] ?? 'green';
}
