import L from 'leaflet';
import type { LocatedMarker } from './map-marker.ts';

/** What a device's marker asks of the layer holding it once it is drawn: its name and its tooltip's options. */
export interface DeviceMarkerHost {
  /** the accessible name of the marker's element: the device's title and its state */
  label(device: LocatedMarker): string;
  tooltipOptions(): L.TooltipOptions;
}

interface DeviceMarkerOptions extends L.MarkerOptions {
  device: LocatedMarker;
  host: DeviceMarkerHost;
}

/** A device's Leaflet marker: it remembers what it was drawn from, so a change redraws only what changed. */
export interface DeviceMarkerLayer extends L.Marker {
  options: DeviceMarkerOptions;
  /** names the marker's element after its device, when it is drawn */
  nameIcon(): void;
}

/**
 * A map of 2,000 devices makes every marker before its first paint and draws a few dozen clusters: what
 * only a drawn marker needs is made when it is first added to the map, not with the marker. Its icon is
 * shared by every marker of its state and type, its element is named as it is drawn, and its tooltip is
 * bound before its first addition (Leaflet's tooltip then follows every addition and removal as before).
 */
const DeviceMarkerClass = L.Marker.extend({
  beforeAdd(this: DeviceMarkerLayer) {
    if (!this.getTooltip()) this.bindTooltip(this.options.device.title, this.options.host.tooltipOptions());
  },
  onAdd(this: DeviceMarkerLayer, map: L.Map) {
    L.Marker.prototype.onAdd.call(this, map);
    this.nameIcon();
    return this;
  },
  nameIcon(this: DeviceMarkerLayer) {
    this.getElement()?.setAttribute('aria-label', this.options.host.label(this.options.device));
  },
}) as unknown as new (latLng: L.LatLngExpression, options: DeviceMarkerOptions) => DeviceMarkerLayer;

export const deviceMarker = (latLng: L.LatLngExpression, options: DeviceMarkerOptions): DeviceMarkerLayer =>
  new DeviceMarkerClass(latLng, options);
