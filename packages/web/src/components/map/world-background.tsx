import type { FeatureCollection } from 'geojson';
import { GeoJSON, Pane } from 'react-leaflet';
import { moduleLoader } from '../lazy/module-loader.ts';

/** Natural Earth's land is half the map's code: a chunk of its own, which the first view does without. */
const worldLandChunk = moduleLoader(() => import('./world-land.ts'));
const LAND_STYLE = { color: '#c8c2b0', weight: 1, fillColor: '#f3f0e6', fillOpacity: 1 } as const;
let land: FeatureCollection | null = null;

/** The world under every base layer, in a pane below tiles so an online map covers it. */
export function WorldBackground() {
  const chunk = worldLandChunk.useModule();
  if (!chunk) return null;
  // Made when a map first shows it, not when its chunk loads.
  land ??= chunk.worldLand();
  return (
    <Pane name="vigil-world" style={{ zIndex: 150 }}>
      <GeoJSON data={land} style={LAND_STYLE} interactive={false} />
    </Pane>
  );
}
