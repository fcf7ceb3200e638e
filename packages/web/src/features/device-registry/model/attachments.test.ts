import { describe, expect, it } from 'vitest';
import { attachmentOf, fileIdOf } from './attachments.ts';

describe('a device attachment', () => {
  it('keeps the file id in an unsigned content path, never an expiring signed URL', () => {
    const attachment = attachmentOf({
      id: 'f-1',
      mime_type: 'application/pdf',
      label: 'Installation record',
      original_filename: 'pz-01.pdf',
      public_url: '/media/api/v1/files/f-1/content?expires=1800000000&signature=abc',
    });
    expect(attachment).toEqual({
      type: 'pdf',
      public_url: '/media/api/v1/files/f-1/content',
      label: 'Installation record',
      original_filename: 'pz-01.pdf',
    });
    expect(fileIdOf(attachment)).toBe('f-1');
    expect(fileIdOf({ public_url: '/media/api/v1/files/f-2/content?expires=1&signature=ab' })).toBe('f-2');
    expect(fileIdOf({ public_url: 'https://example.com/a.pdf' })).toBeNull();
  });

  it('keeps a public file’s own URL', () => {
    const file = { id: 'f-3', mime_type: 'image/jpeg', label: 'Crest', original_filename: 'crest.jpg' };
    expect(attachmentOf({ ...file, public_url: '/media/api/v1/files/f-3/content' }).public_url).toBe(
      '/media/api/v1/files/f-3/content',
    );
  });
});
