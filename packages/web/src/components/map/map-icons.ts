import { CLUSTER_ICON_SIZE, mostUrgentState, type EntityType, type StateColour } from '@vigil/domain';
import { STATE_INK, STATE_PAINT } from '../state/state-paint.ts';

/** Marker discs are this wide (px); the focus ring and the ring of the entity type sit inside. */
export const MARKER_ICON_SIZE = 22;

/**
 * requirements#monitoring-states: marker icons grey or black by entity type; instruments grey, nodes and virtual
 * devices black.
 */
export const ENTITY_RING: Record<EntityType, 'grey' | 'black'> = {
  instrument: 'grey',
  'interface-node': 'black',
  'virtual-device': 'black',
};

/** The colour of a cluster: the most urgent state inside (red 1 … black 7, requirements#monitoring-states). */
export const clusterColour = (colours: readonly StateColour[]): StateColour =>
  colours.length ? mostUrgentState(colours) : 'grey';

/** A marker's inner HTML: a disc in the state's paint ringed in its entity type's grey or black. */
export function markerIconHtml(colour: StateColour, entityType: EntityType): string {
  const ring = STATE_PAINT[ENTITY_RING[entityType]];
  return (
    `<span class="vigil-marker-disc" data-colour="${colour}" data-entity="${entityType}" ` +
    `style="background:${STATE_PAINT[colour]};border-color:${ring}"></span>`
  );
}

/** A cluster's inner HTML: a 40 × 40 disc in the worst state's paint with the count in readable ink. */
export function clusterIconHtml(count: number, colour: StateColour): string {
  return (
    `<span class="vigil-cluster-disc" data-colour="${colour}" style="width:${CLUSTER_ICON_SIZE}px;` +
    `height:${CLUSTER_ICON_SIZE}px;background:${STATE_PAINT[colour]};color:${STATE_INK[colour]}">` +
    `${count}</span>`
  );
}
