import type { ThumbnailDimension } from '@vigil/domain';
import sharp, { type Metadata } from 'sharp';

/** Image types that get thumbnails (requirements#monitoring-validation: jpg, jpeg, png, gif). */
const THUMBNAIL_SOURCES = new Set(['image/jpeg', 'image/png', 'image/gif']);
export const makesThumbnails = (mimeType: string) => THUMBNAIL_SOURCES.has(mimeType);

/**
 * Images above these are refused at upload (ADR 0025): decoding them costs memory and time no
 * thumbnail is worth, and a sliver (1 × 4,000,000) cannot be cut into a tile at all.
 */
export const MAX_IMAGE_PIXELS = 100_000_000;
export const MAX_IMAGE_SIDE = 30_000;

/**
 * How every image is read, at upload and when thumbnails are made, so that what passed the check
 * is processed: a damaged file (a bad checksum, cut short) fails; the warnings many cameras' files
 * raise do not.
 */
const READ = { failOn: 'error', limitInputPixels: MAX_IMAGE_PIXELS } as const;

export type ImageCheck = { width: number; height: number } | { problem: 'unreadable' | 'too-large' };

/**
 * Whether an image can be processed: its header read, its size within the limits, and its pixels
 * decoded (into a tiny copy, so that memory stays small). Answers its width and height as displayed,
 * after its EXIF orientation.
 */
export async function checkImage(input: string | Buffer): Promise<ImageCheck> {
  let meta: Metadata;
  try {
    // The header alone, whatever size it claims: the limits are checked below, to say which was broken.
    meta = await sharp(input, { ...READ, limitInputPixels: false }).metadata();
  } catch {
    return { problem: 'unreadable' };
  }
  const { width, height } = meta;
  if (!width || !height) return { problem: 'unreadable' };
  if (width > MAX_IMAGE_SIDE || height > MAX_IMAGE_SIDE || width * height > MAX_IMAGE_PIXELS) {
    return { problem: 'too-large' };
  }
  try {
    await sharp(input, READ).resize(32, 32, { fit: 'inside' }).raw().toBuffer();
  } catch {
    return { problem: 'unreadable' };
  }
  return (meta.orientation ?? 1) >= 5 ? { width: height, height: width } : { width, height };
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
  const resized = sharp(source, READ).rotate().resize(dimension.width, dimension.height, { fit: 'cover' });
  const jpeg = mimeType === 'image/jpeg';
  const { data, info } = await (jpeg ? resized.jpeg({ quality: 82, mozjpeg: true }) : resized.png()).toBuffer({
    resolveWithObject: true,
  });
  return { bytes: data, width: info.width, height: info.height, mimeType: jpeg ? 'image/jpeg' : 'image/png' };
}
