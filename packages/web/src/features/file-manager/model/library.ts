import { fileExtension, MEDIA_CATEGORIES, mediaCategoriesOf, type MediaCategory, type MediaFile } from '@vigil/domain';

type Named = Pick<MediaFile, 'id' | 'label' | 'original_filename'>;

/** Whether a file matches the caller's filter: words found in its label, file name or tags, in any case. */
export function matchesFilter(file: Pick<MediaFile, 'label' | 'original_filename' | 'tags'>, filter: string) {
  const words = filter.trim().toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return true;
  const haystack = [file.label, file.original_filename, ...file.tags].join('\n').toLowerCase();
  return words.every((word) => haystack.includes(word));
}

/**
 * The files of one category (requirements#monitoring-validation: a PNG is both an image and an icon) that match the
 * filter.
 */
export const filesOf = (files: readonly MediaFile[], category: MediaCategory, filter: string) =>
  files.filter((file) => mediaCategoriesOf(file.original_filename).includes(category) && matchesFilter(file, filter));

/** How many files of each category match the filter, for the tabs. */
export function categoryCounts(files: readonly MediaFile[], filter: string): Record<MediaCategory, number> {
  const counts = Object.fromEntries(MEDIA_CATEGORIES.map((c) => [c, 0])) as Record<MediaCategory, number>;
  for (const file of files) {
    if (!matchesFilter(file, filter)) continue;
    for (const category of mediaCategoriesOf(file.original_filename)) counts[category] += 1;
  }
  return counts;
}

const namesOf = (file: Named) => [file.label.trim(), file.original_filename.trim()];

/**
 * An upload is refused when its trimmed label or file name equals a library file's label or file
 * name (requirements#monitoring-validation: 'File already exists in system').
 */
export function isDuplicateUpload(files: readonly Named[], label: string, filename: string) {
  const wanted = new Set([label.trim(), filename.trim()]);
  return files.some((file) => namesOf(file).some((name) => wanted.has(name)));
}

/**
 * A rename is refused when another file already bears the name (requirements#monitoring-validation: 'File name already
 * exists in system').
 */
export const isNameTaken = (files: readonly Named[], id: string, label: string) =>
  files.some((file) => file.id !== id && namesOf(file).includes(label.trim()));

/** Every tag of the library once, alphabetically: the suggestions of the tags dialog. */
export const libraryTags = (files: readonly MediaFile[]) =>
  [...new Set(files.flatMap((file) => file.tags))].sort((a, b) => a.localeCompare(b));

/** A file's type as people name it: its extension in capitals ('PNG'), else its MIME type. */
export const typeOf = (file: Pick<MediaFile, 'original_filename' | 'mime_type'>) =>
  fileExtension(file.original_filename).toUpperCase() || file.mime_type;
