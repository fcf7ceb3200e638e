import { Box, Typography } from '@mui/material';
import { MAP_ZOOM, type GeoBounds, type SiteMap } from '@vigil/domain';
import L from 'leaflet';
import 'leaflet/dist/leaflet.css';
import 'leaflet.markercluster/dist/MarkerCluster.css';
import { useMemo, useRef, useState, type ReactNode } from 'react';
import { MapContainer } from 'react-leaflet';
import { useAfterFirstPaint } from './after-first-paint.ts';
import { BaseLayers } from './base-layers.tsx';
import { DeviceMarkers } from './device-markers.tsx';
import { DisplayNamesControl } from './display-names-control.tsx';
import { LazyDeviceSearch } from './lazy-device-search.tsx';
import { markersBounds } from './lat-lng.ts';
import { firstView, InitialView, SizeWatcher, ZoomLevel } from './map-view.tsx';
import { locatedMarkers, type MapMarker } from './map-marker.ts';
import type { MarkerLayer } from './marker-layer.ts';
import './vigil-map.css';
import { WorldBackground } from './world-background.tsx';

export interface VigilMapProps {
  markers: readonly MapMarker[];
  /** the project's site map; undefined while it loads, null when there is none */
  siteMap: SiteMap | null | undefined;
  /** the first zoom, 4 to 20 (requirements#monitoring-constants); 12 unless chosen */
  zoom?: number;
  /** markers gather in clusters coloured by their worst state (default) */
  cluster?: boolean;
  /** the first state of the map's "Display Names" switch */
  displayNames?: boolean;
  /** the "Display Names" switch on the map (default); a one-device map in a narrow card does without */
  nameSwitch?: boolean;
  onMarkerClick?: (id: string) => void;
  /** a device search on the map that flies to the chosen device */
  search?: boolean;
  /** pixels, or 'fill' to fill a flex column (a card's body) */
  height: number | 'fill';
  /** shown over the map when no marker has a location; nothing shown without it */
  emptyText?: string;
  ariaLabel: string;
  /** the first view fits the markers, no closer than `zoom` (default); else it centres them at `zoom` */
  fitToMarkers?: boolean;
  /** the first view fits these bounds (a cross section's line), rather than the markers */
  initialBounds?: GeoBounds | null;
  /** more layers on the map (react-leaflet components): lines, image overlays, editing handles */
  children?: ReactNode;
}

const clampZoom = (zoom: number) => Math.min(MAP_ZOOM.max, Math.max(MAP_ZOOM.min, zoom));

/**
 * The app's one map (issue 19): devices as state-coloured markers, clustered, over the project's
 * site plan and a bundled world background, with a layers control, "Display Names" and a device
 * search. Works with no tile server; an online map is offered only where one is configured.
 */
export function VigilMap({
  markers,
  siteMap,
  zoom = MAP_ZOOM.initial,
  cluster = true,
  displayNames = false,
  nameSwitch = true,
  onMarkerClick,
  search = false,
  height,
  emptyText,
  ariaLabel,
  fitToMarkers = true,
  initialBounds,
  children,
}: VigilMapProps) {
  const located = useMemo(() => locatedMarkers(markers), [markers]);
  const given = initialBounds
    ? [initialBounds.south, initialBounds.west, initialBounds.north, initialBounds.east].join(',')
    : null;
  const bounds = useMemo(() => {
    if (given) {
      const [south, west, north, east] = given.split(',').map(Number) as [number, number, number, number];
      return L.latLngBounds([south, west], [north, east]);
    }
    return markersBounds(located);
  }, [located, given]);
  const image = siteMap?.image?.bounds;
  const imageBounds = useMemo(
    () => (image ? L.latLngBounds([image.south, image.west], [image.north, image.east]) : null),
    [image],
  );
  const [names, setNames] = useState(displayNames);
  const layerRef = useRef<MarkerLayer | null>(null);
  const fill = height === 'fill';
  const initialZoom = clampZoom(zoom);
  // Made at its first view when that is known: markers are clustered once, for the view they are seen
  // in, rather than at the world's zoom and again, animated, for the site's.
  const [start] = useState(() =>
    firstView({ markerBounds: bounds, imageBounds, zoom: initialZoom, fit: fitToMarkers }),
  );
  const painted = useAfterFirstPaint();

  return (
    <Box
      role="region"
      aria-label={ariaLabel}
      sx={{
        position: 'relative',
        width: '100%',
        ...(fill ? { flex: 1, minHeight: 240 } : { height }),
      }}
    >
      <MapContainer
        className="vigil-map"
        {...(!start
          ? { center: [0, 0], zoom: MAP_ZOOM.min }
          : 'bounds' in start
            ? { bounds: start.bounds, boundsOptions: start.options }
            : { center: start.center, zoom: start.zoom })}
        minZoom={MAP_ZOOM.min}
        maxZoom={MAP_ZOOM.mapMax}
        worldCopyJump
        style={{ position: 'absolute', inset: 0 }}
      >
        {painted && <WorldBackground />}
        <BaseLayers siteMap={siteMap} />
        <DeviceMarkers
          markers={located}
          cluster={cluster}
          displayNames={names}
          onMarkerClick={onMarkerClick}
          layerRef={layerRef}
        />
        <InitialView
          made={start !== null}
          markerBounds={bounds}
          imageBounds={imageBounds}
          zoom={initialZoom}
          fit={fitToMarkers}
        />
        <SizeWatcher />
        <ZoomLevel />
        {nameSwitch && <DisplayNamesControl on={names} onChange={setNames} />}
        {search && painted && located.length > 0 && <LazyDeviceSearch markers={located} layerRef={layerRef} />}
        {children}
      </MapContainer>
      {located.length === 0 && emptyText && (
        <Box
          sx={{
            position: 'absolute',
            inset: 0,
            zIndex: 800,
            display: 'flex',
            alignItems: 'center',
            justifyContent: 'center',
            pointerEvents: 'none',
            p: 2,
          }}
        >
          <Typography
            role="status"
            sx={{ bgcolor: 'background.paper', px: 2, py: 1, borderRadius: 1, boxShadow: 1, textAlign: 'center' }}
          >
            {emptyText}
          </Typography>
        </Box>
      )}
    </Box>
  );
}
