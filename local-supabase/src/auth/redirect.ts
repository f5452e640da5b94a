/**
 * Which `redirect_to` values GoTrue honours (utilities.IsRedirectURLValid / GetReferrer):
 * the site URL's host (any port for localhost), loopback IP literals, or a glob of
 * `additional_redirect_urls` (`*` stops at '.' and '/', `**` crosses them). Anything else
 * falls back to the Referer when that is valid, else to the site URL.
 */
import type { IncomingMessage } from 'node:http';
import { isIP } from 'node:net';
import { header } from './http.ts';

function globToRegExp(pattern: string): RegExp {
  let out = '';
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i] ?? '';
    if (c === '*') {
      if (pattern[i + 1] === '*') {
        out += '.*';
        i++;
      } else {
        out += '[^./]*';
      }
    } else if (c === '?') {
      out += '[^./]';
    } else {
      out += c.replace(/[\\^$+.()|{}[\]]/g, '\\$&');
    }
  }
  return new RegExp(`^${out}$`);
}

function isLoopbackHost(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, '');
  if (isIP(host) === 4) return host.startsWith('127.');
  if (isIP(host) === 6) return host === '::1' || host === '0:0:0:0:0:0:0:1';
  return false;
}

export function isRedirectUrlValid(siteUrl: string, allowList: string[], candidate: string | undefined): candidate is string {
  if (!candidate) return false;
  let target: URL;
  let base: URL;
  try {
    target = new URL(candidate);
    base = new URL(siteUrl);
  } catch {
    return false;
  }
  if (target.protocol !== 'http:' && target.protocol !== 'https:' && !allowList.length) return false;
  if (target.hostname === base.hostname && (target.protocol === base.protocol || base.hostname === 'localhost')) return true;
  if (isLoopbackHost(target.hostname)) return true;
  for (const entry of allowList) {
    if (entry === candidate || globToRegExp(entry).test(candidate)) return true;
  }
  return false;
}

/** GoTrue's GetReferrer: `redirect_to` (given, else header/query), then Referer, then the site URL. */
export function resolveRedirect(
  req: IncomingMessage,
  siteUrl: string,
  allowList: string[],
  given: string | undefined,
): string {
  const requested = given ?? header(req, 'redirect_to') ?? new URL(req.url ?? '/', 'http://x').searchParams.get('redirect_to') ?? undefined;
  if (isRedirectUrlValid(siteUrl, allowList, requested)) return requested;
  const referer = header(req, 'referer');
  if (isRedirectUrlValid(siteUrl, allowList, referer)) return referer;
  return siteUrl;
}
