import L from 'leaflet';
import { useEffect, useState, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { useMap } from 'react-leaflet';

/**
 * React content as a Leaflet control, so it stacks with the zoom and layers controls in the map's
 * corners; clicks and wheel turns on it stay off the map.
 */
export function MapControl({
  position,
  framed = true,
  children,
}: {
  position: L.ControlPosition;
  /** drawn in Leaflet's control frame; false for content with a frame of its own (a text field) */
  framed?: boolean;
  children: ReactNode;
}) {
  const map = useMap();
  const [container] = useState(() => {
    const div = L.DomUtil.create('div', framed ? 'leaflet-bar vigil-map-control' : 'vigil-map-control');
    L.DomEvent.disableClickPropagation(div);
    L.DomEvent.disableScrollPropagation(div);
    return div;
  });
  useEffect(() => {
    const control = new L.Control({ position });
    control.onAdd = () => container;
    control.addTo(map);
    return () => void control.remove();
  }, [map, position, container]);
  return createPortal(children, container);
}
