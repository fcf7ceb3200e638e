import { LIMIT_LINE_COLOURS } from '@vigil/domain';
import type L from 'leaflet';
import { useEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { LayerGroup, Polygon, Polyline } from 'react-leaflet';
import { limitLine, markerHeight, phreaticLine } from './sensor-levels.ts';
import { SensorMarker } from './sensor-marker.tsx';
import type { SideViewMapProps } from './side-view-map-props.ts';
import { WATER } from './side-view-options.ts';
import { plotY } from './side-view-scale.ts';
import { useSensorText } from './use-sensor-text.ts';

type Points = Array<[number, number]>;

/**
 * The water of the side view: each sensor at its level (its tip when dry), the phreatic surface
 * through them, the period's envelope and each day's surface, and the limit levels.
 */
export function PlaneLevels({
  section,
  exaggeration,
  levels,
  envelope,
  history,
  layers,
  toggles,
  onSensorClick,
}: SideViewMapProps) {
  const { t } = useTranslation('crossSections');
  const text = useSensorText(section.altitude_unit);
  const toPlane = useMemo(
    () => (points: Points) =>
      points.map(([x, altitude]) => [plotY(altitude, section.altitude_min, exaggeration), x] as [number, number]),
    [section.altitude_min, exaggeration],
  );
  const phreatic = useMemo(() => phreaticLine(levels), [levels]);
  const placed = levels.filter((l) => l.x !== null && markerHeight(l) !== null);
  return (
    <>
      {layers.historicalLevels && (
        <LayerGroup>
          {history.map((line) => (
            <Polyline
              key={line.day}
              positions={toPlane(line.points)}
              interactive={false}
              className="vigil-historical-level"
              pathOptions={{ color: WATER.history, weight: 1, opacity: 0.45 }}
            />
          ))}
        </LayerGroup>
      )}
      {layers.minMaxLevels && envelope.ranges.length > 0 && (
        <LayerGroup>
          <Polygon
            positions={toPlane([...envelope.upper, ...[...envelope.lower].reverse()])}
            interactive={false}
            pathOptions={{ stroke: false, fillColor: WATER.envelope, fillOpacity: 0.3 }}
          />
          <NamedLine
            points={envelope.upper}
            toPlane={toPlane}
            name={t('lines.maximum')}
            className="vigil-level-max"
            style={{ color: WATER.line, weight: 1.5, dashArray: '2 4' }}
          />
          <NamedLine
            points={envelope.lower}
            toPlane={toPlane}
            name={t('lines.minimum')}
            className="vigil-level-min"
            style={{ color: WATER.line, weight: 1.5, dashArray: '2 4' }}
          />
        </LayerGroup>
      )}
      {layers.limitLevels &&
        (['warning', 'critical'] as const).map((level) => (
          <NamedLine
            key={level}
            points={limitLine(levels, level)}
            toPlane={toPlane}
            name={t(`lines.${level}`)}
            className={`vigil-limit-${level}`}
            style={{ color: LIMIT_LINE_COLOURS[level], weight: 2, dashArray: '8 5' }}
          />
        ))}
      {layers.levels && (
        <LayerGroup>
          {!toggles.simpleIcons &&
            placed
              .filter((l) => l.tip !== null && l.isLevel && l.value !== null && !l.dry)
              .map((l) => (
                // The standpipe: from the tip up to the water it reads.
                <Polyline
                  key={`pipe-${l.id}`}
                  positions={toPlane([
                    [l.x!, l.tip!],
                    [l.x!, l.value!],
                  ])}
                  interactive={false}
                  pathOptions={{ color: '#37474f', weight: 1.5, opacity: 0.8 }}
                />
              ))}
          <NamedLine
            points={phreatic}
            toPlane={toPlane}
            name={t('lines.phreatic')}
            className="vigil-phreatic-line"
            style={{ color: WATER.line, weight: 3 }}
          />
          {placed.map((l) => {
            const label = [toggles.displayNames && l.title, toggles.displayCurrentMetric && text.shortValue(l)]
              .filter(Boolean)
              .join(' · ');
            const [lat, lng] = toPlane([[l.x!, markerHeight(l)!]])[0]!;
            return (
              <SensorMarker
                key={`${l.id}-${toggles.simpleIcons}-${label ? 'shown' : 'hover'}`}
                level={l}
                lat={lat}
                lng={lng}
                simple={toggles.simpleIcons}
                name={text.name(l)}
                status={text.status(l)}
                label={label}
                hoverText={`${l.title} · ${text.shortValue(l)}`}
                onClick={onSensorClick}
              />
            );
          })}
        </LayerGroup>
      )}
    </>
  );
}

/**
 * A line of the side view, named for screen readers and carrying its points (`data-points`, distance
 * and altitude as drawn) for tools and tests that read what is drawn; nothing with fewer than two points.
 */
function NamedLine({
  points,
  toPlane,
  name,
  className,
  style,
}: {
  points: Points;
  toPlane: (points: Points) => Array<[number, number]>;
  name: string;
  className: string;
  style: L.PathOptions;
}) {
  const ref = useRef<L.Polyline | null>(null);
  const attributes = { role: 'img', 'aria-label': name, 'data-points': points.map(([x, y]) => `${x}:${y}`).join(';') };
  const latest = useRef(attributes);
  latest.current = attributes;
  // Set when the line reaches the map (a layer group adds it only once the group is on the map) and
  // whenever its points change.
  const apply = (layer: L.Polyline) => {
    const element = layer.getElement();
    for (const [key, value] of Object.entries(latest.current)) element?.setAttribute(key, value);
  };
  useEffect(() => {
    if (ref.current) apply(ref.current);
  });
  if (points.length < 2) return null;
  return (
    <Polyline
      ref={ref}
      positions={toPlane(points)}
      eventHandlers={{ add: (event) => apply(event.target as L.Polyline) }}
      interactive={false}
      className={`vigil-section-line ${className}`}
      pathOptions={style}
    />
  );
}
