/**
 * Which `redirect_to` values GoTrue honours (utilities.IsRedirectURLValid / GetReferrer):
 * the site URL (same scheme, host and port; any port on loopback), loopback IP literals,
 * or a glob of `additional_redirect_urls` (`*` stops at '.' and '/', `**` crosses them).
 * Anything else falls back to the Referer when that is valid, else to the site URL.
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
  if (host === 'localhost') return true;
  if (isIP(host) === 4) return host.startsWith('127.');
  if (isIP(host) === 6) return host === '::1' || host === '0:0:0:0:0:0:0:1';
  return false;
}

/**
 * GoTrue's current rules, in order: no control characters or spaces; back to the site URL
 * when scheme, host and port match (any port on a loopback host); an IP literal only if it
 * is loopback; an http(s) host only with ordinary hostname characters; else the allow list,
 * matched without the fragment. An http(s) URL that does not even parse is refused.
 */
export function isRedirectUrlValid(siteUrl: string, allowList: string[], candidate: string | undefined): candidate is string {
  if (!candidate) return false;
  if (/[\u0000-\u0020\u007f]/.test(candidate)) return false;
  let base: URL;
  try {
    base = new URL(siteUrl);
  } catch {
    return false;
  }
  let target: URL | undefined;
  try {
    target = new URL(candidate);
  } catch {
    if (/^https?:/i.test(candidate)) return false;
  }
  if (target) {
    if (
      target.hostname === base.hostname &&
      target.protocol === base.protocol &&
      (target.port === base.port || isLoopbackHost(target.hostname))
    ) {
      return true;
    }
    const host = target.hostname.replace(/^\[|\]$/g, '');
    const isHttp = target.protocol === 'http:' || target.protocol === 'https:';
    if (/^[0-9]+$/.test(host)) return false;
    if (isIP(host) !== 0) return isLoopbackHost(host);
    if (isHttp && !/^[a-zA-Z0-9]([a-zA-Z0-9.-]*[a-zA-Z0-9])?$/.test(host)) return false;
  }
  const withoutFragment = candidate.split('#')[0] ?? candidate;
  return allowList.some((entry) => entry === withoutFragment || globToRegExp(entry).test(withoutFragment));
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
