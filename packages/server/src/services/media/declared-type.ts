import { open } from 'node:fs/promises';
import { EXTENSION_MIME_TYPES, fileExtension, GENERIC_MIME_TYPE, MEDIA_MESSAGES } from '@vigil/domain';
import { fileTypeFromFile } from 'file-type';

/** Types a browser would run as a page or a script in Vigil's origin: never stored under these. */
const ACTIVE_TYPES = new Set([
  'text/html',
  'application/xhtml+xml',
  'text/javascript',
  'application/javascript',
  'application/ecmascript',
  'text/xml',
  'application/xml',
]);

/** Sniffed types that are the same format as a declared one (ISO media boxes, MPEG streams, OLE). */
const SAME_FORMAT: Record<string, readonly string[]> = {
  'video/mp4': ['video/mp4', 'video/x-m4v', 'video/quicktime'],
  'video/x-m4v': ['video/mp4', 'video/x-m4v'],
  'video/quicktime': ['video/quicktime', 'video/mp4'],
  'video/mpeg': ['video/mpeg', 'video/MP1S', 'video/MP2P', 'video/mp2t'],
  'application/msword': ['application/x-cfb'],
  'application/vnd.ms-excel': ['application/x-cfb'],
  'application/vnd.ms-powerpoint': ['application/x-cfb'],
};

const TEXT_TYPES = new Set(['text/plain', 'text/csv', 'image/svg+xml']);

/** The reason a declared type and file name do not go together, or null. */
export function declaredTypeProblem(filename: string, mimeType: string): string | null {
  if (ACTIVE_TYPES.has(mimeType)) return `Files of type ${mimeType} are not accepted`;
  const allowed = EXTENSION_MIME_TYPES[fileExtension(filename)];
  if (allowed && !allowed.includes(mimeType)) return `A .${fileExtension(filename)} file is ${allowed.join(' or ')}`;
  if (!allowed && TEXT_TYPES.has(mimeType)) return `A ${mimeType} file has the extension of its type`;
  return null;
}

async function head(path: string, bytes: number): Promise<Buffer> {
  const file = await open(path, 'r');
  try {
    const buffer = Buffer.alloc(bytes);
    const { bytesRead } = await file.read(buffer, 0, bytes, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await file.close();
  }
}

/** Text: no NUL byte in the first 64 KiB. */
const looksLikeText = (bytes: Buffer) => !bytes.includes(0);

/** An SVG document: after any byte-order mark, XML declaration, comments and doctype, an <svg> root. */
function looksLikeSvg(bytes: Buffer): boolean {
  const text = bytes.toString('utf8').replace(/^\uFEFF/, '');
  const prologue = /^\s*(<\?xml[^>]*\?>\s*)?(<!--[\s\S]*?-->\s*|<!DOCTYPE[^>]*>\s*)*<svg[\s>]/i;
  return looksLikeText(bytes) && prologue.test(text);
}

/**
 * Whether the stored bytes are of the declared type, judged by their magic numbers (file-type) and,
 * for text formats, by their content; answers the reason when they are not (ADR 0025).
 */
export async function contentTypeProblem(path: string, mimeType: string): Promise<string | null> {
  const sniffed = await fileTypeFromFile(path);
  if (TEXT_TYPES.has(mimeType)) {
    const start = await head(path, 65_536);
    const ok =
      mimeType === 'image/svg+xml'
        ? (!sniffed || sniffed.mime === 'application/xml') && looksLikeSvg(start)
        : !sniffed && looksLikeText(start);
    return ok ? null : MEDIA_MESSAGES.typeMismatch;
  }
  if (mimeType === GENERIC_MIME_TYPE) return null;
  const accepted = SAME_FORMAT[mimeType] ?? [mimeType];
  return sniffed && accepted.includes(sniffed.mime) ? null : MEDIA_MESSAGES.typeMismatch;
}
