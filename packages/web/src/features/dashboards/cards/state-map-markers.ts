import { stateColour, type StateType } from '@vigil/domain';
import type { DeviceSummary } from '../../../api/registry.ts';
import type { MapMarker } from '../../../components/map/lazy-vigil-map.tsx';
import { stateOf, worstFirst } from '../model/device-index.ts';

type DeviceMarker = MapMarker & { longitude: number; latitude: number };

/**
 * The markers of some devices, coloured by their state of the dashboard's type, most urgent first;
 * with how many devices have no location and are left off the map.
 */
export function deviceMarkers(
  devices: readonly DeviceSummary[],
  stateType: StateType,
): { markers: DeviceMarker[]; unlocated: number } {
  const markers: DeviceMarker[] = [];
  for (const device of worstFirst(devices, stateType)) {
    const point = device.location?.coordinates;
    if (!point || !Number.isFinite(point[0]) || !Number.isFinite(point[1])) continue;
    markers.push({
      id: device.id,
      title: device.title,
      longitude: point[0],
      latitude: point[1],
      colour: stateColour(stateOf(device, stateType)),
      entityType: device.monitored_entity_type,
    });
  }
  return { markers, unlocated: devices.length - markers.length };
}
