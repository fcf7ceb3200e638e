import { describe, expect, it } from 'vitest';
import { mediaFile } from '../../../components/media/test-support/media-file.ts';
import {
  categoryCounts,
  filesOf,
  isDuplicateUpload,
  isNameTaken,
  libraryTags,
  matchesFilter,
  typeOf,
} from './library.ts';

const dam = mediaFile({ id: '1', original_filename: 'dam-crest.PNG', label: 'Dam crest', tags: ['Survey', 'crest'] });
const report = mediaFile({
  id: '2',
  original_filename: 'report.pdf',
  label: 'Monthly report',
  mime_type: 'application/pdf',
});
const clip = mediaFile({ id: '3', original_filename: 'spillway.mp4', label: 'Spillway', tags: ['video'] });
const logo = mediaFile({ id: '4', original_filename: 'logo.svg', label: 'Logo', tags: ['brand'] });
const archive = mediaFile({ id: '5', original_filename: 'backup.zip', label: 'Backup' });
const library = [dam, report, clip, logo, archive];

describe('the caller’s filter', () => {
  it('finds words in the label, the file name and the tags, in any case', () => {
    expect(matchesFilter(dam, 'CREST')).toBe(true);
    expect(matchesFilter(dam, 'dam-crest.png')).toBe(true);
    expect(matchesFilter(dam, 'survey')).toBe(true);
    expect(matchesFilter(dam, 'survey crest')).toBe(true);
    expect(matchesFilter(dam, 'survey spillway')).toBe(false);
  });

  it('keeps every file when empty', () => {
    expect(matchesFilter(dam, '   ')).toBe(true);
  });
});

describe('the categories', () => {
  it('puts a PNG in images and icons, an SVG in icons, an unknown extension in other', () => {
    expect(filesOf(library, 'images', '').map((f) => f.id)).toEqual(['1']);
    expect(filesOf(library, 'icons', '').map((f) => f.id)).toEqual(['1', '4']);
    expect(filesOf(library, 'documents', '').map((f) => f.id)).toEqual(['2']);
    expect(filesOf(library, 'videos', '').map((f) => f.id)).toEqual(['3']);
    expect(filesOf(library, 'other', '').map((f) => f.id)).toEqual(['5']);
  });

  it('counts the files of each category that match the filter', () => {
    expect(categoryCounts(library, '')).toEqual({ images: 1, videos: 1, documents: 1, icons: 2, other: 1 });
    expect(categoryCounts(library, 'brand')).toEqual({ images: 0, videos: 0, documents: 0, icons: 1, other: 0 });
  });
});

describe('duplicate names (requirements#monitoring-validation)', () => {
  it('refuses an upload whose trimmed label or file name equals a file’s label or file name', () => {
    expect(isDuplicateUpload(library, 'Dam crest', 'new.png')).toBe(true);
    expect(isDuplicateUpload(library, ' report.pdf ', 'other.pdf')).toBe(true);
    expect(isDuplicateUpload(library, 'Fresh', ' dam-crest.PNG')).toBe(true);
    expect(isDuplicateUpload(library, 'Fresh', 'Monthly report')).toBe(true);
    expect(isDuplicateUpload(library, 'Fresh', 'fresh.png')).toBe(false);
  });

  it('refuses a rename onto another file’s name, not onto the file’s own', () => {
    expect(isNameTaken(library, '1', 'Monthly report ')).toBe(true);
    expect(isNameTaken(library, '1', 'spillway.mp4')).toBe(true);
    expect(isNameTaken(library, '1', 'dam-crest.PNG')).toBe(false);
    expect(isNameTaken(library, '1', 'Crest from the north')).toBe(false);
  });
});

it('offers every tag of the library once, alphabetically', () => {
  expect(libraryTags([...library, mediaFile({ id: '6', tags: ['crest', 'Aerial'] })])).toEqual([
    'Aerial',
    'brand',
    'crest',
    'Survey',
    'video',
  ]);
});

it('names a file’s type by its extension, else by its MIME type', () => {
  expect(typeOf(dam)).toBe('PNG');
  expect(typeOf(mediaFile({ id: '7', original_filename: 'README', mime_type: 'application/octet-stream' }))).toBe(
    'application/octet-stream',
  );
});
