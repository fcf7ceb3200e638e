import { CLUSTER_ICON_SIZE, type EntityType, type StateColour } from '@vigil/domain';
import L from 'leaflet';
import { clusterIconHtml, MARKER_ICON_SIZE, markerIconHtml } from './map-icons.ts';

interface LabelledIconOptions extends L.DivIconOptions {
  /** the accessible name of the icon's element (Leaflet gives markers role="button") */
  label: string;
}

/**
 * A div icon whose element carries its accessible name: markercluster makes a new icon and element
 * each time it shows a cluster, so the name is set here.
 */
const LabelledDivIcon = L.DivIcon.extend({
  createIcon(this: L.DivIcon & { options: LabelledIconOptions }, oldIcon?: HTMLElement) {
    const element = L.DivIcon.prototype.createIcon.call(this, oldIcon);
    element.setAttribute('aria-label', this.options.label);
    return element;
  },
}) as unknown as new (options: LabelledIconOptions) => L.DivIcon;

const markerIcons = new Map<string, L.DivIcon>();

/**
 * The icon of every marker in a state and of an entity type: one shared icon, since the marker names
 * its own element (device-marker.ts) and a map makes thousands of markers before it draws.
 */
export function markerIcon(colour: StateColour, entityType: EntityType): L.DivIcon {
  const key = `${colour}:${entityType}`;
  let icon = markerIcons.get(key);
  if (!icon) {
    icon = L.divIcon({
      html: markerIconHtml(colour, entityType),
      className: 'vigil-marker',
      iconSize: [MARKER_ICON_SIZE, MARKER_ICON_SIZE],
    });
    markerIcons.set(key, icon);
  }
  return icon;
}

export function clusterIcon(count: number, colour: StateColour, label: string): L.DivIcon {
  return new LabelledDivIcon({
    html: clusterIconHtml(count, colour),
    className: 'vigil-cluster',
    iconSize: [CLUSTER_ICON_SIZE, CLUSTER_ICON_SIZE],
    label,
  });
}
