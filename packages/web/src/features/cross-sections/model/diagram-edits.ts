import type { Diagram, DiagramCategory, DiagramFeature } from '@vigil/domain';

type Position = [number, number];

const samePoint = (a: readonly number[] | undefined, b: readonly number[] | undefined) =>
  Boolean(a && b) && a![0] === b![0] && a![1] === b![1];

/** A ring without its closing point (the first repeated at the end), as the editor lists its vertices. */
export function openRing(ring: readonly Position[]): Position[] {
  return ring.length > 1 && samePoint(ring[0], ring[ring.length - 1]) ? ring.slice(0, -1) : [...ring];
}

/** A ring closed as GeoJSON wants it: the first point repeated at the end. */
export function closeRing(ring: readonly Position[]): Position[] {
  const open = openRing(ring);
  return open.length ? [...open, [open[0]![0], open[0]![1]]] : [];
}

/** The diagram as the editor holds it: outer rings open. */
export function openDiagram(diagram: Diagram): Diagram {
  return {
    ...diagram,
    features: diagram.features.map((f) => ({
      ...f,
      geometry: { ...f.geometry, coordinates: f.geometry.coordinates.map((ring) => openRing(ring)) },
    })),
  };
}

/** The outer ring's vertices of one polygon (open). */
export const verticesOf = (feature: DiagramFeature): Position[] => openRing(feature.geometry.coordinates[0] ?? []);

/** The diagram with one polygon's outer ring replaced; its holes are kept as they are. */
export function withVertices(diagram: Diagram, index: number, vertices: Position[]): Diagram {
  return {
    ...diagram,
    features: diagram.features.map((f, i) =>
      i === index
        ? { ...f, geometry: { ...f.geometry, coordinates: [vertices, ...f.geometry.coordinates.slice(1)] } }
        : f,
    ),
  };
}

/** A new, empty polygon of a material at the end of the diagram. */
export function addPolygon(diagram: Diagram, category: DiagramCategory, name: string): Diagram {
  const feature: DiagramFeature = {
    type: 'Feature',
    properties: { category, name },
    geometry: { type: 'Polygon', coordinates: [[]] },
  };
  return { ...diagram, features: [...diagram.features, feature] };
}

export function removePolygon(diagram: Diagram, index: number): Diagram {
  return { ...diagram, features: diagram.features.filter((_, i) => i !== index) };
}

/** A polygon's material or name changed. */
export function withProperties(
  diagram: Diagram,
  index: number,
  properties: Partial<{ category: DiagramCategory; name: string }>,
): Diagram {
  return {
    ...diagram,
    features: diagram.features.map((f, i) =>
      i === index ? { ...f, properties: { ...f.properties, ...properties } } : f,
    ),
  };
}

/** Polygons that cannot be stored: fewer than three distinct vertices. */
export function openPolygons(diagram: Diagram): number[] {
  return diagram.features.flatMap((f, i) => (verticesOf(f).length < 3 ? [i] : []));
}

/**
 * Coordinates pasted from a spreadsheet or a CAD listing: a point a line, distance then altitude,
 * separated by a tab, a semicolon, a comma followed by a space, or spaces; a decimal comma is read
 * as a point when the separator is a tab or a semicolon. Lines that are not two numbers (a header)
 * are reported by their number, counted from 1.
 */
export function parseCoordinates(text: string): { points: Position[]; skipped: number[] } {
  const points: Position[] = [];
  const skipped: number[] = [];
  text.split(/\r?\n/).forEach((line, i) => {
    const trimmed = line.trim();
    if (!trimmed) return;
    let parts: string[];
    if (/[\t;]/.test(trimmed)) parts = trimmed.split(/\s*[\t;]\s*/).map((p) => p.replace(',', '.'));
    else if (/,\s/.test(trimmed) || /^[^,]*,[^,]*$/.test(trimmed)) parts = trimmed.split(/\s*,\s*/);
    else parts = trimmed.split(/\s+/);
    const numbers = parts.filter(Boolean).map(Number);
    if (numbers.length === 2 && numbers.every(Number.isFinite)) points.push([numbers[0]!, numbers[1]!]);
    else skipped.push(i + 1);
  });
  return { points, skipped };
}

/** A point clicked on the side view, rounded to a tenth of the section's units (what a drawing reads to). */
export const roundedPoint = (x: number, altitude: number): Position => [
  Math.round(x * 10) / 10,
  Math.round(altitude * 10) / 10,
];
