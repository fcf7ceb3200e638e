/** Screens that must not be returned to after signing in: they lead straight back here or sign out. */
const LOGIN_PATHS = new Set(['/login', '/logout', '/reset-password']);
const BASE = 'https://vigil.invalid';

/**
 * Where to go after sign-in (requirements#shell-screens): the `next` parameter when it is a path on this site, else
 * '/'.
 * `//host`, `/\host` and other spellings that a browser would resolve to another site are refused.
 */
export function safeNextPath(next: string | null | undefined): string {
  if (!next || !next.startsWith('/') || next.startsWith('//') || next.startsWith('/\\')) return '/';
  let url: URL;
  try {
    url = new URL(next, BASE);
  } catch {
    return '/';
  }
  if (url.origin !== BASE || LOGIN_PATHS.has(url.pathname)) return '/';
  return `${url.pathname}${url.search}${url.hash}`;
}
