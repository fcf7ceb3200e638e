import type { TopoImage } from '@vigil/domain';
import { useTranslation } from 'react-i18next';
import { ImageOverlay } from 'react-leaflet';
import { useSiteImage } from '../map/use-site-image.ts';

/** A section's aerial image over its bounds (fetched with the session's token, shown from an object URL). */
export function TopoImageLayer({ image }: { image: TopoImage | null }) {
  const { t } = useTranslation('crossSections');
  const url = useSiteImage(image?.bounds ? (image.url ?? undefined) : undefined, image?.file_id ?? '');
  const b = image?.bounds;
  if (!url || !b) return null;
  return (
    <ImageOverlay
      url={url}
      bounds={[
        [b.south, b.west],
        [b.north, b.east],
      ]}
      opacity={image.opacity}
      alt={t('aerial.topoImage')}
    />
  );
}
