import { describe, expect, it } from 'vitest';
import {
  boundsAround,
  locationAlong,
  projectOntoSection,
  sectionLineLength,
  sectionMidpoint,
} from './section-geometry.ts';

// A line 0.0025° of longitude long at the equator runs due east, about 278 m.
const x0 = { lat: 0, lng: 0 };
const xMax = { lat: 0, lng: 0.0025 };

describe('projectOntoSection', () => {
  it('places the ends at 0 and at the distance', () => {
    expect(projectOntoSection(x0, x0, xMax, 280)?.x).toBeCloseTo(0, 6);
    expect(projectOntoSection(xMax, x0, xMax, 280)?.x).toBeCloseTo(280, 6);
  });

  it("takes the foot of the perpendicular as a fraction of the line's length times the distance", () => {
    // A quarter of the way along, 20 m north of the line: x is a quarter of the section's distance.
    const north = 20 / 111_195;
    const placed = projectOntoSection({ lat: north, lng: 0.000625 }, x0, xMax, 280)!;
    expect(placed.fraction).toBeCloseTo(0.25, 6);
    expect(placed.x).toBeCloseTo(70, 4);
    // Left of a line running east is north: positive.
    expect(placed.offset).toBeCloseTo(20, 1);
    expect(projectOntoSection({ lat: -north, lng: 0.000625 }, x0, xMax, 280)!.offset).toBeCloseTo(-20, 1);
  });

  it('answers beyond the ends outside 0 to the distance', () => {
    expect(projectOntoSection({ lat: 0, lng: -0.00025 }, x0, xMax, 100)!.x).toBeCloseTo(-10, 4);
    expect(projectOntoSection({ lat: 0, lng: 0.00275 }, x0, xMax, 100)!.x).toBeCloseTo(110, 4);
  });

  it('works on a line running south-west at a high latitude, where a degree of longitude is short', () => {
    const a = { lat: 60, lng: 10 };
    const b = { lat: 59.999, lng: 9.998 };
    const mid = locationAlong(a, b, 0.5);
    expect(projectOntoSection(mid, a, b, 80)!.x).toBeCloseTo(40, 3);
    expect(Math.abs(projectOntoSection(mid, a, b, 80)!.offset)).toBeLessThan(0.01);
  });

  it('cannot place without a location, without an end, or on a line of no length', () => {
    expect(projectOntoSection(null, x0, xMax, 100)).toBeNull();
    expect(projectOntoSection(x0, null, xMax, 100)).toBeNull();
    expect(projectOntoSection(x0, x0, null, 100)).toBeNull();
    expect(projectOntoSection(x0, x0, x0, 100)).toBeNull();
  });
});

describe('section line', () => {
  it('measures its length on the ground and finds its middle', () => {
    expect(sectionLineLength(x0, xMax)).toBeCloseTo(278, 0);
    expect(sectionMidpoint(x0, xMax)).toEqual({ lat: 0, lng: 0.00125 });
    expect(sectionMidpoint(x0, null)).toEqual(x0);
    expect(sectionMidpoint(null, null)).toBeNull();
  });
});

describe('boundsAround', () => {
  it('boxes the points with a twentieth of their extent around them', () => {
    const box = boundsAround([x0, { lat: 0.01, lng: 0.02 }])!;
    expect(box.south).toBeCloseTo(-0.0005, 9);
    expect(box.north).toBeCloseTo(0.0105, 9);
    expect(box.west).toBeCloseTo(-0.001, 9);
    expect(box.east).toBeCloseTo(0.021, 9);
  });

  it('gives a lone point about 20 m around it, and nothing none', () => {
    expect(boundsAround([x0])).toEqual({ south: -0.0002, north: 0.0002, west: -0.0002, east: 0.0002 });
    expect(boundsAround([])).toBeNull();
  });
});
