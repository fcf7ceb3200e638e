import { Autocomplete, TextField } from '@mui/material';
import { MAP_ZOOM } from '@vigil/domain';
import L from 'leaflet';
import { useState, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { useMap } from 'react-leaflet';
import { MapControl } from './map-control.tsx';
import type { LocatedMarker } from './map-marker.ts';
import type { DeviceMarkerLayer, MarkerLayer } from './marker-layer.ts';

/** Close enough to tell neighbouring instruments apart on a site plan. */
const SEARCH_ZOOM = 18;

/** Finds a device by its title, flies to it and opens its name; the marker takes the focus. */
export function DeviceSearchControl({
  markers,
  layerRef,
}: {
  markers: readonly LocatedMarker[];
  layerRef: RefObject<MarkerLayer | null>;
}) {
  const { t } = useTranslation('maps');
  const map = useMap();
  const [value, setValue] = useState<LocatedMarker | null>(null);

  const reveal = (layer: DeviceMarkerLayer) => {
    layer.openTooltip();
    layer.getElement()?.focus({ preventScroll: true });
  };
  const go = (device: LocatedMarker) => {
    const markerLayer = layerRef.current;
    const layer = markerLayer?.byId.get(device.id);
    if (!markerLayer || !layer) return;
    map.once('moveend', () => {
      const group = markerLayer.group;
      // A device still inside a cluster at this zoom is shown by opening (spiderfying) its cluster.
      if (group instanceof L.MarkerClusterGroup) group.zoomToShowLayer(layer, () => reveal(layer));
      else reveal(layer);
    });
    map.flyTo(layer.getLatLng(), Math.max(map.getZoom(), Math.min(SEARCH_ZOOM, MAP_ZOOM.max)), { duration: 0.8 });
  };

  return (
    <MapControl position="topleft" framed={false}>
      <Autocomplete
        size="small"
        options={markers as LocatedMarker[]}
        value={value}
        onChange={(_, device) => {
          setValue(device);
          if (device) go(device);
        }}
        getOptionLabel={(m) => m.title}
        getOptionKey={(m) => m.id}
        isOptionEqualToValue={(a, b) => a.id === b.id}
        noOptionsText={t('search.none')}
        sx={{ width: { xs: 150, sm: 220 }, bgcolor: 'background.paper', borderRadius: 1, boxShadow: 1 }}
        renderInput={(params) => <TextField {...params} label={t('search.label')} />}
      />
    </MapControl>
  );
}
