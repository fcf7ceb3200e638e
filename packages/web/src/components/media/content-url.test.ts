import { describe, expect, it } from 'vitest';
import { mediaFile } from './test-support/media-file.ts';
import { thumbnailUrl } from './content-url.ts';

const signed = (id: string) => `/media/api/v1/files/${id}/content?expires=1800000000&signature=${'ab'.repeat(32)}`;
const thumbnails = [
  { name: 'small', width: 120, height: 80, file: { id: 't1', public_url: signed('t1') } },
  { name: 'medium', width: 240, height: 160, file: { id: 't2', public_url: null } },
];

describe('thumbnail URLs', () => {
  it('are the thumbnail’s public_url as the service signed it, with no session token added', () => {
    const file = mediaFile({ id: 'a', thumbnails, attrs: { is_public: false } });
    expect(thumbnailUrl(file, 'small')).toBe(signed('t1'));
    expect(thumbnailUrl(file, 'small')).not.toMatch(/token=/);
  });

  it('are null for a thumbnail not made yet, or of a name the file has none of', () => {
    const file = mediaFile({ id: 'a', thumbnails });
    expect(thumbnailUrl(file, 'medium')).toBeNull();
    expect(thumbnailUrl(file, '@2x')).toBeNull();
  });
});
