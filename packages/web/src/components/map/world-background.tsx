import { GeoJSON, Pane } from 'react-leaflet';
import { worldLand } from './world-land.ts';

const LAND = worldLand();
const LAND_STYLE = { color: '#c8c2b0', weight: 1, fillColor: '#f3f0e6', fillOpacity: 1 } as const;

/** The world under every base layer, in a pane below tiles so an online map covers it. */
export function WorldBackground() {
  return (
    <Pane name="vigil-world" style={{ zIndex: 150 }}>
      <GeoJSON data={LAND} style={LAND_STYLE} interactive={false} />
    </Pane>
  );
}
