import { memo, useMemo } from 'react';
import { Marker, Tooltip } from 'react-leaflet';
import { sensorIcon } from './plane-icons.ts';
import type { SensorLevel } from './sensor-levels.ts';
import type { SensorStatus } from './use-sensor-text.ts';

const TOOLTIP_OFFSET: [number, number] = [10, 0];

export interface SensorMarkerProps {
  level: SensorLevel;
  /** where the marker stands on the plane: [y, x] */
  lat: number;
  lng: number;
  simple: boolean;
  /** the accessible name of the marker */
  name: string;
  status: SensorStatus;
  /** the permanent label beside the marker ('' when none: the text then shows on hover) */
  label: string;
  /** the text shown on hover when there is no permanent label */
  hoverText: string;
  onClick?: (deviceId: string) => void;
}

/**
 * One sensor of the side view. Its position, icon and handlers are made again only when what they
 * show changes: a new icon or position makes Leaflet rebuild the marker's element and place its
 * tooltip again, each time forcing a layout, and the side view renders on every answer that arrives.
 */
export const SensorMarker = memo(function SensorMarker({
  level,
  lat,
  lng,
  simple,
  name,
  status,
  label,
  hoverText,
  onClick,
}: SensorMarkerProps) {
  const position = useMemo(() => [lat, lng] as [number, number], [lat, lng]);
  const levelText = level.value === null ? '' : String(level.value);
  const icon = useMemo(
    () =>
      sensorIcon(level, simple, name, {
        sensor: level.id,
        device: level.deviceId,
        x: String(level.x),
        level: levelText,
        status,
        icon: simple ? 'simple' : 'symbol',
      }),
    // The icon depends on the level only through these (its paint on the flags, an unread one on levelText).
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the level object is new on every render
    [level.id, level.deviceId, level.x, levelText, level.stale, level.invalid, level.dry, status, simple, name],
  );
  const deviceId = level.deviceId;
  const eventHandlers = useMemo(() => ({ click: () => onClick?.(deviceId) }), [onClick, deviceId]);
  return (
    <Marker position={position} icon={icon} keyboard eventHandlers={eventHandlers}>
      <Tooltip permanent={Boolean(label)} direction="right" offset={TOOLTIP_OFFSET} className="vigil-sensor-tooltip">
        {label || hoverText}
      </Tooltip>
    </Marker>
  );
});
