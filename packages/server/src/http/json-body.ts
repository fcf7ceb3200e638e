import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify';
import { toHttpError } from './error-handler.ts';
import { validationError } from './errors.ts';

/** Deepest nesting of arrays and objects a JSON body may have; Vigil's deepest documents need about 12. */
export const MAX_JSON_DEPTH = 64;

/** Whether `text` nests arrays and objects deeper than `max`, read without parsing (strings skipped). */
export function nestsDeeperThan(text: string, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c) i++;
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x7b || c === 0x5b) {
      if (++depth > max) return true;
    } else if (c === 0x7d || c === 0x5d) depth--;
  }
  return false;
}

/** Reads a JSON body as every route does (Fastify's parser, prototype poisoning refused, nesting capped). */
export function jsonBodyReader(app: FastifyInstance) {
  const parse = app.getDefaultJsonParser('error', 'error');
  return (request: FastifyRequest, text: string) =>
    new Promise<unknown>((resolve, reject) => {
      // Validating or serialising a body nested thousands of levels deep would overflow the stack.
      if (nestsDeeperThan(text, MAX_JSON_DEPTH)) {
        reject(validationError(`The request body nests deeper than ${MAX_JSON_DEPTH} levels`));
        return;
      }
      parse(request, text, (error, value) => (error ? reject(toHttpError(error as FastifyError)) : resolve(value)));
    });
}

/** Replaces the JSON body parser of `app`'s context with `jsonBodyReader`'s. */
export function registerJsonBodyParser(app: FastifyInstance) {
  const read = jsonBodyReader(app);
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser(
    'application/json',
    { parseAs: 'string' },
    (request: FastifyRequest, body: string | Buffer) => read(request, String(body)),
  );
}
