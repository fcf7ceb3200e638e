import { HUGE_STRING_LENGTH, type MalformedRequest } from './malformed-requests.ts';

const BOUNDARY = 'fuzzboundary';

/** One part of a multipart form; `filename` makes it a file part. */
function formPart(name: string, value: string | Buffer, file?: { filename: string; type: string }): Buffer {
  const disposition = `form-data; name="${name}"${file ? `; filename="${file.filename}"` : ''}`;
  const head = `--${BOUNDARY}\r\nContent-Disposition: ${disposition}\r\n${file ? `Content-Type: ${file.type}\r\n` : ''}\r\n`;
  return Buffer.concat([Buffer.from(head), Buffer.from(value), Buffer.from('\r\n')]);
}

/**
 * Malformed upload forms for a file record awaiting its bytes (`ticket` from its upload-url), in an
 * order where none of them completes the upload: cut short, fields out of order or misnamed, odd
 * offsets, wrong or no bytes, too many parts, over-long fields, over-large files.
 */
export function malformedUploadForms(url: string, ticket: string): MalformedRequest[] {
  const png = { filename: 'fuzz.png', type: 'image/png' };
  const end = Buffer.from(`--${BOUNDARY}--\r\n`);
  const ticketPart = formPart('ticket', ticket);
  const filePart = (bytes: string | Buffer = 'not a png', file = png) => formPart('file', bytes, file);
  const forms: Array<[string, Buffer[]]> = [
    ['file part cut short', [ticketPart, filePart().subarray(0, 100)]],
    ['header section never ends', [Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="ticket"`)]],
    ['no closing boundary', [ticketPart, filePart()]],
    ['file before the ticket', [filePart(), ticketPart, end]],
    ['no file', [ticketPart, end]],
    ['file under another name', [ticketPart, formPart('document', 'x', png), end]],
    ['a part without a name', [Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data\r\n\r\nx\r\n`), end]],
    ['a part named __proto__', [formPart('__proto__', 'x'), ticketPart, filePart(), end]],
    ['offset not a number', [ticketPart, formPart('offset', 'abc'), filePart(), end]],
    ['offset 1e308', [ticketPart, formPart('offset', '1e308'), filePart(), end]],
    ['offset -1', [ticketPart, formPart('offset', '-1'), filePart(), end]],
    ['offset past the bytes received', [ticketPart, formPart('offset', '999'), filePart(), end]],
    ['ticket 1,000,000 characters', [formPart('ticket', 'x'.repeat(HUGE_STRING_LENGTH)), filePart(), end]],
    ['2,000 fields', [ticketPart, ...Array.from({ length: 2_000 }, (_, i) => formPart(`f${i}`, 'x')), filePart(), end]],
    ['two files', [ticketPart, filePart(), filePart(), end]],
    ['empty file', [ticketPart, filePart(''), end]],
    ['text declared as a PNG', [ticketPart, filePart('hello, world'), end]],
    ['a file over 10 MiB', [ticketPart, filePart(Buffer.alloc(10 * 1024 * 1024 + 1, 0x61)), end]],
  ];
  return forms.map(([label, parts]) => ({
    label: `upload form: ${label}`,
    url,
    payload: Buffer.concat(parts),
    headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
  }));
}
