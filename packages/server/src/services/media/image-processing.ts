import type { ThumbnailDimension } from '@vigil/domain';
import sharp from 'sharp';

/** Image types that get thumbnails (spec 001 §5: jpg, jpeg, png, gif). */
const THUMBNAIL_SOURCES = new Set(['image/jpeg', 'image/png', 'image/gif']);
export const makesThumbnails = (mimeType: string) => THUMBNAIL_SOURCES.has(mimeType);

/** Width and height of an image (as displayed, after its EXIF orientation), or null if it cannot be read. */
export async function imageSize(input: string | Buffer): Promise<{ width: number; height: number } | null> {
  try {
    const meta = await sharp(input).metadata();
    if (!meta.width || !meta.height) return null;
    const turned = (meta.orientation ?? 1) >= 5;
    return turned ? { width: meta.height, height: meta.width } : { width: meta.width, height: meta.height };
  } catch {
    return null;
  }
}

export interface Thumbnail {
  bytes: Buffer;
  width: number;
  height: number;
  mimeType: string;
}

/**
 * One thumbnail: the image turned upright and cut to fill the dimension's box (a square grid tile
 * for small and medium; the auto-resize sizes keep the image's proportions, so nothing is cut).
 * JPEGs stay JPEG; PNGs and GIFs (first frame) become PNG, keeping transparency.
 */
export async function makeThumbnail(
  source: Buffer,
  mimeType: string,
  dimension: ThumbnailDimension,
): Promise<Thumbnail> {
  const resized = sharp(source).rotate().resize(dimension.width, dimension.height, { fit: 'cover' });
  const jpeg = mimeType === 'image/jpeg';
  const { data, info } = await (jpeg ? resized.jpeg({ quality: 82, mozjpeg: true }) : resized.png()).toBuffer({
    resolveWithObject: true,
  });
  return { bytes: data, width: info.width, height: info.height, mimeType: jpeg ? 'image/jpeg' : 'image/png' };
}
