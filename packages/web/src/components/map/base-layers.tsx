import { MAP_ZOOM, type SiteMap } from '@vigil/domain';
import { useTranslation } from 'react-i18next';
import { ImageOverlay, LayerGroup, LayersControl, TileLayer } from 'react-leaflet';
import { useSiteImage } from './use-site-image.ts';

/**
 * The base layers of a map: the project's site plan over the world background (the default), the
 * background alone, and an online map only where one is configured. Nothing here needs the internet.
 */
export function BaseLayers({ siteMap }: { siteMap: SiteMap | null | undefined }) {
  const { t, i18n } = useTranslation('maps');
  const image = siteMap?.image ?? null;
  const tiles = siteMap?.tile_layer ?? null;
  const imageUrl = useSiteImage(image?.url, image?.updated_at);
  const b = image?.bounds;
  // Leaflet's control takes names and layers once: a new set of layers or language builds a new one.
  const key = `${i18n.language}:${image ? 'image' : ''}:${tiles?.url ?? ''}`;
  return (
    <LayersControl key={key} position="topright">
      {image && b && (
        <LayersControl.BaseLayer name={t('layers.sitePlan')} checked>
          <LayerGroup>
            {imageUrl && (
              <ImageOverlay
                url={imageUrl}
                bounds={[
                  [b.south, b.west],
                  [b.north, b.east],
                ]}
                alt={t('layers.sitePlanAlt')}
              />
            )}
          </LayerGroup>
        </LayersControl.BaseLayer>
      )}
      <LayersControl.BaseLayer name={t('layers.background')} checked={!image}>
        <LayerGroup />
      </LayersControl.BaseLayer>
      {tiles && (
        <LayersControl.BaseLayer name={t('layers.online')}>
          <TileLayer
            url={tiles.url}
            attribution={tiles.attribution}
            maxNativeZoom={tiles.max_zoom}
            maxZoom={MAP_ZOOM.mapMax}
          />
        </LayersControl.BaseLayer>
      )}
    </LayersControl>
  );
}
