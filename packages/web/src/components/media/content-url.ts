import type { MediaFile } from '@vigil/domain';

/**
 * The URL of one of a file's thumbnails ('small', 'medium'…), null when it has none of that name.
 * Used as it is, like the file's own public_url: a private file's is signed by the service and
 * needs no session (ADR 0025), so an <img> or a link can read it.
 */
export function thumbnailUrl(file: Pick<MediaFile, 'thumbnails'>, name: string): string | null {
  return file.thumbnails.find((t) => t.name === name)?.file.public_url ?? null;
}
