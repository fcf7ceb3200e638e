import type { LatLng } from '@vigil/domain';
import type L from 'leaflet';
import { Fragment, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { CircleMarker, Pane, Polyline, Tooltip } from 'react-leaflet';
import { locationAlong } from './section-geometry.ts';
import { gridTicks } from './side-view-scale.ts';

/** Lines of sections lie above image overlays (a site plan, a topo image) and below the markers. */
export const SECTION_PANE = 'vigil-sections';
const SECTION_COLOUR = '#d81b60';

/** The pane of section lines: one per map, holding every line drawn on it. */
export function SectionPane({ children }: { children: ReactNode }) {
  return (
    <Pane name={SECTION_PANE} style={{ zIndex: 450 }}>
      {children}
    </Pane>
  );
}

/**
 * A cross section's line on the map (inside a SectionPane): from x0 to xMax with its chainage, the ends named by their
 * distance along the section and, with `ticks`, round chainages between them.
 */
export function SectionLineLayer({
  x0,
  xMax,
  distance,
  unit,
  name,
  ticks = 'labelled',
  endNames = true,
  onClick,
}: {
  x0: LatLng;
  xMax: LatLng;
  distance: number;
  unit: string;
  name: string;
  /** round chainages between the ends: named ('labelled'), as dots only, or none */
  ticks?: 'labelled' | 'dots' | false;
  /** the ends' chainage always shown beside them */
  endNames?: boolean;
  onClick?: () => void;
}) {
  const { i18n } = useTranslation();
  const number = (n: number) => n.toLocaleString(i18n.resolvedLanguage, { maximumFractionDigits: 1 });
  const chainages = ticks && distance > 0 ? gridTicks(0, distance, 5).filter((c) => c > 0 && c < distance) : [];
  return (
    <>
      <Polyline
        positions={[
          [x0.lat, x0.lng],
          [xMax.lat, xMax.lng],
        ]}
        className="vigil-section-trace"
        pathOptions={{ color: SECTION_COLOUR, weight: 4, opacity: 0.9 }}
        eventHandlers={{
          // Named for screen readers and tests: a colour alone tells nothing.
          add: (event) => {
            const element = (event.target as L.Polyline).getElement();
            element?.setAttribute('role', 'img');
            element?.setAttribute('aria-label', name);
          },
          ...(onClick ? { click: onClick } : {}),
        }}
      >
        <Tooltip sticky>{name}</Tooltip>
      </Polyline>
      {chainages.map((chainage) => {
        const at = locationAlong(x0, xMax, chainage / distance);
        return (
          <CircleMarker
            key={chainage}
            center={[at.lat, at.lng]}
            radius={3}
            interactive={false}
            pathOptions={{ color: SECTION_COLOUR, fillColor: '#fff', fillOpacity: 1, weight: 2 }}
          >
            {ticks === 'labelled' && (
              <Tooltip permanent direction="bottom" offset={[0, 4]} className="vigil-chainage">
                {`${number(chainage)} ${unit}`}
              </Tooltip>
            )}
          </CircleMarker>
        );
      })}
      {[
        [x0, 0],
        [xMax, distance],
      ].map(([end, chainage], i) => (
        <Fragment key={i}>
          <CircleMarker
            center={[(end as LatLng).lat, (end as LatLng).lng]}
            radius={6}
            interactive={false}
            pathOptions={{ color: '#fff', fillColor: SECTION_COLOUR, fillOpacity: 1, weight: 2 }}
          >
            {endNames && (
              <Tooltip permanent direction={i === 0 ? 'left' : 'right'} className="vigil-chainage">
                {`${i === 0 ? 'x0' : 'xMax'} · ${number(chainage as number)} ${unit}`}
              </Tooltip>
            )}
          </CircleMarker>
        </Fragment>
      ))}
    </>
  );
}
