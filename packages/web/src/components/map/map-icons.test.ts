import { CLUSTER_ICON_SIZE } from '@vigil/domain';
import { describe, expect, it } from 'vitest';
import { STATE_PAINT } from '../state/state-paint.ts';
import { clusterColour, clusterIconHtml, ENTITY_RING, markerIconHtml } from './map-icons.ts';

describe('cluster colour', () => {
  it('is the worst state inside by the priority red 1, orange 2, yellow 3, blue 4, green 5, grey 6, black 7', () => {
    expect(clusterColour(['green', 'red', 'orange'])).toBe('red');
    expect(clusterColour(['yellow', 'orange', 'green'])).toBe('orange');
    expect(clusterColour(['blue', 'yellow'])).toBe('yellow');
    expect(clusterColour(['green', 'blue'])).toBe('blue');
    expect(clusterColour(['grey', 'green'])).toBe('green');
    expect(clusterColour(['black', 'grey'])).toBe('grey');
    expect(clusterColour(['black', 'black'])).toBe('black');
  });

  it('is grey for an empty cluster', () => {
    expect(clusterColour([])).toBe('grey');
  });
});

describe('marker icons', () => {
  it('are grey for instruments and black for interface nodes and virtual devices', () => {
    expect(ENTITY_RING).toEqual({ instrument: 'grey', 'interface-node': 'black', 'virtual-device': 'black' });
    expect(markerIconHtml('green', 'instrument')).toContain(`border-color:${STATE_PAINT.grey}`);
    expect(markerIconHtml('green', 'interface-node')).toContain(`border-color:${STATE_PAINT.black}`);
    expect(markerIconHtml('green', 'virtual-device')).toContain(`border-color:${STATE_PAINT.black}`);
  });

  it('are filled in the paint of their state', () => {
    expect(markerIconHtml('red', 'instrument')).toContain(`background:${STATE_PAINT.red}`);
    expect(markerIconHtml('yellow', 'virtual-device')).toContain(`background:${STATE_PAINT.yellow}`);
  });
});

describe('cluster icons', () => {
  it('are 40 × 40 in the worst state’s paint and show the count', () => {
    expect(CLUSTER_ICON_SIZE).toBe(40);
    const html = clusterIconHtml(12, 'orange');
    expect(html).toContain('width:40px;height:40px');
    expect(html).toContain(`background:${STATE_PAINT.orange}`);
    expect(html).toMatch(/>12<\/span>$/);
  });
});
