import type { ErrorBody } from '@vigil/domain';

/** A failed call: carries the HTTP status and the server's error body (requirements#http-contract). */
export class ApiError extends Error {
  readonly status: number;
  readonly statusText: string;
  readonly errorType: string | undefined;
  readonly details: Record<string, string[]> | undefined;
  readonly url: string;

  constructor(url: string, status: number, statusText: string, body: Partial<ErrorBody> | undefined) {
    super(body?.message ?? `Request to ${url} failed: ${status} ${statusText}`);
    this.url = url;
    this.status = status;
    this.statusText = statusText;
    this.errorType = body?.error_type;
    this.details = body?.details;
  }

  /** The first message the server gave for `field`, if any. */
  fieldMessage(field: string): string | undefined {
    return this.details?.[field]?.[0];
  }

  get isValidation() {
    return this.status === 400;
  }
  get isUnauthorized() {
    return this.status === 401;
  }
  get isForbidden() {
    return this.status === 403;
  }
  get isNotFound() {
    return this.status === 404;
  }
  get isServerError() {
    return this.status >= 500;
  }
}

/** What a screen says of a failed call: the server's own words for a refusal (4xx), else `fallback`. */
export function refusalText(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.status < 500 ? error.message : fallback;
}
