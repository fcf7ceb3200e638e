import { Box, Link } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useSiteImage } from '../../../components/map/use-site-image.ts';
import { CardFrame } from '../cards/card-frame.tsx';

/** A media card of the section: one of its images (the tracing drawing, the aerial image), and the way to the library. */
export function SectionImageCard({
  image,
  title,
}: {
  image: { file_id: string | null; url: string | null };
  title: string;
}) {
  const { t } = useTranslation('crossSections');
  // Media content needs the session's token: fetched as bytes, shown from an object URL.
  const url = useSiteImage(image.url ?? undefined, image.file_id ?? '');
  return (
    <CardFrame
      title={title}
      loading={!url}
      actions={
        <Link component={RouterLink} to="/file-manager" variant="caption">
          {t('images.library')}
        </Link>
      }
    >
      {url && (
        <Box
          component="img"
          src={url}
          alt={title}
          sx={{ flex: 1, minHeight: 0, width: '100%', objectFit: 'contain', bgcolor: 'action.hover', borderRadius: 1 }}
        />
      )}
    </CardFrame>
  );
}
