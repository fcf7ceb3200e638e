import { Alert, Box, Button, Skeleton, ToggleButton, ToggleButtonGroup, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import type { GeoBounds, LatLng, TopoImage } from '@vigil/domain';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { siteMapQuery } from '../../../api/ui.ts';
import { useSession } from '../../../session/session-context.ts';
import { boundsAround, sectionLineLength } from '../../../components/cross-section/section-geometry.ts';
import type { MapMarker } from '../../../components/map/map-marker.ts';
import { OpacitySlider } from '../../../components/forms/opacity-slider.tsx';
import type { SectionDraft } from '../model/section-changes.ts';
import type { LineEnd } from './line-map.tsx';
import { MediaPicker } from './media-picker.tsx';
import { NumberField } from './number-field.tsx';

// Leaflet loads with the first map shown.
const LineMap = lazy(async () => ({ default: (await import('./line-map.tsx')).LineMap }));

const SIDES = ['west', 'south', 'east', 'north'] as const;
const DEFAULT_TOPO: TopoImage = {
  file_id: null,
  url: null,
  width: null,
  height: null,
  opacity: 1,
  bounds: null,
  coordinate: null,
};

/**
 * The section line's ends (x0 and xMax) put on the map, dragged or typed, with the chainage along
 * it; and the aerial (topo) image of its surroundings over its bounds.
 */
export function LineEditor({
  draft,
  onChange,
  markers,
}: {
  draft: SectionDraft;
  onChange: (patch: Partial<SectionDraft>) => void;
  markers: readonly MapMarker[];
}) {
  const { t, i18n } = useTranslation('crossSections');
  const { project } = useSession();
  const siteMap = useQuery(siteMapQuery(project.id));
  const [placing, setPlacing] = useState<LineEnd | null>(draft.x0_location ? null : 'x0');
  const number = (n: number) => n.toLocaleString(i18n.resolvedLanguage, { maximumFractionDigits: 1 });
  const field = (end: LineEnd) => (end === 'x0' ? 'x0_location' : 'x_max_location');
  const setEnd = (end: LineEnd, at: LatLng | null) => onChange({ [field(end)]: at });
  // The first view: the line, else the sensors, else the site (the map's own fallback). Taken once:
  // later moves of the ends must not refit the map under the user's hand.
  const [bounds] = useState<GeoBounds | null>(() => {
    const ends = [draft.x0_location, draft.x_max_location].filter((p): p is LatLng => p !== null);
    return boundsAround(
      ends.length
        ? ends
        : markers.flatMap((m) =>
            m.latitude !== null && m.longitude !== null ? [{ lat: m.latitude, lng: m.longitude }] : [],
          ),
    );
  });
  const length =
    draft.x0_location && draft.x_max_location ? sectionLineLength(draft.x0_location, draft.x_max_location) : null;
  const topo = draft.topo_image ?? DEFAULT_TOPO;
  const siteBounds = siteMap.data?.image?.bounds ?? null;
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
        <Typography variant="body2">{t('line.place')}</Typography>
        <ToggleButtonGroup
          size="small"
          exclusive
          value={placing}
          onChange={(_, value: LineEnd | null) => setPlacing(value)}
          aria-label={t('line.place')}
        >
          <ToggleButton value="x0">{t('line.placeX0')}</ToggleButton>
          <ToggleButton value="xMax">{t('line.placeXMax')}</ToggleButton>
        </ToggleButtonGroup>
      </Box>
      <Suspense fallback={<Skeleton variant="rectangular" height={420} />}>
        <LineMap
          x0={draft.x0_location}
          xMax={draft.x_max_location}
          distance={draft.distance}
          unit={draft.distance_unit}
          name={draft.name}
          markers={markers}
          siteMap={siteMap.isError ? null : siteMap.data}
          topoImage={draft.topo_image}
          bounds={bounds}
          placing={placing}
          onEnd={(end, at) => {
            setEnd(end, at);
            // Having put x0 down, the next click puts xMax, unless it is there already.
            setPlacing(end === 'x0' && !draft.x_max_location ? 'xMax' : null);
          }}
          endLabel={(end) => t(`line.${end}`)}
          ariaLabel={t('line.mapLabel')}
        />
      </Suspense>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))' } }}>
        {(['x0', 'xMax'] as const).map((end) => {
          const at = draft[field(end)];
          return (
            <Box
              key={end}
              component="fieldset"
              sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 1.5, m: 0 }}
            >
              <Typography component="legend" variant="subtitle2" sx={{ px: 0.5 }}>
                {t(`line.${end}`)}
              </Typography>
              <Box sx={{ display: 'flex', gap: 1 }}>
                <NumberField
                  size="small"
                  label={t('line.lat')}
                  allowEmpty
                  value={at?.lat ?? null}
                  onValue={(lat) =>
                    setEnd(end, lat === null ? null : { lat: Math.max(-90, Math.min(90, lat)), lng: at?.lng ?? 0 })
                  }
                />
                <NumberField
                  size="small"
                  label={t('line.lng')}
                  allowEmpty
                  value={at?.lng ?? null}
                  onValue={(lng) =>
                    setEnd(end, lng === null ? null : { lat: at?.lat ?? 0, lng: Math.max(-180, Math.min(180, lng)) })
                  }
                />
              </Box>
            </Box>
          );
        })}
      </Box>
      {length !== null ? (
        <Alert
          severity="info"
          action={
            draft.distance_unit === 'm' && Math.abs(length - draft.distance) > 0.5 ? (
              <Button color="inherit" size="small" onClick={() => onChange({ distance: Math.round(length * 10) / 10 })}>
                {t('line.useLength')}
              </Button>
            ) : undefined
          }
        >
          {t('line.length', {
            length: number(length),
            distance: number(draft.distance),
            unit: draft.distance_unit,
          })}
        </Alert>
      ) : (
        <Alert severity="info">{t('line.missing')}</Alert>
      )}
      <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600, mt: 1 }}>
        {t('images.topo')}
      </Typography>
      <MediaPicker
        label={t('images.topo')}
        fileId={draft.topo_image?.file_id ?? null}
        onPick={(file) =>
          onChange({
            topo_image: file
              ? {
                  ...topo,
                  file_id: file.id,
                  url: file.public_url,
                  width: file.width,
                  height: file.height,
                  bounds: topo.bounds ?? siteBounds,
                }
              : null,
          })
        }
      />
      {draft.topo_image && (
        <>
          <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center' }}>
            {SIDES.map((side) => (
              <NumberField
                key={side}
                size="small"
                label={t(`images.${side}`)}
                allowEmpty
                value={topo.bounds?.[side] ?? null}
                onValue={(value) =>
                  value !== null &&
                  onChange({
                    topo_image: {
                      ...topo,
                      bounds: { ...(topo.bounds ?? { west: 0, south: 0, east: 0, north: 0 }), [side]: value },
                    },
                  })
                }
                sx={{ width: 150 }}
              />
            ))}
            {siteBounds && (
              <Button size="small" onClick={() => onChange({ topo_image: { ...topo, bounds: siteBounds } })}>
                {t('images.useSiteBounds')}
              </Button>
            )}
          </Box>
          <OpacitySlider
            label={t('images.opacity')}
            value={topo.opacity}
            onChange={(opacity) => onChange({ topo_image: { ...topo, opacity } })}
          />
        </>
      )}
    </Box>
  );
}
