import {
  SERVICE_PREFIXES,
  type MediaFile,
  type MediaTask,
  type ThumbnailDimension,
  type ThumbnailType,
} from '@vigil/domain';
import { fromFlag, fromJson } from '../../db/values.ts';
import type { ContentUrlOf } from './content-urls.ts';
import type { MediaFileRow, MediaTaskRow, ThumbnailTypeRow } from './media-store.ts';

export const taskPath = (id: string) => `${SERVICE_PREFIXES.media}/tasks/${id}/`;

/** What presenting files needs beyond their rows: where their bytes are read, which failed processing. */
export interface Served {
  urlOf: ContentUrlOf;
  processingFailed: ReadonlySet<string>;
}

/** A media file as the API answers it, with its thumbnails nested (requirements#monitoring-entities). */
export function presentMediaFile(row: MediaFileRow, thumbnails: readonly MediaFileRow[], served: Served): MediaFile {
  return {
    id: row.id,
    original_filename: row.original_filename,
    label: row.label,
    mime_type: row.mime_type,
    size: row.size,
    width: row.width,
    height: row.height,
    tags: fromJson<string[]>(row.tags, []),
    attrs: fromJson<Record<string, unknown>>(row.attrs, {}),
    public_url: row.processed_at ? served.urlOf(row) : null,
    thumbnails: thumbnails.map((t) => ({
      name: t.thumbnail_name ?? '',
      width: t.width,
      height: t.height,
      file: { id: t.id, public_url: t.processed_at ? served.urlOf(t) : null },
    })),
    thumbnail_type: row.thumbnail_type_id,
    description: row.description,
    created_by: row.created_by,
    created_at: row.created_at,
    modified_by: row.modified_by,
    modified_at: row.modified_at,
    is_thumbnail: row.parent_id !== null,
    is_uploaded: fromFlag(row.is_uploaded),
    processing_failed: !row.processed_at && served.processingFailed.has(row.id),
  };
}

export function presentThumbnailType(row: ThumbnailTypeRow): ThumbnailType {
  return {
    id: row.id,
    name: row.name,
    auto_process: fromFlag(row.auto_process),
    dimensions: fromJson<ThumbnailDimension[]>(row.dimensions, []),
    created_at: row.created_at,
  };
}

export const presentTask = (row: MediaTaskRow): MediaTask => ({ id: row.id, status: row.status, error: row.error });
