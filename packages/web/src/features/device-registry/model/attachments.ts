import { ATTACHMENT_TYPES, mediaContentPath, type Attachment, type MediaFile } from '@vigil/domain';

const CONTENT_PATH = /\/media\/api\/v1\/files\/([^/?#]+)\/content/;

/**
 * A library file as a device attachment. The registry keeps `{type, public_url, label,
 * original_filename}` and no file id, and a private file's public_url is signed and expires
 * (ADR 0025): a public file keeps its own URL, a private one its unsigned content path. Both name
 * the file's id, through which the form shows the library's current URL.
 */
export function attachmentOf(
  file: Pick<MediaFile, 'id' | 'mime_type' | 'label' | 'original_filename' | 'public_url'>,
): Attachment {
  const signed = !file.public_url || /[?&]signature=/.test(file.public_url);
  return {
    type: attachmentType(file.mime_type),
    public_url: signed ? mediaContentPath(encodeURIComponent(file.id)) : file.public_url!,
    label: file.label.slice(0, 200),
    original_filename: file.original_filename.slice(0, 255),
  };
}

/** The library file an attachment names, when its URL is a media content path. */
export const fileIdOf = (attachment: Pick<Attachment, 'public_url'>): string | null => {
  const match = CONTENT_PATH.exec(attachment.public_url);
  return match ? decodeURIComponent(match[1]!) : null;
};

function attachmentType(mime: string): (typeof ATTACHMENT_TYPES)[number] {
  if (mime.startsWith('image/')) return 'image';
  if (mime === 'application/pdf') return 'pdf';
  if (mime.startsWith('video/')) return 'video';
  if (/word|excel|sheet|document|text|csv|presentation/.test(mime)) return 'document';
  return 'other';
}
