import type { EntityType, StateColour } from '@vigil/domain';

/**
 * A device as the map draws it: coordinates are [longitude, latitude] (requirements#monitoring-entities), as everywhere
 * else.
 */
export interface MapMarker {
  id: string;
  title: string;
  longitude: number | null;
  latitude: number | null;
  colour: StateColour;
  entityType: EntityType;
}

export type LocatedMarker = MapMarker & { longitude: number; latitude: number };

/** The markers that have a place on the map. */
export const locatedMarkers = (markers: readonly MapMarker[]): LocatedMarker[] =>
  markers.filter(
    (m): m is LocatedMarker =>
      Number.isFinite(m.longitude) && Number.isFinite(m.latitude) && Math.abs(m.latitude!) <= 90,
  );
