import L from 'leaflet';
import type { LocatedMarker } from './map-marker.ts';

/** Leaflet takes latitude first: the one place where [longitude, latitude] turns round. */
export const markerLatLng = (marker: LocatedMarker): L.LatLng => L.latLng(marker.latitude, marker.longitude);

/** The box around some markers; null when there are none. */
export function markersBounds(markers: readonly LocatedMarker[]): L.LatLngBounds | null {
  return markers.length ? L.latLngBounds(markers.map(markerLatLng)) : null;
}
