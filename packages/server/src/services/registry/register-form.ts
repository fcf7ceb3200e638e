import { REGISTER_MAX_BYTES, type RegisterImportAnswer, type RegisterRefusal } from '@vigil/domain';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { addDetail, HttpError, validationError, type ErrorDetails } from '../../http/errors.ts';

/** The import's multipart form (ADR 0034): its file and dry_run, and how a refused import answers. */

export const REGISTER_TOO_LARGE = `A register file is at most ${REGISTER_MAX_BYTES / 1024 / 1024} MiB`;
/** Room for the form's boundaries and its dry_run field around the file. */
const FORM_OVERHEAD = 64 * 1024;
/** What busboy throws for a form without a boundary or cut short: the client's fault, never a 500. */
const MALFORMED_FORM = /^(Multipart: Boundary not found|Unexpected end of multipart data)$/;

/** An answer for a problem of the file as a whole (row 0). */
export const fileProblem = (message: string): RegisterImportAnswer => ({
  rows: 0,
  created: 0,
  updated: 0,
  unchanged: 0,
  errors: [{ row: 0, column: 'file', message }],
  row_statuses: [],
});

const tooLarge = (): RegisterRefusal => ({
  error_type: 'PayloadTooLarge',
  message: REGISTER_TOO_LARGE,
  ...fileProblem(REGISTER_TOO_LARGE),
});

/**
 * The file (buffered: at most REGISTER_MAX_BYTES) and dry_run, in either order; a refusal as the
 * 413 answer to send. Any refusal closes the connection, as media uploads do: the rest of the body is
 * left unread on the socket, where a keep-alive client's next request would wait behind it.
 */
export async function readRegisterForm(
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<{ bytes: Buffer; dryRun: boolean } | { refusal: RegisterRefusal }> {
  let bytes: Buffer | undefined;
  let dryRun = 'false';
  try {
    if (!request.isMultipart())
      throw new HttpError(415, 'UnsupportedMediaType', 'A register is sent as multipart/form-data');
    if (Number(request.headers['content-length'] ?? 0) > REGISTER_MAX_BYTES + FORM_OVERHEAD)
      return { refusal: tooLarge() };
    for await (const part of request.parts()) {
      if (part.type === 'field') {
        if (part.fieldname === 'dry_run') dryRun = String(part.value);
      } else if (part.fieldname !== 'file') {
        throw validationError('Unknown file field', { [part.fieldname]: ['Send file'] });
      } else bytes = await part.toBuffer();
    }
  } catch (error) {
    reply.header('connection', 'close');
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') return { refusal: tooLarge() };
    if (!(error instanceof HttpError) && MALFORMED_FORM.test((error as Error).message))
      throw validationError('The form is not a well-formed multipart form', { file: ['Send the form again'] });
    throw error;
  } finally {
    if (!bytes) reply.header('connection', 'close');
  }
  if (dryRun !== 'true' && dryRun !== 'false')
    throw validationError('Invalid form', { dry_run: ['Use true or false'] });
  if (!bytes) throw validationError('The form has no file', { file: ['Required'] });
  return { bytes, dryRun: dryRun === 'true' };
}

/** An import with errors: 400 in the error shape, with the answer's fields beside it. */
export function importRefusal(answer: RegisterImportAnswer): RegisterRefusal {
  const details: ErrorDetails = {};
  for (const e of answer.errors) addDetail(details, e.row ? `rows.${e.row}.${e.column}` : e.column, e.message);
  const count = answer.errors.length;
  return {
    error_type: 'ValidationError',
    message: `The register has ${count} error${count === 1 ? '' : 's'}: nothing was imported`,
    details,
    ...answer,
  };
}
