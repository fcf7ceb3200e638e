// @vitest-environment jsdom
import L from 'leaflet';
import { describe, expect, it, vi } from 'vitest';
import { STATE_PAINT } from '../state/state-paint.ts';
import { markerLatLng } from './lat-lng.ts';
import { locatedMarkers, type LocatedMarker, type MapMarker } from './map-marker.ts';
import { MarkerLayer } from './marker-layer.ts';

const device = (id: string, colour: MapMarker['colour'], longitude = -70.33, latitude = -27.37): LocatedMarker => ({
  id,
  title: `PZ-${id}`,
  longitude,
  latitude,
  colour,
  entityType: 'instrument',
});

const layerOf = (cluster: boolean, onClick = vi.fn()) =>
  new MarkerLayer({
    cluster,
    displayNames: false,
    clusterLabel: (count, colour) => `${count} devices, worst ${colour}`,
    markerLabel: (d) => `${d.title}, ${d.colour}`,
    onClick,
  });

/** A map in a box jsdom pretends is 800 × 600, far from 0,0 like a mine in the Atacama. */
function mapAt(latitude: number, longitude: number, zoom: number) {
  const element = document.createElement('div');
  Object.defineProperty(element, 'clientWidth', { value: 800 });
  Object.defineProperty(element, 'clientHeight', { value: 600 });
  document.body.append(element);
  return L.map(element, { maxZoom: 21 }).setView([latitude, longitude], zoom);
}

describe('marker placement', () => {
  it('puts [longitude -70.33, latitude -27.37] at L.latLng(-27.37, -70.33), never swapped', () => {
    const layer = layerOf(false);
    layer.update([device('1', 'green')]);
    expect(layer.byId.get('1')!.getLatLng()).toEqual(L.latLng(-27.37, -70.33));
    expect(markerLatLng(device('2', 'red', 151.2, -33.9))).toEqual(L.latLng(-33.9, 151.2));
  });

  it('leaves devices without a location off the map', () => {
    const markers: MapMarker[] = [{ ...device('1', 'green'), longitude: null, latitude: null }, device('2', 'red')];
    expect(locatedMarkers(markers).map((m) => m.id)).toEqual(['2']);
  });

  it('draws the marker where its coordinates are on the map', () => {
    const map = mapAt(-27.37, -70.33, 15);
    const layer = layerOf(false);
    layer.group.addTo(map);
    layer.update([device('1', 'green')]);
    const icon = layer.byId.get('1')!.getElement()!;
    // The map is centred on the device: its icon sits in the middle of the 800 × 600 box, not at 0,0.
    const position = map.layerPointToContainerPoint(L.DomUtil.getPosition(icon));
    expect([Math.round(position.x), Math.round(position.y)]).toEqual([400, 300]);
    expect(icon.getAttribute('aria-label')).toBe('PZ-1, green');
    map.remove();
  });
});

describe('markers on a map', () => {
  it('are keyboard buttons named by the device title and state; Enter is a click', () => {
    const onClick = vi.fn();
    const map = mapAt(-27.37, -70.33, 15);
    const layer = layerOf(false, onClick);
    layer.group.addTo(map);
    layer.update([device('7', 'red')]);
    const icon = layer.byId.get('7')!.getElement()!;
    expect(icon.getAttribute('role')).toBe('button');
    expect(icon.tabIndex).toBe(0);
    expect(icon.getAttribute('aria-label')).toBe('PZ-7, red');
    icon.dispatchEvent(new KeyboardEvent('keypress', { key: 'Enter', keyCode: 13, bubbles: true }));
    expect(onClick).toHaveBeenCalledWith('7');
    icon.dispatchEvent(new MouseEvent('click', { bubbles: true }));
    expect(onClick).toHaveBeenCalledTimes(2);
    map.remove();
  });

  it('recolour in place when a state changes, keeping the same marker', () => {
    const map = mapAt(-27.37, -70.33, 15);
    const layer = layerOf(false);
    layer.group.addTo(map);
    layer.update([device('1', 'green')]);
    const before = layer.byId.get('1');
    expect(layer.update([device('1', 'red')])).toBe(false);
    expect(layer.byId.get('1')).toBe(before);
    expect(before!.getElement()!.innerHTML).toContain(`background:${STATE_PAINT.red}`);
    expect(before!.getElement()!.getAttribute('aria-label')).toBe('PZ-1, red');
    map.remove();
  });
});

describe('clusters', () => {
  it('take the worst colour inside and change it when a state changes', () => {
    const map = mapAt(-27.37, -70.33, 4);
    const layer = layerOf(true);
    layer.group.addTo(map);
    layer.update([device('1', 'green'), device('2', 'yellow', -70.3301, -27.3701), device('3', 'green', -70.3302)]);
    const cluster = () => document.querySelector('.vigil-cluster')!;
    expect(cluster().getAttribute('aria-label')).toBe('3 devices, worst yellow');
    expect(cluster().innerHTML).toContain(`background:${STATE_PAINT.yellow}`);
    layer.update([device('1', 'red'), device('2', 'yellow', -70.3301, -27.3701), device('3', 'green', -70.3302)]);
    expect(cluster().getAttribute('aria-label')).toBe('3 devices, worst red');
    expect(cluster().textContent).toBe('3');
    layer.update([device('2', 'yellow', -70.3301, -27.3701), device('3', 'green', -70.3302)]);
    expect(cluster().getAttribute('aria-label')).toBe('2 devices, worst yellow');
    map.remove();
  });
});

describe('markers not yet drawn', () => {
  it('get their name and tooltip when first drawn, and share one icon per state', () => {
    const layer = layerOf(false);
    layer.update([device('1', 'green'), device('2', 'green', -70.331), device('3', 'red', -70.332)]);
    const [one, two, three] = ['1', '2', '3'].map((id) => layer.byId.get(id)!);
    expect(one!.getTooltip()).toBeUndefined();
    expect(one!.options.icon).toBe(two!.options.icon);
    expect(three!.options.icon).not.toBe(one!.options.icon);
    const map = mapAt(-27.37, -70.33, 15);
    layer.group.addTo(map);
    expect(one!.getTooltip()?.getContent()).toBe('PZ-1');
    expect(two!.getElement()!.getAttribute('aria-label')).toBe('PZ-2, green');
    map.remove();
  });

  it('show their names when drawn after Display Names was switched on', () => {
    const map = mapAt(-27.37, -70.33, 4);
    const layer = layerOf(true);
    layer.group.addTo(map);
    layer.update([device('1', 'green'), device('2', 'yellow', -70.3301, -27.3701)]);
    expect(layer.byId.get('1')!.getTooltip()).toBeUndefined();
    layer.setDisplayNames(true);
    map.setZoom(21, { animate: false });
    expect(layer.byId.get('1')!.getElement()!.getAttribute('aria-label')).toBe('PZ-1, green');
    expect(layer.byId.get('1')!.isTooltipOpen()).toBe(true);
    expect([...document.querySelectorAll('.vigil-marker-name')].map((e) => e.textContent).sort()).toEqual([
      'PZ-1',
      'PZ-2',
    ]);
    map.remove();
  });
});
