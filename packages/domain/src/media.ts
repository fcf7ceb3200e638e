import { z } from 'zod';
import { idSchema } from './api.ts';

/**
 * The media file library (requirements#monitoring-screens, #monitoring-entities, #monitoring-states,
 * #monitoring-validation, #monitoring-calls, #monitoring-errors, #monitoring-constants; requirements#service-contracts;
 * ADR 0025): files are
 * created as records, uploaded to a Vigil URL, processed (public_url appears) and given thumbnails
 * by background tasks.
 */

/** Maximum file size (requirements#monitoring-validation), enforced while the upload streams. */
export const MEDIA_MAX_FILE_SIZE = 10_485_760;
/** Files are listed 100 a page (requirements#monitoring-calls). */
export const MEDIA_PAGE_SIZE = 100;

/**
 * Polls of requirements#monitoring-states and #monitoring-constants: processed file 10 tries at 500 ms; thumbnail task
 * every 200 ms for 20 s.
 */
export const MEDIA_POLL = {
  processedTries: 10,
  processedIntervalMs: 500,
  thumbnailIntervalMs: 200,
  thumbnailTimeoutMs: 20_000,
} as const;

/**
 * Default thumbnails (requirements#monitoring-entities, #monitoring-constants): small 120 × 120 and medium 240 × 240.
 */
export const THUMBNAIL_SIZES = { small: 120, medium: 240 } as const;

export const MEDIA_CATEGORIES = ['images', 'videos', 'documents', 'icons', 'other'] as const;
export type MediaCategory = (typeof MEDIA_CATEGORIES)[number];

/** Extensions of each category (requirements#monitoring-validation); a PNG is both an image and an icon. */
export const CATEGORY_EXTENSIONS: Record<Exclude<MediaCategory, 'other'>, readonly string[]> = {
  images: ['jpg', 'jpeg', 'png', 'gif'],
  videos: ['mpg', 'mp4', 'm4v', 'mov', 'mpeg'],
  documents: ['pdf', 'txt', 'csv', 'xls', 'xlsx', 'doc', 'docx', 'ppt', 'pptx'],
  icons: ['png', 'svg'],
};

