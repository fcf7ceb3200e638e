import DescriptionOutlined from '@mui/icons-material/DescriptionOutlined';
import ImageOutlined from '@mui/icons-material/ImageOutlined';
import InsertDriveFileOutlined from '@mui/icons-material/InsertDriveFileOutlined';
import InterestsOutlined from '@mui/icons-material/InterestsOutlined';
import MovieOutlined from '@mui/icons-material/MovieOutlined';
import PictureAsPdfOutlined from '@mui/icons-material/PictureAsPdfOutlined';
import TableChartOutlined from '@mui/icons-material/TableChartOutlined';
import { Box } from '@mui/material';
import { fileExtension, mediaCategoriesOf, type MediaFile } from '@vigil/domain';
import { useState } from 'react';
import { thumbnailUrl } from './content-url.ts';

const CATEGORY_ICONS = {
  images: ImageOutlined,
  videos: MovieOutlined,
  documents: DescriptionOutlined,
  icons: InterestsOutlined,
  other: InsertDriveFileOutlined,
};

/** The icon of a file without a picture: by category, with PDFs and spreadsheets told apart. */
function iconOf(filename: string) {
  const extension = fileExtension(filename);
  if (extension === 'pdf') return PictureAsPdfOutlined;
  if (['xls', 'xlsx', 'csv'].includes(extension)) return TableChartOutlined;
  return CATEGORY_ICONS[mediaCategoriesOf(filename)[0]!];
}

/** What the picture of a file is: its small thumbnail (medium on sharp screens), else an image's own bytes. */
function pictureOf(file: MediaFile) {
  const small = thumbnailUrl(file, 'small');
  if (small) {
    const medium = thumbnailUrl(file, 'medium');
    return { src: small, srcSet: medium ? `${small} 1x, ${medium} 2x` : undefined };
  }
  // An SVG icon, or an image the service made no thumbnails for: small files, shown as they are.
  if (file.mime_type.startsWith('image/')) {
    return file.public_url ? { src: file.public_url, srcSet: undefined } : null;
  }
  return null;
}

/** A file's thumbnail in a box of `size` pixels (its picture described by `alt`), or the icon of its kind. */
export function FilePreview({ file, size, alt }: { file: MediaFile; size: number; alt: string }) {
  const [broken, setBroken] = useState(false);
  const picture = broken ? null : pictureOf(file);
  const Icon = iconOf(file.original_filename);
  return (
    <Box
      sx={{
        width: '100%',
        height: size,
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        bgcolor: 'action.hover',
        borderRadius: 1,
        overflow: 'hidden',
      }}
    >
      {picture ? (
        <Box
          component="img"
          src={picture.src}
          srcSet={picture.srcSet}
          alt={alt}
          loading="lazy"
          onError={() => setBroken(true)}
          sx={{ maxWidth: '100%', maxHeight: '100%', objectFit: 'contain', display: 'block' }}
        />
      ) : (
        <Icon aria-hidden sx={{ fontSize: Math.round(size * 0.45), color: 'text.secondary' }} />
      )}
    </Box>
  );
}
