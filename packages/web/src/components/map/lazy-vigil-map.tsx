import { Skeleton } from '@mui/material';
import { moduleLoader } from '../lazy/module-loader.ts';
import type { VigilMapProps } from './vigil-map.tsx';

export type { VigilMapProps } from './vigil-map.tsx';
export type { MapMarker } from './map-marker.ts';

/** Leaflet and its plugins load as their own chunk, only when a map is shown. */
const vigilMap = moduleLoader(() => import('./vigil-map.tsx'));

/** Starts loading the map's chunk alongside a card's data, rather than after it. */
export const preloadVigilMap = vigilMap.preload;

/** The map for its users: loads the map's chunk on first use, a skeleton of the same size meanwhile. */
export function LazyVigilMap(props: VigilMapProps) {
  const map = vigilMap.useModule();
  const fill = props.height === 'fill';
  if (!map)
    return (
      <Skeleton
        variant="rectangular"
        aria-label={props.ariaLabel}
        sx={fill ? { flex: 1, minHeight: 240, height: 'auto' } : { height: props.height }}
      />
    );
  return <map.VigilMap {...props} />;
}
