/**
 * The link's path and token: the only part of the signature page the entry chunk (src/main.tsx) needs, kept apart so
 * that entry, which every page of the app loads, stays tiny.
 */

export const SIGNING_PATH_PREFIX = '/assinar/';

/** True for the signature page's path (/assinar/…), whatever follows. */
export function isSigningPath(pathname: string): boolean {
  return pathname.startsWith(SIGNING_PATH_PREFIX);
}

/** The token part of /assinar/<token> (one trailing slash tolerated); '' when the path has none. */
export function tokenFromPath(pathname: string): string {
  if (!isSigningPath(pathname)) return '';
  const raw = pathname.slice(SIGNING_PATH_PREFIX.length).replace(/\/$/, '');
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}

/** A link's token is 64 hexadecimal characters; anything else is not worth asking the server about. */
export function isTokenShape(token: string): boolean {
  return /^[0-9a-f]{64}$/i.test(token);
}

/** The token as the server issued it (lowercase hex), in case something upper-cased the link. */
export function normalizeToken(token: string): string {
  return token.toLowerCase();
}
