import type { CrossSection, GeoBounds, SiteMap } from '@vigil/domain';
import type { MapMarker } from '../map/map-marker.ts';
import { VigilMap } from '../map/vigil-map.tsx';
import { SectionLineLayer, SectionPane } from './section-line-layer.tsx';
import { TopoImageLayer } from './topo-image-layer.tsx';

export interface AerialMapProps {
  section: CrossSection;
  markers: readonly MapMarker[];
  siteMap: SiteMap | null | undefined;
  /** what the first view shows: the section's line and sensors */
  bounds: GeoBounds | null;
  height: number | 'fill';
  ariaLabel: string;
  emptyText?: string;
  onMarkerClick?: (deviceId: string) => void;
}

/** The aerial view on the app's one map: the section's topo image, its line with chainage, and its sensors. */
export function AerialMap({
  section,
  markers,
  siteMap,
  bounds,
  height,
  ariaLabel,
  emptyText,
  onMarkerClick,
}: AerialMapProps) {
  return (
    <VigilMap
      markers={markers}
      siteMap={siteMap}
      zoom={18}
      cluster={false}
      initialBounds={bounds}
      height={height}
      ariaLabel={ariaLabel}
      emptyText={emptyText}
      onMarkerClick={onMarkerClick}
    >
      <TopoImageLayer image={section.topo_image} />
      {section.x0_location && section.x_max_location && (
        <SectionPane>
          <SectionLineLayer
            x0={section.x0_location}
            xMax={section.x_max_location}
            distance={section.distance}
            unit={section.distance_unit}
            name={section.name}
            ticks="dots"
          />
        </SectionPane>
      )}
    </VigilMap>
  );
}
