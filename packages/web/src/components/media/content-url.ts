import { isPublicMedia, type MediaFile } from '@vigil/domain';

type Served = Pick<MediaFile, 'public_url' | 'attrs'>;

/**
 * Where an <img> or a link finds a file's bytes: its public_url, with the session token appended
 * for a private file (spec 001 §5), since neither can send an Authorization header.
 */
export function contentUrl(file: Served, token: string | undefined, url = file.public_url): string | null {
  if (!url) return null;
  if (isPublicMedia(file.attrs) || !token) return url;
  return `${url}${url.includes('?') ? '&' : '?'}token=${encodeURIComponent(token)}`;
}

/** The URL of one of a file's thumbnails ('small', 'medium'…), null when it has none of that name. */
export function thumbnailUrl(file: Served & Pick<MediaFile, 'thumbnails'>, name: string, token: string | undefined) {
  const thumbnail = file.thumbnails.find((t) => t.name === name);
  return thumbnail ? contentUrl(file, token, thumbnail.file.public_url) : null;
}
