import { Box } from '@mui/material';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMap } from 'react-leaflet';
import { MapControl } from '../map/map-control.tsx';
import { scaleBar } from './side-view-scale.ts';

const MAX_BAR_PX = 110;

/**
 * The side view's scale bar: a round length along the section at the present zoom (a simple CRS
 * draws 2^zoom pixels per unit), and the vertical exaggeration, without which heights mislead.
 */
export function PlaneScaleBar({ unit, exaggeration }: { unit: string; exaggeration: number }) {
  const { t, i18n } = useTranslation('crossSections');
  const map = useMap();
  const [zoom, setZoom] = useState(() => map.getZoom());
  useEffect(() => {
    const note = () => setZoom(map.getZoom());
    map.on('zoomend', note);
    return () => void map.off('zoomend', note);
  }, [map]);
  const bar = scaleBar(1 / 2 ** zoom, MAX_BAR_PX);
  const number = (n: number) => n.toLocaleString(i18n.resolvedLanguage, { maximumFractionDigits: 2 });
  return (
    <MapControl position="bottomright" framed={false}>
      <Box
        role="note"
        aria-label={t('scaleBar.label', { length: number(bar.length), unit, exaggeration: number(exaggeration) })}
        sx={{ bgcolor: 'rgb(255 255 255 / 85%)', px: 0.75, py: 0.25, borderRadius: 0.5, fontSize: 11, lineHeight: 1.4 }}
      >
        <Box sx={{ display: 'flex', alignItems: 'flex-end', gap: 0.75 }}>
          <Box
            aria-hidden
            sx={{
              width: bar.pixels,
              height: 6,
              border: '2px solid #263238',
              borderTop: 'none',
              boxSizing: 'border-box',
            }}
          />
          <span aria-hidden>
            {number(bar.length)} {unit}
          </span>
        </Box>
        <Box aria-hidden>{t('scaleBar.exaggeration', { exaggeration: number(exaggeration) })}</Box>
      </Box>
    </MapControl>
  );
}
