import { describe, expect, it } from 'vitest';
import { unwrapRing, worldLand } from './world-land.ts';

/** The longest step in longitude between neighbouring points of any land ring not round a pole, and their extent. */
function landRings() {
  let longest = 0;
  let west = 0;
  let east = 0;
  for (const f of worldLand().features) {
    const polygons =
      f.geometry.type === 'Polygon'
        ? [f.geometry.coordinates]
        : f.geometry.type === 'MultiPolygon'
          ? f.geometry.coordinates
          : [];
    for (const ring of polygons.flat()) {
      if (ring.some((point) => point[1]! < -80)) continue; // Antarctica goes round the pole
      for (let i = 1; i < ring.length; i++) longest = Math.max(longest, Math.abs(ring[i]![0]! - ring[i - 1]![0]!));
      for (const point of ring) [west, east] = [Math.min(west, point[0]!), Math.max(east, point[0]!)];
    }
  }
  return { longest, west, east };
}

describe('world background', () => {
  it('keeps a ring stitched across the antimeridian continuous instead of a band round the world', () => {
    expect(
      unwrapRing([
        [179, -16],
        [-180, -16.5],
        [-179.5, -17],
        [179.5, -17],
        [179, -16],
      ]),
    ).toEqual([
      [179, -16],
      [180, -16.5],
      [180.5, -17],
      [179.5, -17],
      [179, -16],
    ]);
  });

  it('leaves a ring round a pole as it is', () => {
    const ring = [
      [-180, -85],
      [0, -80],
      [179, -84],
      [-180, -85],
    ];
    expect(unwrapRing(ring)).toEqual(ring);
  });

  it('has no land ring jumping across the map, and every ring on the world between -180 and a little past 180', () => {
    const { longest, west, east } = landRings();
    expect(longest).toBeLessThan(180);
    expect(west).toBeGreaterThanOrEqual(-180);
    expect(east).toBeLessThan(200);
  });

  it('moves a ring unwrapped one world to the west back onto the map', () => {
    expect(
      unwrapRing([
        [-170, 66],
        [-180, 65],
        [179, 65],
        [10, 50],
        [178, 69],
        [-180, 69],
        [-170, 66],
      ]),
    ).toEqual([
      [190, 66],
      [180, 65],
      [179, 65],
      [10, 50],
      [178, 69],
      [180, 69],
      [190, 66],
    ]);
  });
});
