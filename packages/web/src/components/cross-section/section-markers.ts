import { stateColour, type CrossSectionSensor, type DeviceProfile } from '@vigil/domain';
import type { MapMarker } from '../map/map-marker.ts';

/** The sensors of one or more sections as map markers: one per device, in its safety state's colour. */
export function sensorMarkers(
  sensors: readonly CrossSectionSensor[],
  devices: ReadonlyArray<Partial<DeviceProfile>> | undefined,
): MapMarker[] {
  const byId = new Map((devices ?? []).map((d) => [d.id, d]));
  const seen = new Set<string>();
  const markers: MapMarker[] = [];
  for (const sensor of sensors) {
    if (seen.has(sensor.device_id)) continue;
    seen.add(sensor.device_id);
    const device = byId.get(sensor.device_id);
    markers.push({
      id: sensor.device_id,
      title: sensor.title || device?.title || sensor.id,
      longitude: sensor.location?.lng ?? null,
      latitude: sensor.location?.lat ?? null,
      colour: stateColour(device?.safety_state),
      entityType: device?.monitored_entity_type ?? 'instrument',
    });
  }
  return markers;
}
