import type { StateColour } from '@vigil/domain';
import L from 'leaflet';
import 'leaflet.markercluster';
import { clusterIcon, markerIcon } from './leaflet-icons.ts';
import { clusterColour, MARKER_ICON_SIZE } from './map-icons.ts';
import { markerLatLng } from './lat-lng.ts';
import type { LocatedMarker } from './map-marker.ts';

/** A device's Leaflet marker remembers what it was drawn from, so a change redraws only what changed. */
export interface DeviceMarkerLayer extends L.Marker {
  options: L.MarkerOptions & { device: LocatedMarker };
}

export interface MarkerLayerOptions {
  cluster: boolean;
  displayNames: boolean;
  /** the accessible name of a cluster: count and worst state */
  clusterLabel: (count: number, colour: StateColour) => string;
  /** the accessible name of a marker: the device's title and its state, which a colour alone does not tell */
  markerLabel: (device: LocatedMarker) => string;
  onClick: (id: string) => void;
}

/**
 * The devices of one map as Leaflet markers, clustered or not, kept in step with a changing list:
 * new devices are added, gone ones removed, and a changed state recolours its marker and clusters in
 * place (the map is never remounted). Imperative because 2,000 markers must draw in well under a second.
 */
export class MarkerLayer {
  readonly group: L.FeatureGroup;
  readonly byId = new Map<string, DeviceMarkerLayer>();
  private displayNames: boolean;
  private readonly options: MarkerLayerOptions;

  constructor(options: MarkerLayerOptions) {
    this.options = options;
    this.displayNames = options.displayNames;
    this.group = options.cluster
      ? L.markerClusterGroup({
          chunkedLoading: true,
          showCoverageOnHover: false,
          // Nearby devices on a small site still separate before the map's last zoom.
          maxClusterRadius: 60,
          iconCreateFunction: (cluster) => {
            const colour = clusterColour(
              cluster.getAllChildMarkers().map((m) => (m as DeviceMarkerLayer).options.device.colour),
            );
            const count = cluster.getChildCount();
            return clusterIcon(count, colour, options.clusterLabel(count, colour));
          },
        })
      : L.featureGroup();
  }

  /** Brings the markers in line with `markers`; answers whether any marker was added or removed. */
  update(markers: readonly LocatedMarker[]): boolean {
    const seen = new Set<string>();
    const added: DeviceMarkerLayer[] = [];
    const changed: DeviceMarkerLayer[] = [];
    for (const device of markers) {
      seen.add(device.id);
      const existing = this.byId.get(device.id);
      if (!existing) {
        const layer = this.create(device);
        this.byId.set(device.id, layer);
        added.push(layer);
        continue;
      }
      const before = existing.options.device;
      existing.options.device = device;
      if (before.colour !== device.colour || before.entityType !== device.entityType || before.title !== device.title) {
        existing.setIcon(this.iconOf(device));
        if (before.title !== device.title) existing.setTooltipContent(device.title);
        changed.push(existing);
      }
      if (before.latitude !== device.latitude || before.longitude !== device.longitude) {
        existing.setLatLng(markerLatLng(device));
      }
    }
    const removed = [...this.byId].filter(([id]) => !seen.has(id));
    for (const [id] of removed) this.byId.delete(id);
    const group = this.group;
    if (group instanceof L.MarkerClusterGroup) {
      if (removed.length) group.removeLayers(removed.map(([, layer]) => layer));
      if (added.length) group.addLayers(added);
      // A recoloured marker may change the worst state of every cluster holding it.
      if (changed.length) group.refreshClusters(changed);
    } else {
      for (const [, layer] of removed) group.removeLayer(layer);
      for (const layer of added) group.addLayer(layer);
    }
    return added.length > 0 || removed.length > 0;
  }

  /** Draws every marker and cluster icon again, e.g. for another language. */
  refreshIcons() {
    for (const layer of this.byId.values()) layer.setIcon(this.iconOf(layer.options.device));
    if (this.group instanceof L.MarkerClusterGroup) this.group.refreshClusters();
  }

  /** Display Names: every tooltip stays open, or opens on hover and focus only. */
  setDisplayNames(on: boolean) {
    if (on === this.displayNames) return;
    this.displayNames = on;
    for (const layer of this.byId.values()) {
      layer.unbindTooltip();
      this.bindTooltip(layer);
    }
  }

  private create(device: LocatedMarker): DeviceMarkerLayer {
    const layer = L.marker(markerLatLng(device), {
      icon: this.iconOf(device),
      keyboard: true,
      riseOnHover: true,
      device,
    } as DeviceMarkerLayer['options']) as DeviceMarkerLayer;
    this.bindTooltip(layer);
    layer.on('click', () => this.options.onClick(layer.options.device.id));
    // Leaflet gives markers role="button" and a tab stop but opens only popups on Enter.
    layer.on('keypress', (event) => {
      const key = (event as L.LeafletKeyboardEvent).originalEvent.key;
      if (key === 'Enter' || key === ' ') this.options.onClick(layer.options.device.id);
    });
    return layer;
  }

  private iconOf(device: LocatedMarker) {
    return markerIcon(device.colour, device.entityType, this.options.markerLabel(device));
  }

  private bindTooltip(layer: DeviceMarkerLayer) {
    layer.bindTooltip(layer.options.device.title, {
      permanent: this.displayNames,
      direction: 'top',
      offset: [0, -MARKER_ICON_SIZE / 2],
      className: 'vigil-marker-name',
    });
  }
}
