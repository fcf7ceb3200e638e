import type { Feature, FeatureCollection, Geometry, Position } from 'geojson';
import { feature } from 'topojson-client';
import type { Topology } from 'topojson-specification';
import land from 'world-atlas/land-110m.json';

/**
 * A ring that topojson stitched across the antimeridian (Fiji, Chukotka) jumps from 180 to -180 and
 * would be drawn as a band round the whole world: its longitudes are made continuous instead, reaching
 * a little past 180.
 * A ring round a pole (Antarctica) does not close when unwrapped and is left as it is.
 */
export function unwrapRing(ring: readonly Position[]): Position[] {
  let offset = 0;
  const unwrapped = ring.map((point, i) => {
    const previous = ring[i - 1];
    if (previous) {
      const step = point[0]! - previous[0]!;
      if (step > 180) offset -= 360;
      else if (step < -180) offset += 360;
    }
    return [point[0]! + offset, ...point.slice(1)];
  });
  if (offset !== 0) return [...ring];
  // Unwrapping may have moved most of a ring (Eurasia, from Chukotka westwards) one world to the west.
  const west = Math.min(...unwrapped.map((point) => point[0]!));
  const shift = west < -180 ? Math.ceil((-180 - west) / 360) * 360 : 0;
  return shift ? unwrapped.map(([lon, ...rest]) => [lon! + shift, ...rest]) : unwrapped;
}

function unwrapGeometry(geometry: Geometry): Geometry {
  if (geometry.type === 'Polygon') return { ...geometry, coordinates: geometry.coordinates.map(unwrapRing) };
  if (geometry.type === 'MultiPolygon')
    return { ...geometry, coordinates: geometry.coordinates.map((polygon) => polygon.map(unwrapRing)) };
  return geometry;
}

/** Natural Earth's land at 1:110 m as GeoJSON, bundled with the map's chunk: the background needs no server. */
export function worldLand(): FeatureCollection {
  const topology = land as unknown as Topology;
  const result = feature(topology, topology.objects.land!) as Feature | FeatureCollection;
  const features = result.type === 'FeatureCollection' ? result.features : [result];
  return {
    type: 'FeatureCollection',
    features: features.map((f) => ({ ...f, geometry: unwrapGeometry(f.geometry) })),
  };
}