/** The MIME types a file of each known extension may be declared as (the first is the usual one). */
export const EXTENSION_MIME_TYPES: Record<string, readonly string[]> = {
  jpg: ['image/jpeg'],
  jpeg: ['image/jpeg'],
  png: ['image/png'],
  gif: ['image/gif'],
  svg: ['image/svg+xml'],
  mpg: ['video/mpeg'],
  mpeg: ['video/mpeg'],
  mp4: ['video/mp4'],
  m4v: ['video/x-m4v', 'video/mp4'],
  mov: ['video/quicktime'],
  pdf: ['application/pdf'],
  txt: ['text/plain'],
  csv: ['text/csv', 'text/plain', 'application/vnd.ms-excel'],
  xls: ['application/vnd.ms-excel'],
  xlsx: ['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
  doc: ['application/msword'],
  docx: ['application/vnd.openxmlformats-officedocument.wordprocessingml.document'],
  ppt: ['application/vnd.ms-powerpoint'],
  pptx: ['application/vnd.openxmlformats-officedocument.presentationml.presentation'],
};

/** The type a file of unknown extension is declared as. */
export const GENERIC_MIME_TYPE = 'application/octet-stream';

/** The lower-case extension of a file name, '' when it has none. */
export function fileExtension(filename: string): string {
  const match = /\.([A-Za-z0-9]+)$/.exec(filename.trim());
  return match ? match[1]!.toLowerCase() : '';
}

/** The categories a file name falls in: 'other' when its extension is in none (requirements#monitoring-validation). */
export function mediaCategoriesOf(filename: string): MediaCategory[] {
  const extension = fileExtension(filename);
  const categories = (Object.keys(CATEGORY_EXTENSIONS) as Array<keyof typeof CATEGORY_EXTENSIONS>).filter((c) =>
    CATEGORY_EXTENSIONS[c].includes(extension),
  );
  return categories.length > 0 ? categories : ['other'];
}

/** Images of these extensions get thumbnails (requirements#monitoring-validation). */
export const hasThumbnails = (filename: string) => CATEGORY_EXTENSIONS.images.includes(fileExtension(filename));

/** The MIME type to declare for a file name: its extension's usual type, else the generic one. */
export const mimeTypeFor = (filename: string) =>
  EXTENSION_MIME_TYPES[fileExtension(filename)]?.[0] ?? GENERIC_MIME_TYPE;

/**
 * A file is public unless attrs.is_public is false (requirements#monitoring-validation). The service stores the flag on
 * every file, false unless its creator chose true, so files are private by default (ADR 0025).
 */
export const isPublicMedia = (attrs: Record<string, unknown> | null | undefined) => attrs?.is_public !== false;

/**
 * The file manager's features (requirements#roles-permissions) that the media service enforces and the file manager
 * offers by: creating and uploading files, deleting them, changing their tags (ADR 0025).
 */
export type FileManagerFeature = 'upload' | 'delete' | 'tag';

/**
 * Texts of requirements#monitoring-validation and #monitoring-errors, as the spec spells them (the service and the web
 * app share them).
 */
export const MEDIA_MESSAGES = {
  duplicateUpload: 'File already exists in system',
  duplicateName: 'File name already exists in system',
  conflictOnAdd: 'File aready exists in the system',
  retrieveFailed: 'Error retrieving the file with Id: {id}',
  addFailed: 'Failed to add the file.',
  createFailed: 'Failed to create the file',
  uploadFailed: 'Failed to upload the file',
  uploadUrlFailed: 'Failed to retrieve the upload URL',
  processFailed: 'Failed to retrieve the processed file.',
  deleteFailed: 'Failed to delete the file with id {id}',
  thumbnailTypeFailed: 'Failed to create thumbnail type',
  thumbnailTypeDeleteFailed: 'Failed to delete the thumbnail-type with id {id}',
  taskCheckFailed: 'Failed to check task with uri {uri}',
  thumbnailTimeout: 'Timed out processing thumbnails for given file. Check service in backend.',
  /** ours */
  tooLarge: 'The file is larger than 10485760 bytes',
  typeMismatch: 'The file’s contents are not of its declared type',
  notUploaded: 'The file has not been uploaded yet',
  uploadExpired: 'The upload URL has expired: ask for a new one',
  uploadOffset: 'The upload does not continue where the last part ended',
  imageUnreadable: 'The image cannot be read: it is damaged or incomplete',
  imageTooLarge: 'The image is larger than 100 megapixels or 30000 pixels on a side',
  processingFailed: 'The file could not be processed',
} as const;

/** Replaces `{name}` placeholders of a message. */
export const mediaMessage = (text: string, values: Record<string, string>) =>
  text.replace(/\{(\w+)\}/g, (whole, name: string) => values[name] ?? whole);

/** One size of a thumbnail type: a box the image is fitted into. */
export const thumbnailDimensionSchema = z.strictObject({
  name: z
    .string()
    .trim()
    .min(1)
    .max(40)
    .regex(/^[A-Za-z0-9@_-]+$/, 'Letters, digits, @, _ and - only'),
  width: z.number().int().min(1).max(8000),
  height: z.number().int().min(1).max(8000),
});
export type ThumbnailDimension = z.infer<typeof thumbnailDimensionSchema>;

/** The default dimensions: small and medium (requirements#monitoring-entities). */
export const DEFAULT_THUMBNAIL_DIMENSIONS: ThumbnailDimension[] = [
  { name: 'small', width: THUMBNAIL_SIZES.small, height: THUMBNAIL_SIZES.small },
  { name: 'medium', width: THUMBNAIL_SIZES.medium, height: THUMBNAIL_SIZES.medium },
];

/** The auto-resize thumbnail type's name (requirements#monitoring-validation). */
export const autoResizeTypeName = (name: string) => `${name}-Auto-2x1x`;

/**
 * Auto resize (requirements#monitoring-validation): '@2x' at 2/3 and '@1x' at 1/3 of the image size, plus small and
 * medium.
 */
export function autoResizeDimensions(width: number, height: number): ThumbnailDimension[] {
  const scaled = (name: string, factor: number) => ({
    name,
    width: Math.max(1, Math.round(width * factor)),
    height: Math.max(1, Math.round(height * factor)),
  });
  return [scaled('@2x', 2 / 3), scaled('@1x', 1 / 3), ...DEFAULT_THUMBNAIL_DIMENSIONS];
}

export const thumbnailTypeSchema = z.object({
  id: z.string(),
  name: z.string(),
  auto_process: z.boolean(),
  dimensions: z.array(thumbnailDimensionSchema),
  created_at: z.string(),
});
export type ThumbnailType = z.infer<typeof thumbnailTypeSchema>;

/** `POST /media/api/v1/thumbnail-types/`. */
export const thumbnailTypeCreateBody = z.strictObject({
  name: z.string().trim().min(1).max(200),
  auto_process: z.boolean().default(false),
  dimensions: z
    .array(thumbnailDimensionSchema)
    .min(1)
    .max(8)
    .refine((list) => new Set(list.map((d) => d.name)).size === list.length, 'Each dimension has its own name')
    .default(DEFAULT_THUMBNAIL_DIMENSIONS),
});
export type ThumbnailTypeCreateBody = z.infer<typeof thumbnailTypeCreateBody>;

/** attrs of requirements#monitoring-entities; other keys are kept as sent. */
const mediaAttrsSchema = z.looseObject({
  fileSrc: z.string().max(2048).optional(),
  is_public: z.boolean().optional(),
  drawType: z.string().max(100).optional(),
});

const tagsSchema = z.array(z.string().trim().min(1).max(100)).max(50);

/**
 * The label: what the library shows; trimmed, as duplicates are compared trimmed (requirements#monitoring-validation).
 */
const labelSchema = z.string().trim().min(1).max(255);
const filenameSchema = z
  .string()
  .trim()
  .min(1)
  .max(255)
  .refine(
    (name) => ![...name].some((c) => c.charCodeAt(0) < 32 || c === '/' || c === '\\'),
    'A file name holds no slashes or control characters',
  );
const mimeTypeSchema = z
  .string()
  .trim()
  .toLowerCase()
  .regex(/^[a-z0-9.+-]+\/[a-z0-9.+-]+$/, 'A MIME type such as image/png');

/** `POST /media/api/v1/files/`: the record, before any bytes (requirements#monitoring-calls). */
export const mediaFileCreateBody = z.strictObject({
  original_filename: filenameSchema,
  label: labelSchema.optional(),
  mime_type: mimeTypeSchema,
  tags: tagsSchema.default([]),
  attrs: mediaAttrsSchema.default({}),
  description: z.string().max(2000).default(''),
  thumbnail_type: idSchema.nullable().default(null),
});
export type MediaFileCreateBody = z.input<typeof mediaFileCreateBody>;

/** `PATCH /media/api/v1/files/{id}/`: rename, tags, attrs, description, thumbnail type. */
export const mediaFilePatchBody = z.strictObject({
  label: labelSchema.optional(),
  tags: tagsSchema.optional(),
  attrs: mediaAttrsSchema.optional(),
  description: z.string().max(2000).optional(),
  thumbnail_type: idSchema.nullable().optional(),
});
export type MediaFilePatchBody = z.infer<typeof mediaFilePatchBody>;

const thumbnailSchema = z.object({
  name: z.string(),
  width: z.number().nullable(),
  height: z.number().nullable(),
  file: z.object({ id: z.string(), public_url: z.string().nullable() }),
});
export type MediaThumbnail = z.infer<typeof thumbnailSchema>;

/** A media file on the wire (requirements#monitoring-entities, with its size and image dimensions). */
export const mediaFileSchema = z.object({
  id: z.string(),
  original_filename: z.string(),
  label: z.string(),
  mime_type: z.string(),
  /** bytes, once uploaded */
  size: z.number().nullable(),
  width: z.number().nullable(),
  height: z.number().nullable(),
  tags: z.array(z.string()),
  attrs: z.record(z.string(), z.unknown()),
  /**
   * where the bytes are served, once processed: a public file's own path; a private file's path
   * signed until the end of the next whole hour, so that an <img> or a link needs no session (ADR 0025)
   */
  public_url: z.string().nullable(),
  thumbnails: z.array(thumbnailSchema),
  thumbnail_type: z.string().nullable(),
  description: z.string(),
  created_by: z.string().nullable(),
  created_at: z.string(),
  modified_by: z.string().nullable(),
  modified_at: z.string(),
  is_thumbnail: z.boolean(),
  is_uploaded: z.boolean(),
  /** its processing failed: public_url will not appear unless it is processed again */
  processing_failed: z.boolean(),
});
export type MediaFile = z.infer<typeof mediaFileSchema>;

/**
 * `GET files/{id}/upload-url/`: POST `fields` and then `file` as multipart to `url`. A client may
 * send the file in parts to resume later: each part adds `offset` (the bytes received so far,
 * `received` here) and every part but the last `complete=false` (ADR 0025).
 */
export const uploadUrlSchema = z.object({
  url: z.string(),
  fields: z.record(z.string(), z.string()),
  received: z.number(),
  expires_at: z.string(),
});
export type UploadUrl = z.infer<typeof uploadUrlSchema>;

/** A part of a resumable upload was stored; the file is not complete yet. */
export const uploadPartSchema = z.object({ received: z.number() });

export const checkUriSchema = z.object({ check_uri: z.string() });

export const TASK_STATUSES = ['PENDING', 'STARTED', 'SUCCESS', 'FAILURE'] as const;
export type TaskStatus = (typeof TASK_STATUSES)[number];
export const taskStatusSchema = z.object({
  id: z.string(),
  status: z.enum(TASK_STATUSES),
  error: z.string().nullable(),
});
export type MediaTask = z.infer<typeof taskStatusSchema>;
