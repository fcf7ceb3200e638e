import type { MediaFile } from '@vigil/domain';

/** A media file as the service answers it, uploaded and processed; `changes` override any field. */
export function mediaFile(changes: Partial<MediaFile> & { id: string }): MediaFile {
  const name = changes.original_filename ?? `${changes.id}.png`;
  return {
    original_filename: name,
    label: name,
    mime_type: 'image/png',
    size: 2048,
    width: 300,
    height: 200,
    tags: [],
    attrs: {},
    public_url: `/media/api/v1/files/${changes.id}/content`,
    thumbnails: [],
    thumbnail_type: null,
    description: '',
    created_by: null,
    created_at: '2026-11-20T10:00:00Z',
    modified_by: null,
    modified_at: '2026-11-20T10:00:00Z',
    is_thumbnail: false,
    is_uploaded: true,
    processing_failed: false,
    ...changes,
  };
}
