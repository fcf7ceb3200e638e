import { Skeleton } from '@mui/material';
import { lazy, Suspense } from 'react';
import type { VigilMapProps } from './vigil-map.tsx';

export type { VigilMapProps } from './vigil-map.tsx';
export type { MapMarker } from './map-marker.ts';

/** Leaflet and its plugins load as their own chunk, only when a map is shown. */
const loadMap = () => import('./vigil-map.tsx');
const VigilMap = lazy(() => loadMap().then((module) => ({ default: module.VigilMap })));

/** Starts loading the map's chunk alongside a card's data, rather than after it. */
export const preloadVigilMap = () => void loadMap();

/** The map for its users: loads the map's chunk on first use, a skeleton of the same size meanwhile. */
export function LazyVigilMap(props: VigilMapProps) {
  const fill = props.height === 'fill';
  return (
    <Suspense
      fallback={
        <Skeleton
          variant="rectangular"
          aria-label={props.ariaLabel}
          sx={fill ? { flex: 1, minHeight: 240, height: 'auto' } : { height: props.height }}
        />
      }
    >
      <VigilMap {...props} />
    </Suspense>
  );
}
