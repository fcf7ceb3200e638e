import type { FitBoundsOptions, LatLng, LatLngBounds } from 'leaflet';
import { useEffect, useRef } from 'react';
import { useMap } from 'react-leaflet';

interface ViewTarget {
  markerBounds: LatLngBounds | null;
  imageBounds: LatLngBounds | null;
  zoom: number;
  fit: boolean;
}

/** A first view: bounds to fit, or a centre and a zoom. */
export type FirstView = { bounds: LatLngBounds; options: FitBoundsOptions } | { center: LatLng; zoom: number };

/**
 * The first view once there is something to show: the markers (fitted, no closer than `zoom`, or
 * centred at `zoom`), else the site image; null while there is neither.
 */
export function firstView({ markerBounds, imageBounds, zoom, fit }: ViewTarget): FirstView | null {
  if (markerBounds)
    return fit
      ? { bounds: markerBounds, options: { maxZoom: zoom, padding: [32, 32], animate: false } }
      : { center: markerBounds.getCenter(), zoom };
  if (imageBounds) return { bounds: imageBounds, options: { maxZoom: zoom, animate: false } };
  return null;
}

/**
 * Sets the first view when the map was made before it was known (markers or site image still loading).
 * Later changes of the markers never move the user's view.
 */
export function InitialView({ made, markerBounds, imageBounds, zoom, fit }: ViewTarget & { made: boolean }) {
  const map = useMap();
  const done = useRef(made);
  useEffect(() => {
    if (done.current) return;
    const view = firstView({ markerBounds, imageBounds, zoom, fit });
    if (!view) return;
    done.current = true;
    if ('bounds' in view) map.fitBounds(view.bounds, view.options);
    else map.setView(view.center, view.zoom, { animate: false });
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
