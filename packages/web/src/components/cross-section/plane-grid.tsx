import type { CrossSection } from '@vigil/domain';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { LayerGroup, Marker, Polyline } from 'react-leaflet';
import { textIcon } from './plane-icons.ts';
import { gridTicks, plotY } from './side-view-scale.ts';

const GRID_LINE = { color: '#90a4ae', weight: 1, opacity: 0.6, interactive: false } as const;

/**
 * Display Grid: lines at round distances and altitudes over the section's extent, their values
 * along the left and bottom edges, and each axis named with its unit.
 */
export function PlaneGrid({ section, exaggeration }: { section: CrossSection; exaggeration: number }) {
  const { t, i18n } = useTranslation('crossSections');
  const top = plotY(section.altitude_max, section.altitude_min, exaggeration);
  const { xs, altitudes } = useMemo(
    () => ({
      xs: gridTicks(0, section.distance, 8),
      altitudes: gridTicks(section.altitude_min, section.altitude_max, 6),
    }),
    [section.distance, section.altitude_min, section.altitude_max],
  );
  const number = (n: number) => n.toLocaleString(i18n.resolvedLanguage, { maximumFractionDigits: 2 });
  return (
    <LayerGroup>
      {xs.map((x) => (
        <Polyline
          key={`x${x}`}
          positions={[
            [0, x],
            [top, x],
          ]}
          className="vigil-grid-line"
          pathOptions={GRID_LINE}
        />
      ))}
      {altitudes.map((altitude) => {
        const y = plotY(altitude, section.altitude_min, exaggeration);
        return (
          <Polyline
            key={`y${altitude}`}
            positions={[
              [y, 0],
              [y, section.distance],
            ]}
            className="vigil-grid-line"
            pathOptions={GRID_LINE}
          />
        );
      })}
      {xs.map((x) => (
        <Marker
          key={`xl${x}`}
          position={[0, x]}
          interactive={false}
          keyboard={false}
          icon={textIcon(number(x), { className: 'vigil-axis-value vigil-axis-x', anchor: 'top' })}
        />
      ))}
      {altitudes.map((altitude) => (
        <Marker
          key={`yl${altitude}`}
          position={[plotY(altitude, section.altitude_min, exaggeration), 0]}
          interactive={false}
          keyboard={false}
          icon={textIcon(number(altitude), { className: 'vigil-axis-value vigil-axis-y', anchor: 'right' })}
        />
      ))}
      {/* The axes' names: below the distances, centred; above the altitudes, at the left edge. */}
      <Marker
        position={[0, section.distance / 2]}
        interactive={false}
        keyboard={false}
        icon={textIcon(t('axis.distance', { unit: section.distance_unit }), {
          className: 'vigil-axis-title',
          anchor: 'top',
          style: 'transform:translate(-50%, 17px);',
        })}
      />
      <Marker
        position={[top, 0]}
        interactive={false}
        keyboard={false}
        icon={textIcon(t('axis.altitude', { unit: section.altitude_unit }), {
          className: 'vigil-axis-title',
          anchor: 'bottom-right',
          style: 'transform:translate(-52px, -155%);',
        })}
      />
    </LayerGroup>
  );
}
