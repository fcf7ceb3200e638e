import type { LatLngBounds } from 'leaflet';
import { useEffect, useRef } from 'react';
import { useMap } from 'react-leaflet';

/**
 * The first view, set once there is something to show: the markers (fitted, no closer than `zoom`,
 * or centred at `zoom`), else the site image. Later changes of the markers never move the user's view.
 */
export function InitialView({
  markerBounds,
  imageBounds,
  zoom,
  fit,
}: {
  markerBounds: LatLngBounds | null;
  imageBounds: LatLngBounds | null;
  zoom: number;
  fit: boolean;
}) {
  const map = useMap();
  const done = useRef(false);
  useEffect(() => {
    if (done.current) return;
    if (markerBounds) {
      done.current = true;
      if (fit) map.fitBounds(markerBounds, { maxZoom: zoom, padding: [32, 32], animate: false });
      else map.setView(markerBounds.getCenter(), zoom, { animate: false });
    } else if (imageBounds) {
      done.current = true;
      map.fitBounds(imageBounds, { maxZoom: zoom, animate: false });
    }
  }, [map, markerBounds, imageBounds, zoom, fit]);
  return null;
}

/** Leaflet measures its box once: a card that is resized or laid out later tells it again. */
export function SizeWatcher() {
  const map = useMap();
  useEffect(() => {
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => map.invalidateSize({ pan: false }));
    observer.observe(map.getContainer());
    return () => observer.disconnect();
  }, [map]);
  return null;
}

/** The map's zoom level on its container (`data-zoom`), for tests and tools that read the page. */
export function ZoomLevel() {
  const map = useMap();
  useEffect(() => {
    const note = () => map.getContainer().setAttribute('data-zoom', String(map.getZoom()));
    note();
    map.on('zoomend', note);
    return () => void map.off('zoomend', note);
  }, [map]);
  return null;
}
