import { describe, expect, it } from 'vitest';
import { DEMO_DEVICE_SITES } from './devices.ts';
import { siteBounds } from './site-canvas.ts';
import { drawDemoSite } from './site-drawing.ts';

/** A strict enough XML check: tags nest and close, attributes are quoted, `&` and `<` are escaped. */
function xmlProblems(xml: string): string[] {
  const problems: string[] = [];
  const open: string[] = [];
  const token = /<(\/?)([A-Za-z][\w:-]*)((?:\s+[\w:-]+="[^"<]*")*)\s*(\/?)>|<|&(?!(?:amp|lt|gt|quot|apos);)/g;
  let match: RegExpExecArray | null;
  while ((match = token.exec(xml))) {
    const [whole, closing, name, attributes, selfClosing] = match;
    if (!name) {
      problems.push(`stray "${whole}" at ${match.index}`);
      continue;
    }
    if (/&(?!(?:amp|lt|gt|quot|apos);)/.test(attributes ?? '')) problems.push(`unescaped & in <${name}>`);
    if (closing) {
      const last = open.pop();
      if (last !== name) problems.push(`</${name}> closes <${last}>`);
    } else if (!selfClosing) open.push(name);
  }
  if (open.length) problems.push(`unclosed ${open.join(', ')}`);
  if (!xml.startsWith('<svg ')) problems.push('does not start with <svg');
  return problems;
}

const metresPerDegreeLon = (lat: number) => 111_320 * Math.cos((lat * Math.PI) / 180);

describe('siteBounds', () => {
  it('adds a quarter of the extent each side, at least 150 m', () => {
    const wide = siteBounds([
      [10, 50],
      [10.1, 50.2],
    ]);
    expect(wide.west).toBeCloseTo(9.975, 6);
    expect(wide.east).toBeCloseTo(10.125, 6);
    expect(wide.south).toBeCloseTo(49.95, 6);
    expect(wide.north).toBeCloseTo(50.25, 6);
    const one = siteBounds([[-70.33, -27.36]]);
    expect((one.north - one.south) * 110_600).toBeGreaterThanOrEqual(299.9);
    expect((one.east - one.west) * metresPerDegreeLon(-27.36)).toBeGreaterThanOrEqual(299.9);
    expect((one.east - one.west) * metresPerDegreeLon(-27.36)).toBeLessThan(301);
  });
});

describe.each(Object.keys(DEMO_DEVICE_SITES))('the site drawing of %s', (slug) => {
  const drawing = drawDemoSite(slug)!;
  const devices = DEMO_DEVICE_SITES[slug]!.devices;

  it('covers every located device with a margin of at least 150 m', () => {
    const { west, south, east, north } = drawing.bounds;
    for (const { eid, location } of devices) {
      const [lon, lat] = location;
      expect((lon - west) * metresPerDegreeLon(lat), eid).toBeGreaterThan(149);
      expect((east - lon) * metresPerDegreeLon(lat), eid).toBeGreaterThan(149);
      expect((lat - south) * 110_600, eid).toBeGreaterThan(149);
      expect((north - lat) * 110_600, eid).toBeGreaterThan(149);
    }
  });

  it('is well-formed SVG, 1600 px wide and in the aspect of its bounds', () => {
    expect(drawing.mimeType).toBe('image/svg+xml');
    expect(xmlProblems(drawing.svg)).toEqual([]);
    const { west, south, east, north } = drawing.bounds;
    const midLat = (north + south) / 2;
    const aspect = ((east - west) * Math.cos((midLat * Math.PI) / 180)) / (north - south);
    expect(drawing.width).toBe(1600);
    expect(drawing.svg).toContain(`width="${drawing.width}" height="${drawing.height}"`);
    expect(drawing.svg).toContain(`viewBox="0 0 ${drawing.width} ${drawing.height}"`);
    expect(Math.abs(drawing.width / aspect - drawing.height)).toBeLessThanOrEqual(0.5);
  });

  it('labels its features but draws no instrument', () => {
    const labels = [...drawing.svg.matchAll(/<text[^>]*>([^<]*)<\/text>/g)].map((m) => m[1]);
    expect(labels.length).toBeGreaterThanOrEqual(5);
    expect(labels.some((l) => /embankment/i.test(l!))).toBe(true);
    for (const { eid } of devices) expect(drawing.svg).not.toContain(eid);
  });
});

describe('drawDemoSite', () => {
  it('draws the tailings facility and the river embankment, and nothing for another project', () => {
    expect(drawDemoSite('cerro-azul')!.svg).toMatch(/Tailings beach[\s\S]*Decant pond[\s\S]*Process plant/);
    expect(drawDemoSite('ouse-embankment')!.svg).toMatch(/River Ouse[\s\S]*Flood embankment/);
    expect(drawDemoSite('elsewhere')).toBeUndefined();
  });
});
