import { CROSS_SECTION_LABEL_STYLE, type CrossSection } from '@vigil/domain';
import type { LatLngTuple } from 'leaflet';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { ImageOverlay, Marker, Polygon } from 'react-leaflet';
import { useSiteImage } from '../map/use-site-image.ts';
import { safeColour, textIcon } from './plane-icons.ts';
import { DIAGRAM_PAINT, type LayerSet } from './side-view-options.ts';
import { plotY } from './side-view-scale.ts';

/** The drawing of the section: the tracing image, the diagram's materials and the labels. */
export function PlaneDrawing({
  section,
  exaggeration,
  layers,
  highlight,
}: {
  section: CrossSection;
  exaggeration: number;
  layers: LayerSet;
  highlight: number | null;
}) {
  const { t } = useTranslation('crossSections');
  const y = (altitude: number) => plotY(altitude, section.altitude_min, exaggeration);
  const tracing = section.tracing_image;
  // The image route needs the session's token: fetched as bytes, shown from an object URL.
  const tracingUrl = useSiteImage(
    layers.tracingImage ? (tracing?.url ?? undefined) : undefined,
    tracing?.file_id ?? '',
  );
  const polygons = useMemo(
    () =>
      section.diagram.features.map((feature) =>
        feature.geometry.coordinates.map((ring) =>
          ring.map(([x, altitude]) => [plotY(altitude, section.altitude_min, exaggeration), x] as LatLngTuple),
        ),
      ),
    [section.diagram, section.altitude_min, exaggeration],
  );
  return (
    <>
      {layers.tracingImage && tracingUrl && (
        <ImageOverlay
          url={tracingUrl}
          // Stretched over the section's whole extent, as it was drawn.
          bounds={[
            [0, 0],
            [y(section.altitude_max), section.distance],
          ]}
          opacity={tracing?.opacity ?? 1}
          alt={t('layers.tracingImage')}
        />
      )}
      {layers.diagram &&
        section.diagram.features.map((feature, i) => {
          const paint = DIAGRAM_PAINT[feature.properties.category];
          const chosen = highlight === i;
          return (
            <Polygon
              key={`${i}-${feature.properties.category}`}
              positions={polygons[i]!}
              interactive={false}
              pathOptions={{
                color: chosen ? '#d81b60' : paint.stroke,
                weight: chosen ? 3 : 1.5,
                dashArray: chosen ? '6 4' : undefined,
                fillColor: paint.fill,
                fillOpacity: 0.55,
              }}
              className={`vigil-diagram vigil-diagram-${feature.properties.category.toLowerCase()}`}
            />
          );
        })}
      {layers.labels &&
        section.labels.map((label) => (
          <Marker
            key={label.id}
            position={[y(label.y), label.x]}
            interactive={false}
            keyboard={false}
            icon={textIcon(label.text, {
              className: 'vigil-section-label',
              anchor: 'bottom-left',
              style:
                `font-size:${Number(label.font_size) || CROSS_SECTION_LABEL_STYLE.fontSize}px;` +
                `color:${safeColour(label.color, CROSS_SECTION_LABEL_STYLE.color)};` +
                `background:${safeColour(label.background, CROSS_SECTION_LABEL_STYLE.background)};`,
            })}
          />
        ))}
    </>
  );
}
