import { conflict } from '../../http/errors.ts';

/**
 * Versions of registry things for HTTP's conditional requests (ADR 0034): a thing's ETag is its
 * `updated_at`, which every change moves forward; PATCH and DELETE with `If-Match` are refused with
 * 409 when it has moved since the client read it.
 */

export const STALE_MESSAGE =
  'Someone else saved this since you opened it: reload it to see their change, then make yours again';

/** The time of a change: now, but always after the previous version, so that versions never repeat. */
export function nextVersion(previous: string | null | undefined): string {
  const now = Date.now();
  const after = previous ? Date.parse(previous) + 1 : 0;
  return new Date(Math.max(now, Number.isNaN(after) ? 0 : after)).toISOString();
}

export const etagOf = (version: string) => `"${version}"`;

/** The versions an `If-Match` header accepts; undefined without one (or `*`), which matches any. */
export function ifMatchVersions(header: string | string[] | undefined): string[] | undefined {
  const text = Array.isArray(header) ? header.join(',') : header;
  if (!text || text.trim() === '*') return undefined;
  return text
    .split(',')
    .map((tag) => tag.trim().replace(/^W\//, '').replace(/^"|"$/g, ''))
    .filter(Boolean);
}

/** 409 when the client's version is not the stored one. */
export function requireVersion(expected: string[] | undefined, current: string) {
  if (expected && !expected.includes(current)) throw conflict(STALE_MESSAGE);
}
