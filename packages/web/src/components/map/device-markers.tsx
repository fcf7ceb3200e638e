import type { StateColour } from '@vigil/domain';
import { useEffect, useRef, useState, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { useMap } from 'react-leaflet';
import type { LocatedMarker } from './map-marker.ts';
import { MarkerLayer } from './marker-layer.ts';

interface DeviceMarkersProps {
  markers: readonly LocatedMarker[];
  cluster: boolean;
  displayNames: boolean;
  onMarkerClick?: (id: string) => void;
  /** where the device search finds the markers */
  layerRef: RefObject<MarkerLayer | null>;
}

/** The devices' markers on the map; a new list recolours, adds and removes markers in place. */
export function DeviceMarkers({ markers, cluster, displayNames, onMarkerClick, layerRef }: DeviceMarkersProps) {
  const map = useMap();
  const { t, i18n } = useTranslation('maps');
  const latest = useRef({ t, onMarkerClick, markers, displayNames });
  useEffect(() => {
    latest.current = { t, onMarkerClick, markers, displayNames };
  });
  const [layer, setLayer] = useState<MarkerLayer | null>(null);

  useEffect(() => {
    const created = new MarkerLayer({
      cluster,
      displayNames: latest.current.displayNames,
      clusterLabel: (count: number, colour: StateColour) =>
        latest.current.t('cluster', { count, state: latest.current.t(`states.${colour}`) }),
      markerLabel: (device) =>
        latest.current.t('marker', { title: device.title, state: latest.current.t(`states.${device.colour}`) }),
      onClick: (id) => latest.current.onMarkerClick?.(id),
    });
    // On the map first: markercluster then clusters each marker as it comes, where a group off the map
    // looks each new marker up in its whole waiting list (quadratic in the markers).
    created.group.addTo(map);
    created.update(latest.current.markers);
    layerRef.current = created;
    setLayer(created);
    return () => {
      created.group.remove();
      if (layerRef.current === created) layerRef.current = null;
    };
  }, [map, cluster, layerRef]);

  useEffect(() => {
    layer?.update(markers);
  }, [layer, markers]);
  useEffect(() => {
    layer?.setDisplayNames(displayNames);
  }, [layer, displayNames]);
  // Marker and cluster names are in the interface language: those drawn before it changed are named again.
  const namedIn = useRef(i18n.language);
  useEffect(() => {
    if (!layer || namedIn.current === i18n.language) return;
    namedIn.current = i18n.language;
    layer.refreshIcons();
  }, [layer, i18n.language]);
  return null;
}
