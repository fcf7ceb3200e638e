import { CLUSTER_ICON_SIZE, type EntityType, type StateColour } from '@vigil/domain';
import L from 'leaflet';
import { clusterIconHtml, MARKER_ICON_SIZE, markerIconHtml } from './map-icons.ts';

interface LabelledIconOptions extends L.DivIconOptions {
  /** the accessible name of the icon's element (Leaflet gives markers role="button") */
  label: string;
}

/**
 * A div icon whose element carries its accessible name: Leaflet reuses the element when a marker's
 * icon changes, and makes a new one each time a cluster shows the marker again, so it is set here.
 */
const LabelledDivIcon = L.DivIcon.extend({
  createIcon(this: L.DivIcon & { options: LabelledIconOptions }, oldIcon?: HTMLElement) {
    const element = L.DivIcon.prototype.createIcon.call(this, oldIcon);
    element.setAttribute('aria-label', this.options.label);
    return element;
  },
}) as unknown as new (options: LabelledIconOptions) => L.DivIcon;

export function markerIcon(colour: StateColour, entityType: EntityType, label: string): L.DivIcon {
  return new LabelledDivIcon({
    html: markerIconHtml(colour, entityType),
    className: 'vigil-marker',
    iconSize: [MARKER_ICON_SIZE, MARKER_ICON_SIZE],
    label,
  });
}

export function clusterIcon(count: number, colour: StateColour, label: string): L.DivIcon {
  return new LabelledDivIcon({
    html: clusterIconHtml(count, colour),
    className: 'vigil-cluster',
    iconSize: [CLUSTER_ICON_SIZE, CLUSTER_ICON_SIZE],
    label,
  });
}
