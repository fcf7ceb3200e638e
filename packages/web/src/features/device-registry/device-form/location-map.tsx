import type { SiteMap } from '@vigil/domain';
import L from 'leaflet';
import { useState } from 'react';
import { Marker, useMapEvents } from 'react-leaflet';
import type { MapMarker } from '../../../components/map/map-marker.ts';
import { VigilMap } from '../../../components/map/vigil-map.tsx';

export interface LocationMapProps {
  /** the device's place; null until placed */
  place: { latitude: number; longitude: number } | null;
  onPlace(place: { latitude: number; longitude: number }): void;
  /** the project's other devices, for reference */
  others: readonly MapMarker[];
  siteMap: SiteMap | null | undefined;
  markerLabel: string;
  ariaLabel: string;
  readOnly: boolean;
}

const round = (n: number) => Number(n.toFixed(7));
const PIN = L.divIcon({
  html:
    '<span aria-hidden="true" style="display:block;width:100%;height:100%;background:#d81b60;border:3px solid #fff;' +
    'border-radius:50% 50% 50% 0;transform:rotate(-45deg);box-shadow:0 1px 4px rgb(0 0 0 / 50%);cursor:grab"></span>',
  className: 'vigil-device-pin',
  iconSize: [26, 26],
  iconAnchor: [13, 26],
});

/**
 * The device's place on the project's site map: a click puts the pin down, a drag moves it. The app's
 * one map draws the site image and the other devices; Leaflet's latitude-first order stays in here.
 */
export function LocationMap({ place, onPlace, others, siteMap, markerLabel, ariaLabel, readOnly }: LocationMapProps) {
  // Only the first place frames the map: dragging the pin must not move the view. A device not yet
  // placed starts on the whole site image, wherever the project's other devices are.
  const [bounds] = useState(() => {
    if (!place) return siteMap?.image?.bounds ?? null;
    const d = 0.0015;
    return {
      west: place.longitude - d,
      south: place.latitude - d,
      east: place.longitude + d,
      north: place.latitude + d,
    };
  });
  return (
    <VigilMap
      markers={others}
      siteMap={siteMap}
      zoom={16}
      initialBounds={bounds}
      height={380}
      ariaLabel={ariaLabel}
      nameSwitch={false}
    >
      {!readOnly && <ClickToPlace onPlace={onPlace} />}
      {place && (
        <Marker
          position={[place.latitude, place.longitude]}
          draggable={!readOnly}
          icon={PIN}
          title={markerLabel}
          alt={markerLabel}
          zIndexOffset={1000}
          eventHandlers={{
            add: (event) => (event.target as L.Marker).getElement()?.setAttribute('aria-label', markerLabel),
            dragend: (event) => {
              const moved = (event.target as L.Marker).getLatLng();
              onPlace({ latitude: round(moved.lat), longitude: round(moved.lng) });
            },
          }}
        />
      )}
    </VigilMap>
  );
}

function ClickToPlace({ onPlace }: { onPlace: LocationMapProps['onPlace'] }) {
  const map = useMapEvents({
    click: (event) => onPlace({ latitude: round(event.latlng.lat), longitude: round(event.latlng.lng) }),
  });
  map.getContainer().style.cursor = 'crosshair';
  return null;
}
