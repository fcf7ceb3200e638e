import { queryOptions } from '@tanstack/react-query';
import type {
  MediaFile,
  MediaFileCreateBody,
  MediaFilePatchBody,
  MediaTask,
  ThumbnailType,
  ThumbnailTypeCreateBody,
  UploadUrl,
} from '@vigil/domain';
import { API, api, listAll } from './client.ts';
import { queryKeys } from './query-keys.ts';

const FILES = `${API.media}/files`;

/** What the library lists: uploaded files without their thumbnails' own records (requirements#monitoring-calls). */
const LIBRARY_QUERY = { exclude_thumbnails: true, excluded_fields: 'description,created_by,modified_by' };

/** What one file's read leaves out (requirements#monitoring-calls), as the library does. */
const ONE_FILE_QUERY = { excluded_fields: 'description,created_by,is_thumbnail,modified_by' };

/** A task's check_uri is a path under the media service; a relative one is taken as relative to it. */
export const taskUrl = (checkUri: string) =>
  /^(\/|https?:)/.test(checkUri) ? checkUri : `${API.media}/${checkUri.replace(/^\.?\//, '')}`;

/**
 * Every media call (requirements#monitoring-calls). All are quiet: the file manager says itself what failed, in the
 * spec's words, instead of the generic error dialog.
 */
export const mediaApi = {
  list: () => listAll<MediaFile>(`${FILES}/`, { query: LIBRARY_QUERY, quiet: true }),
  get: (id: string, signal?: AbortSignal) =>
    api.get<MediaFile>(`${FILES}/${id}/`, { query: ONE_FILE_QUERY, quiet: true, signal }),
  create: (body: MediaFileCreateBody) => api.post<MediaFile>(`${FILES}/`, body, { quiet: true }),
  patch: (id: string, body: MediaFilePatchBody) => api.patch<MediaFile>(`${FILES}/${id}/`, body, { quiet: true }),
  remove: (id: string) => api.delete(`${FILES}/${id}/`, undefined, { quiet: true }),
  uploadUrl: (id: string, signal?: AbortSignal) =>
    api.get<UploadUrl>(`${FILES}/${id}/upload-url/`, { quiet: true, signal }),
  process: (id: string, signal?: AbortSignal) => api.get<MediaFile>(`${FILES}/${id}/process/`, { quiet: true, signal }),
  processThumbnails: (id: string, signal?: AbortSignal) =>
    api.get<{ check_uri: string }>(`${FILES}/${id}/process-thumbnails/`, { quiet: true, signal }),
  checkTask: (checkUri: string, signal?: AbortSignal) => api.get<MediaTask>(taskUrl(checkUri), { quiet: true, signal }),
  createThumbnailType: (body: ThumbnailTypeCreateBody) =>
    api.post<ThumbnailType>(`${API.media}/thumbnail-types/`, body, { quiet: true }),
  deleteThumbnailType: (id: string) => api.delete(`${API.media}/thumbnail-types/${id}/`, undefined, { quiet: true }),
};

export type MediaApi = typeof mediaApi;

/** The project's library, newest first; only files whose bytes have arrived (requirements#monitoring-screens). */
export const mediaFilesQuery = (projectId: string) =>
  queryOptions({
    queryKey: queryKeys.media.files(projectId),
    queryFn: async () => (await mediaApi.list()).filter((file) => file.is_uploaded),
  });
