import type { StateColour } from '@vigil/domain';
import L from 'leaflet';
import 'leaflet.markercluster';
import { deviceMarker, type DeviceMarkerHost, type DeviceMarkerLayer } from './device-marker.ts';
import { clusterIcon, markerIcon } from './leaflet-icons.ts';
import { clusterColour, MARKER_ICON_SIZE } from './map-icons.ts';
import { markerLatLng } from './lat-lng.ts';
import type { LocatedMarker } from './map-marker.ts';

export type { DeviceMarkerLayer } from './device-marker.ts';

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
 * place (the map is never remounted). Imperative because 2,000 markers must draw in well under a second:
 * a marker is a position and a shared icon until it is drawn (device-marker.ts), and the group, not each
 * marker, listens for clicks and Enter.
 */
export class MarkerLayer implements DeviceMarkerHost {
  readonly group: L.FeatureGroup;
  readonly byId = new Map<string, DeviceMarkerLayer>();
  private displayNames: boolean;
  private readonly options: MarkerLayerOptions;
  /** a cluster's icon by count and colour: a zoom shows many clusters alike, named once (in this language) */
  private readonly clusterIcons = new Map<string, L.DivIcon>();

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
            return this.clusterIcon(cluster.getChildCount(), colour);
          },
        })
      : L.featureGroup();
    // A marker's events reach its group as `layer` (clusters' as `cluster…` events, which these are not).
    const deviceOf = (event: L.LeafletEvent) => (event as L.LeafletEvent & { layer: DeviceMarkerLayer }).layer;
    this.group.on('click', (event) => this.options.onClick(deviceOf(event).options.device.id));
    // Leaflet gives markers role="button" and a tab stop but opens only popups on Enter.
    this.group.on('keypress', (event) => {
      const key = (event as L.LeafletKeyboardEvent).originalEvent.key;
      if (key === 'Enter' || key === ' ') this.options.onClick(deviceOf(event).options.device.id);
    });
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
        const layer = deviceMarker(markerLatLng(device), {
          icon: markerIcon(device.colour, device.entityType),
          keyboard: true,
          riseOnHover: true,
          device,
          host: this,
        });
        this.byId.set(device.id, layer);
        added.push(layer);
        continue;
      }
      const before = existing.options.device;
      existing.options.device = device;
      if (before.colour !== device.colour || before.entityType !== device.entityType || before.title !== device.title) {
        existing.setIcon(markerIcon(device.colour, device.entityType));
        existing.nameIcon();
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

  /** Names every drawn marker and cluster again, e.g. in another language. */
  refreshIcons() {
    this.clusterIcons.clear();
    for (const layer of this.byId.values()) layer.nameIcon();
    if (this.group instanceof L.MarkerClusterGroup) this.group.refreshClusters();
  }

  /** Display Names: every tooltip stays open, or opens on hover and focus only. */
  setDisplayNames(on: boolean) {
    if (on === this.displayNames) return;
    this.displayNames = on;
    // Markers never drawn have no tooltip yet: they take these options when they are.
    for (const layer of this.byId.values()) {
      if (!layer.getTooltip()) continue;
      layer.unbindTooltip();
      layer.bindTooltip(layer.options.device.title, this.tooltipOptions());
    }
  }

  private clusterIcon(count: number, colour: StateColour): L.DivIcon {
    const key = `${count}:${colour}`;
    let icon = this.clusterIcons.get(key);
    if (!icon)
      this.clusterIcons.set(key, (icon = clusterIcon(count, colour, this.options.clusterLabel(count, colour))));
    return icon;
  }

  label(device: LocatedMarker): string {
    return this.options.markerLabel(device);
  }

  tooltipOptions(): L.TooltipOptions {
    return {
      permanent: this.displayNames,
      direction: 'top',
      offset: [0, -MARKER_ICON_SIZE / 2],
      className: 'vigil-marker-name',
    };
  }
}
