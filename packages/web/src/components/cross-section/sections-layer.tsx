import type { CrossSection } from '@vigil/domain';
import { moduleLoader } from '../lazy/module-loader.ts';

// Its own chunk, loaded only when the layer is switched on: the map that holds it has Leaflet already.
const allSectionsLayer = moduleLoader(() => import('./all-sections-layer.tsx'));

/**
 * The cross-sections layer of a map (requirements#monitoring-screens: the state maps' optional layer), as a child of
 * the app's map: every section's line, named; a click opens the section.
 */
export function SectionsLayer(props: { sections: readonly CrossSection[]; onSectionClick?: (id: string) => void }) {
  const layer = allSectionsLayer.useModule();
  return layer && <layer.AllSectionsLayer {...props} />;
}
