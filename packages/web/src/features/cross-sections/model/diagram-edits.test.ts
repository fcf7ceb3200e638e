import type { Diagram } from '@vigil/domain';
import { describe, expect, it } from 'vitest';
import {
  addPolygon,
  closeRing,
  openDiagram,
  openPolygons,
  openRing,
  parseCoordinates,
  removePolygon,
  roundedPoint,
  verticesOf,
  withProperties,
  withVertices,
} from './diagram-edits.ts';

const dam: Diagram = {
  type: 'FeatureCollection',
  features: [
    {
      type: 'Feature',
      properties: { category: 'Dam', name: 'Embankment' },
      geometry: {
        type: 'Polygon',
        coordinates: [
          [
            [20, 1129],
            [54, 1180],
            [66, 1180],
            [240, 1126],
            [20, 1129],
          ],
        ],
      },
    },
  ],
};

describe('rings', () => {
  it('lists a closed ring without its closing point, and closes it again for storing', () => {
    const ring = dam.features[0]!.geometry.coordinates[0]!;
    expect(openRing(ring)).toHaveLength(4);
    expect(closeRing(openRing(ring))).toEqual(ring);
    expect(closeRing(ring)).toEqual(ring);
    expect(closeRing([])).toEqual([]);
  });

  it('opens every polygon of a diagram', () => {
    expect(verticesOf(openDiagram(dam).features[0]!)).toEqual([
      [20, 1129],
      [54, 1180],
      [66, 1180],
      [240, 1126],
    ]);
  });
});

describe('polygon edits', () => {
  it('adds an empty polygon of a material, names and removes it', () => {
    const added = addPolygon(dam, 'Tailings', 'Beach');
    expect(added.features[1]).toMatchObject({ properties: { category: 'Tailings', name: 'Beach' } });
    expect(openPolygons(added)).toEqual([1]);
    expect(withProperties(added, 1, { category: 'Ground' }).features[1]!.properties.category).toBe('Ground');
    expect(removePolygon(added, 0).features).toHaveLength(1);
  });

  it("replaces a polygon's outer ring and keeps its holes", () => {
    const holed = withVertices(
      { ...dam, features: [{ ...dam.features[0]!, geometry: { type: 'Polygon', coordinates: [[], [[1, 1]]] } }] },
      0,
      [
        [0, 0],
        [1, 0],
        [1, 1],
      ],
    );
    expect(holed.features[0]!.geometry.coordinates).toEqual([
      [
        [0, 0],
        [1, 0],
        [1, 1],
      ],
      [[1, 1]],
    ]);
    expect(openPolygons(holed)).toEqual([]);
  });
});

describe('parseCoordinates', () => {
  it('reads tab- and semicolon-separated lines with decimal commas, as spreadsheets copy them', () => {
    expect(parseCoordinates('0\t1130\n20,5\t1129,7\n54;1180').points).toEqual([
      [0, 1130],
      [20.5, 1129.7],
      [54, 1180],
    ]);
  });

  it('reads commas and spaces, and reports the lines it cannot read', () => {
    expect(parseCoordinates('distance, altitude\n0, 1130\n20 1129.7\n\n66,1180\nx y')).toEqual({
      points: [
        [0, 1130],
        [20, 1129.7],
        [66, 1180],
      ],
      skipped: [1, 6],
    });
  });
});

describe('roundedPoint', () => {
  it('rounds a clicked point to a tenth', () => {
    expect(roundedPoint(54.2371, 1179.96)).toEqual([54.2, 1180]);
  });
});
