/** The SPA's screen that takes a reset or invite token (requirements#shell-screens). */
export const RESET_PASSWORD_PATH = '/reset-password';

/**
 * Where a reset e-mail points. The client may suggest a link, but only a path on our own site or a
 * URL with PUBLIC_URL's origin is used, so that nobody can have us mail tokens to another site.
 */
export function resetLinkBase(publicUrl: string, suggested: string | undefined): URL {
  const fallback = new URL(`${publicUrl}${RESET_PASSWORD_PATH}`);
  if (!suggested) return fallback;
  let candidate: URL;
  try {
    candidate = suggested.startsWith('/') ? new URL(suggested, `${publicUrl}/`) : new URL(suggested);
  } catch {
    return fallback;
  }
  // Also catches "//evil.example" and "/\evil.example", which resolve to another host.
  return candidate.origin === fallback.origin ? candidate : fallback;
}

/** `base?token=…&username=…`, keeping any other query parameters of the base. */
export function passwordLink(base: URL, token: string, username: string): string {
  const link = new URL(base);
  link.hash = '';
  link.searchParams.delete('token');
  link.searchParams.delete('username');
  const separator = link.search ? '&' : '?';
  return `${link.toString()}${separator}token=${encodeURIComponent(token)}&username=${encodeURIComponent(username)}`;
}
