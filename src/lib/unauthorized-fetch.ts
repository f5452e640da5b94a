/**
 * A fetch that reports 401 answers from the Data API (/rest/v1) and Edge Functions (/functions/v1),
 * so the session logic can run the 'Sessão Expirada' flow (spec §4), and 403 answers from them, so it
 * can ask Auth whether the account was disabled meanwhile (its token stays valid until it expires).
 */

function requestUrl(input: RequestInfo | URL): string {
  if (typeof input === 'string') return input;
  if (input instanceof URL) return input.href;
  return input.url;
}

/** The bearer token a request was sent with (its Authorization header), or null. */
function bearerToken(input: RequestInfo | URL, init?: RequestInit): string | null {
  const headers = new Headers(init?.headers ?? (input instanceof Request ? input.headers : undefined));
  const match = /^Bearer (.+)$/i.exec(headers.get('Authorization') ?? '');
  return match?.[1] ?? null;
}

/**
 * Wraps fetch so that 401s under `<baseUrl>/rest/v1/` or `<baseUrl>/functions/v1/` call `notify` (with the bearer
 * token that was refused), and 403s there call `notifyForbidden`.
 */
export function createUnauthorizedAwareFetch(
  baseUrl: string,
  notify: (url: string, token: string | null) => void,
  inner: typeof fetch = (...args) => fetch(...args),
  notifyForbidden: (url: string) => void = () => undefined,
): typeof fetch {
  const base = baseUrl.replace(/\/$/, '');
  const watched = [`${base}/rest/v1/`, `${base}/functions/v1/`];
  return async (input, init) => {
    const response = await inner(input, init);
    if (response.status === 401 || response.status === 403) {
      const url = requestUrl(input);
      if (watched.some((prefix) => url.startsWith(prefix))) {
        if (response.status === 401) notify(url, bearerToken(input, init));
        else notifyForbidden(url);
      }
    }
    return response;
  };
}
