import type { CrossSection } from '@vigil/domain';
import { SectionLineLayer, SectionPane } from './section-line-layer.tsx';

/** Every section's line on a map, named; a click opens the section (the state maps' cross-sections layer). */
export function AllSectionsLayer({
  sections,
  onSectionClick,
}: {
  sections: readonly CrossSection[];
  onSectionClick?: (id: string) => void;
}) {
  return (
    <SectionPane>
      {sections.map((section) =>
        section.x0_location && section.x_max_location ? (
          <SectionLineLayer
            key={section.id}
            x0={section.x0_location}
            xMax={section.x_max_location}
            distance={section.distance}
            unit={section.distance_unit}
            name={section.name}
            ticks={false}
            endNames={false}
            onClick={onSectionClick && (() => onSectionClick(section.id))}
          />
        ) : null,
      )}
    </SectionPane>
  );
}
