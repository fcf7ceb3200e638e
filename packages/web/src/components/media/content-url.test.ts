import { describe, expect, it } from 'vitest';
import { mediaFile } from './test-support/media-file.ts';
import { contentUrl, thumbnailUrl } from './content-url.ts';

const thumbnails = [
  { name: 'small', width: 120, height: 80, file: { id: 't1', public_url: '/media/api/v1/files/t1/content' } },
  { name: 'medium', width: 240, height: 160, file: { id: 't2', public_url: '/media/api/v1/files/t2/content' } },
];

describe('content URLs', () => {
  it('serves a public file without the token', () => {
    expect(contentUrl(mediaFile({ id: 'a' }), 'secret')).toBe('/media/api/v1/files/a/content');
    expect(contentUrl(mediaFile({ id: 'a', attrs: { is_public: true } }), 'secret')).toBe(
      '/media/api/v1/files/a/content',
    );
  });

  it('appends the session token to a private file’s URL (attrs.is_public false)', () => {
    const file = mediaFile({ id: 'a', attrs: { is_public: false } });
    expect(contentUrl(file, 'to ken')).toBe('/media/api/v1/files/a/content?token=to%20ken');
    expect(contentUrl({ ...file, public_url: '/x?size=1' }, 't')).toBe('/x?size=1&token=t');
  });

  it('has no URL before the file is processed', () => {
    expect(contentUrl(mediaFile({ id: 'a', public_url: null }), 't')).toBeNull();
  });

  it('finds a thumbnail by name, private like its file', () => {
    const file = mediaFile({ id: 'a', thumbnails, attrs: { is_public: false } });
    expect(thumbnailUrl(file, 'small', 't')).toBe('/media/api/v1/files/t1/content?token=t');
    expect(thumbnailUrl(mediaFile({ id: 'b', thumbnails }), 'medium', 't')).toBe('/media/api/v1/files/t2/content');
    expect(thumbnailUrl(file, '@2x', 't')).toBeNull();
  });
});
