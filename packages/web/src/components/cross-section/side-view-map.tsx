import L from 'leaflet';
import 'leaflet/dist/leaflet.css';
import { useEffect, useMemo } from 'react';
import { MapContainer, useMap, useMapEvents, ZoomControl } from 'react-leaflet';
import { SizeWatcher } from '../map/map-view.tsx';
import { unstackLabels } from './label-stacking.ts';
import { PlaneDrawing } from './plane-drawing.tsx';
import { PlaneGrid } from './plane-grid.tsx';
import { PlaneLevels } from './plane-levels.tsx';
import { PlaneScaleBar } from './plane-scale-bar.tsx';
import type { SideViewMapProps } from './side-view-map-props.ts';
import { altitudeAt, plotY } from './side-view-scale.ts';
import './side-view.css';

/** Room around the section for the axes' values: left for altitudes, below for distances. */
const PADDING_TOP_LEFT: L.PointTuple = [58, 30];
// Right: room for the last sensor's value beside it.
const PADDING_BOTTOM_RIGHT: L.PointTuple = [64, 40];

/**
 * The side-section (requirements#monitoring-screens; requirements#front-end): Leaflet on a simple CRS, x the distance
 * along the
 * section and y its altitude above the section's floor times the vertical exaggeration. Pans and
 * zooms like any map; the first view, and any change of scale, fits the whole section.
 */
export function SideViewMap(props: SideViewMapProps) {
  const { section, exaggeration } = props;
  const bounds = useMemo(
    () => L.latLngBounds([0, 0], [plotY(section.altitude_max, section.altitude_min, exaggeration), section.distance]),
    [section.altitude_max, section.altitude_min, section.distance, exaggeration],
  );
  return (
    <MapContainer
      className="vigil-side-view"
      crs={L.CRS.Simple}
      bounds={bounds}
      boundsOptions={{ paddingTopLeft: PADDING_TOP_LEFT, paddingBottomRight: PADDING_BOTTOM_RIGHT }}
      minZoom={-8}
      maxZoom={8}
      zoomSnap={0}
      zoomDelta={0.5}
      wheelPxPerZoomLevel={120}
      attributionControl={false}
      // Top right: the altitudes and their axis name run down the left edge.
      zoomControl={false}
      style={{ position: 'absolute', inset: 0 }}
    >
      <ZoomControl position="topright" />
      <FitPlane bounds={bounds} />
      <SizeWatcher />
      {props.onPlaneClick && (
        <PlaneClicks onClick={props.onPlaneClick} altitudeMin={section.altitude_min} exaggeration={exaggeration} />
      )}
      <PlaneDrawing
        section={section}
        exaggeration={exaggeration}
        layers={props.layers}
        highlight={props.highlight ?? null}
      />
      {props.toggles.displayGrid && <PlaneGrid section={section} exaggeration={exaggeration} />}
      <PlaneLevels {...props} />
      <SensorLabelSpacing />
      <PlaneScaleBar unit={section.distance_unit} exaggeration={exaggeration} />
    </MapContainer>
  );
}

/** Fits the whole section whenever its extent or the exaggeration changes (the user's pans stay until then). */
function FitPlane({ bounds }: { bounds: L.LatLngBounds }) {
  const map = useMap();
  useEffect(() => {
    map.fitBounds(bounds, {
      paddingTopLeft: PADDING_TOP_LEFT,
      paddingBottomRight: PADDING_BOTTOM_RIGHT,
      animate: false,
    });
  }, [map, bounds]);
  return null;
}

/**
 * Keeps the sensors' permanent labels apart, and off the drawing's labels: whenever labels come, go or
 * change their text (react-leaflet writes a tooltip's text a render after opening it) and after each
 * zoom, once per frame.
 */
function SensorLabelSpacing() {
  const map = useMap();
  useEffect(() => {
    let frame = 0;
    const schedule = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() =>
        unstackLabels(map.getContainer(), '.vigil-sensor-tooltip.leaflet-tooltip', '.vigil-section-label span'),
      );
    };
    const observer = new MutationObserver(schedule);
    observer.observe(map.getPane('tooltipPane')!, { childList: true, subtree: true, characterData: true });
    // The drawing's labels come and go with their layer.
    observer.observe(map.getPane('markerPane')!, { childList: true });
    map.on('zoomend resize viewreset', schedule);
    schedule();
    return () => {
      cancelAnimationFrame(frame);
      observer.disconnect();
      map.off('zoomend resize viewreset', schedule);
    };
  }, [map]);
  return null;
}

function PlaneClicks({
  onClick,
  altitudeMin,
  exaggeration,
}: {
  onClick: (x: number, altitude: number) => void;
  altitudeMin: number;
  exaggeration: number;
}) {
  useMapEvents({
    click: (event) => onClick(event.latlng.lng, altitudeAt(event.latlng.lat, altitudeMin, exaggeration)),
  });
  return null;
}
