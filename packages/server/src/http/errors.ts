import { MESSAGES } from '@vigil/domain';

export type ErrorDetails = Record<string, string[]>;

/** Every failure a client may see; the one error handler turns it into the contract's error body. */
export class HttpError extends Error {
  readonly status: number;
  readonly errorType: string;
  readonly details: ErrorDetails | undefined;
  constructor(status: number, errorType: string, message: string, details?: ErrorDetails) {
    super(message);
    this.status = status;
    this.errorType = errorType;
    this.details = details;
  }
}

export const validationError = (message: string, details?: ErrorDetails) =>
  new HttpError(400, 'ValidationError', message, details);
export const unauthorized = (message = 'Authentication credentials were not provided or are invalid') =>
  new HttpError(401, 'Unauthorized', message);
export const expiredPassword = (details?: ErrorDetails) =>
  new HttpError(401, 'ExpiredPasswordError', MESSAGES.expiredPassword, details);
export const forbidden = (message: string = MESSAGES.forbidden) => new HttpError(403, 'Forbidden', message);
export const notFound = (message: string = MESSAGES.notFound) => new HttpError(404, 'NotFound', message);
export const conflict = (message: string, details?: ErrorDetails) => new HttpError(409, 'Conflict', message, details);
export const tooManyRequests = (message: string) => new HttpError(429, 'TooManyRequests', message);
export const payloadTooLarge = (message: string) => new HttpError(413, 'PayloadTooLarge', message);

/**
 * Adds a message under `field`. Field names come from the client (payload keys, query names), so
 * `constructor` or `__proto__` must become a field of their own, never the object's inherited one.
 */
export function addDetail(details: ErrorDetails, field: string, message: string): void {
  if (!Object.hasOwn(details, field)) {
    Object.defineProperty(details, field, { value: [], enumerable: true, writable: true, configurable: true });
  }
  details[field]!.push(message);
}
