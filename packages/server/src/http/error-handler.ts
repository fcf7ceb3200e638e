import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { ErrorBody } from '@vigil/domain';
import type { z } from 'zod';
import { addDetail, HttpError, notFound, type ErrorDetails } from './errors.ts';

interface ValidationIssue {
  instancePath: string;
  message?: string;
  params?: { keys?: string[] };
}

/** Zod issues → `{field: [messages]}`, with dotted field names; unknown keys are named one by one. */
export function issuesToDetails(issues: readonly ValidationIssue[]): ErrorDetails {
  const details: ErrorDetails = {};
  const add = (field: string, message: string) => addDetail(details, field, message);
  for (const issue of issues) {
    const field = issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || 'non_field_errors';
    if (issue.params?.keys?.length) {
      for (const key of issue.params.keys) add(field === 'non_field_errors' ? key : `${field}.${key}`, 'Unknown field');
    } else {
      add(field, issue.message ?? 'Invalid value');
    }
  }
  return details;
}

/**
 * Issues of a schema a service parses itself, as details under `prefix` (`data.pages.0.title`): the
 * same names and messages as when the route's own schema refuses the request.
 */
export function zodIssuesToDetails(issues: readonly z.core.$ZodIssue[], prefix: string): ErrorDetails {
  return issuesToDetails(
    issues.map((issue) => ({
      instancePath: `/${[prefix, ...issue.path.map(String)].join('/')}`,
      message: issue.message,
      params: issue.code === 'unrecognized_keys' ? { keys: issue.keys } : {},
    })),
  );
}

export function toHttpError(error: FastifyError): HttpError {
  if (error instanceof HttpError) return error;
  if (hasZodFastifySchemaValidationErrors(error)) {
    const where = error.validationContext === 'querystring' ? 'query' : (error.validationContext ?? 'request');
    return new HttpError(400, 'ValidationError', `Invalid ${where}`, issuesToDetails(error.validation));
  }
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return new HttpError(400, 'ValidationError', 'The request body is not valid JSON');
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return new HttpError(413, 'PayloadTooLarge', 'The request body is too large');
    case 'FST_ERR_BAD_URL':
      return new HttpError(400, 'ValidationError', 'The request path is not valid');
    case 'FST_ERR_MAX_PARAM_LENGTH':
      return new HttpError(414, 'UriTooLong', 'A path parameter is too long');
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return new HttpError(415, 'UnsupportedMediaType', 'Unsupported content type');
  }
  if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
    if (error instanceof SyntaxError)
      return new HttpError(400, 'ValidationError', 'The request body is not valid JSON');
    if (error.statusCode === 413) return new HttpError(413, 'PayloadTooLarge', 'The request body is too large');
    if (error.statusCode === 415) return new HttpError(415, 'UnsupportedMediaType', 'Unsupported content type');
    return new HttpError(error.statusCode, 'BadRequest', 'The request could not be understood');
  }
  if (isDatabaseBusy(error))
    return new HttpError(503, 'ServiceUnavailable', 'The database is busy; try again in a moment');
  return new HttpError(500, 'ServerError', 'Internal server error');
}

/** Seconds a client is asked to wait before it tries again when the database is busy. */
export const BUSY_RETRY_AFTER_SECONDS = 2;

/**
 * SQLite's one write lock was held past the connection's busy timeout (a long compaction on a slow
 * machine, a backup): nothing is wrong with the request, so a logger or the web app is told to try
 * again shortly (503 with Retry-After) rather than that the server failed.
 */
function isDatabaseBusy(error: unknown): boolean {
  const code = (error as { code?: unknown }).code;
  return typeof code === 'string' && code.startsWith('SQLITE_BUSY');
}

/** The one place that shapes failures: `{error_type, message, details?}`, never a stack trace. */
export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const http = toHttpError(error);
    if (http.status === 503) {
      request.log.warn({ err: error }, http.message);
      void reply.header('retry-after', String(BUSY_RETRY_AFTER_SECONDS));
    } else if (http.status >= 500) request.log.error({ err: error }, 'request failed');
    else request.log.info({ status: http.status, error_type: http.errorType }, http.message);
    return sendError(reply, http);
  });
}

interface ErrorReply {
  code(status: number): { send(body: ErrorBody): unknown };
}

/** Writes an HttpError as the contract's error body. */
export function sendError(reply: ErrorReply, error: HttpError) {
  const body: ErrorBody = { error_type: error.errorType, message: error.message };
  if (error.details) body.details = error.details;
  return reply.code(error.status).send(body);
}

/** Unknown API paths answer with the error shape; other GETs are the SPA's to route. */
export const sendNotFound = (reply: ErrorReply) => sendError(reply, notFound());
