import { describe, expect, it } from 'vitest';
import type { DeviceSummary } from '../../../api/registry.ts';
import { deviceMarkers } from './state-map-markers.ts';

const device = (id: string, safety: string | null, at: [number, number] | null, operational = 'green') =>
  ({
    id,
    title: `Device ${id}`,
    monitored_entity_type: id.startsWith('vd') ? 'virtual-device' : 'instrument',
    safety_state: safety,
    operational_state: operational,
    location: at && { type: 'Point', coordinates: at },
  }) as DeviceSummary;

describe('the markers of a state map', () => {
  it('places each located device at its [longitude, latitude], coloured by its state, most urgent first', () => {
    const { markers, unlocated } = deviceMarkers(
      [device('a', 'green', [-70.33, -27.36]), device('b', 'red', [-1.08, 53.9]), device('vd1', null, [10, 20])],
      'safety-state',
    );
    expect(markers).toEqual([
      { id: 'b', title: 'Device b', longitude: -1.08, latitude: 53.9, colour: 'red', entityType: 'instrument' },
      { id: 'a', title: 'Device a', longitude: -70.33, latitude: -27.36, colour: 'green', entityType: 'instrument' },
      // no state yet: unknown, grey (requirements#monitoring-states)
      { id: 'vd1', title: 'Device vd1', longitude: 10, latitude: 20, colour: 'grey', entityType: 'virtual-device' },
    ]);
    expect(unlocated).toBe(0);
  });

  it('colours by the operational state on operational dashboards', () => {
    const { markers } = deviceMarkers([device('a', 'red', [1, 2], 'blue')], 'operational-state');
    expect(markers[0]!.colour).toBe('blue');
  });

  it('leaves devices without a location off the map and counts them', () => {
    const { markers, unlocated } = deviceMarkers(
      [device('a', 'green', null), device('b', 'green', [5, 6]), device('c', 'red', null)],
      'safety-state',
    );
    expect(markers.map((m) => m.id)).toEqual(['b']);
    expect(unlocated).toBe(2);
  });
});
