import type { CrossSection, GeoBounds, SiteMap } from '@vigil/domain';
import type { MapMarker } from '../map/map-marker.ts';
import { VigilMap } from '../map/vigil-map.tsx';
import { AllSectionsLayer } from './all-sections-layer.tsx';

/** The all-cross-sections map (Leaflet's chunk): every section's line and its sensors over the site map. */
export function AllSectionsMapView(props: {
  sections: readonly CrossSection[];
  markers: readonly MapMarker[];
  siteMap: SiteMap | null | undefined;
  bounds: GeoBounds | null;
  height: number | 'fill';
  ariaLabel: string;
  onSectionClick?: (id: string) => void;
}) {
  return (
    <VigilMap
      markers={props.markers}
      siteMap={props.siteMap}
      zoom={18}
      initialBounds={props.bounds}
      height={props.height}
      ariaLabel={props.ariaLabel}
    >
      <AllSectionsLayer sections={props.sections} onSectionClick={props.onSectionClick} />
    </VigilMap>
  );
}
