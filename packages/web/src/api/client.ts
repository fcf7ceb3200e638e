import { MAX_PAGE_SIZE, SERVICE_PREFIXES, type ErrorBody, type ListBody } from '@vigil/domain';
import { ApiError } from './api-error.ts';
import { sessionEvents } from './session-events.ts';
import { sessionStore } from './session-store.ts';

/** Service prefixes, as the server mounts them; the generic client's default is the UI service. */
export const API = SERVICE_PREFIXES;
export const DEFAULT_BASE = API.ui;

/** A build may carry a master token that replaces the session's (requirements#roles-permissions). */
const MASTER_TOKEN: string | undefined = import.meta.env.VITE_MASTER_TOKEN || undefined;

/** The token calls carry: the build's master token, else the session's. */
export const sessionToken = (): string | undefined => MASTER_TOKEN ?? sessionStore.get()?.token;

export type Query = Record<string, string | number | boolean | undefined | null | readonly (string | number)[]>;

export interface RequestOptions {
  body?: unknown;
  query?: Query;
  /** another token than the session's, e.g. a password-reset token */
  token?: string | null;
  /** false for calls made before there is a session (login, forgot password) */
  auth?: boolean;
  /** the caller shows server failures itself: no error dialog (session expiry is still reported) */
  quiet?: boolean;
  signal?: AbortSignal;
  /** 'blob' answers the body's bytes (an image) instead of parsed JSON; failures stay ApiErrors */
  as?: 'json' | 'blob';
  /** more request headers, e.g. `If-Match` with the ETag a read answered */
  headers?: Record<string, string>;
}

/** An answer's body with the version it names in its `ETag` header (null when it names none). */
export interface Versioned<T> {
  body: T;
  etag: string | null;
}

export function withQuery(path: string, query?: Query): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null) continue;
    params.set(key, Array.isArray(value) ? value.join(',') : String(value));
  }
  const text = params.toString();
  return text ? `${path}${path.includes('?') ? '&' : '?'}${text}` : path;
}

/**
 * One call: JSON in and out, the session token in `Authorization: Token …`, 204 as no content, and
 * any status outside 200–208 thrown as an ApiError carrying the status (requirements#shell-calls). A FormData
 * body goes as multipart, as it is.
 */
export async function request<T>(method: string, url: string, options: RequestOptions = {}): Promise<T> {
  return (await requestVersioned<T>(method, url, options)).body;
}

/** `request`, answering the `ETag` header beside the body (optimistic concurrency with `If-Match`). */
export async function requestVersioned<T>(
  method: string,
  url: string,
  options: RequestOptions = {},
): Promise<Versioned<T>> {
  const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
  const token = options.token ?? (options.auth === false ? null : sessionToken());
  if (token) headers.Authorization = `Token ${token}`;
  const multipart = typeof FormData !== 'undefined' && options.body instanceof FormData;
  if (options.body !== undefined && !multipart) headers['Content-Type'] = 'application/json';
  const fullUrl = withQuery(url, options.query);
  const response = await fetch(fullUrl, {
    method,
    headers,
    body:
      options.body === undefined ? undefined : multipart ? (options.body as FormData) : JSON.stringify(options.body),
    signal: options.signal,
  });
  const etag = response.headers?.get('ETag') ?? null;
  if (response.status === 204) return { body: undefined as T, etag };
  if (options.as === 'blob' && response.status >= 200 && response.status <= 208)
    return { body: (await response.blob()) as T, etag };
  const text = await response.text();
  let body: unknown;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    body = undefined;
  }
  if (response.status < 200 || response.status > 208) {
    const error = new ApiError(fullUrl, response.status, response.statusText, body as Partial<ErrorBody>);
    const usesSession = !options.token && options.auth !== false;
    if (usesSession && (error.isUnauthorized || error.isForbidden)) reportSession(error);
    else if (error.isServerError && !options.quiet) sessionEvents.emit({ type: 'server-error', error });
    throw error;
  }
  return { body: body as T, etag };
}

/** Session expiry reaches the shell once, wherever the call was made (requirements#shell-states). */
function reportSession(error: ApiError) {
  if (error.isUnauthorized) sessionEvents.emit({ type: 'expired' });
  else if (error.errorType === 'Forbidden') sessionEvents.emit({ type: 'forbidden' });
}

/** The generic client of requirements#shell-calls over one resource path. */
export const api = {
  get: <T>(url: string, options?: RequestOptions) => request<T>('GET', url, options),
  post: <T>(url: string, body?: unknown, options?: RequestOptions) => request<T>('POST', url, { ...options, body }),
  put: <T>(url: string, body: unknown, options?: RequestOptions) => request<T>('PUT', url, { ...options, body }),
  patch: <T>(url: string, body: unknown, options?: RequestOptions) => request<T>('PATCH', url, { ...options, body }),
  delete: <T = void>(url: string, body?: unknown, options?: RequestOptions) =>
    request<T>('DELETE', url, { ...options, body }),
};

/**
 * Every object of a list: page 1 first, then the remaining pages in parallel, merged in order; pages
 * as large as the server takes, since a browser runs only six requests at a time to one origin.
 */
export async function listAll<T>(url: string, options: RequestOptions = {}): Promise<T[]> {
  const page = (n: number) =>
    request<ListBody<T>>('GET', url, { ...options, query: { ...options.query, paginate_by: MAX_PAGE_SIZE, page: n } });
  const first = await page(1);
  const pages = Math.ceil(first.count / MAX_PAGE_SIZE);
  const rest = await Promise.all(Array.from({ length: Math.max(0, pages - 1) }, (_, i) => page(i + 2)));
  return [first, ...rest].flatMap((p) => p.objects);
}
