/**
 * Connection failures, said one way everywhere. A request that never reached the server (no
 * internet, Wi-Fi up but no route, the server restarting, a lookup that gave up) surfaces from
 * supabase-js in several shapes: a thrown TypeError ('Failed to fetch' in Chromium, 'NetworkError
 * when attempting…' in Firefox, 'Load failed' in Safari, 'fetch failed' in Node), a PostgREST error
 * object whose message is that TypeError's text, auth-js' AuthRetryableFetchError, functions-js'
 * FunctionsFetchError, or an AbortSignal.timeout TimeoutError. Users see one Portuguese message for
 * all of them; what they typed stays where it is (callers never reset a form on failure).
 *
 * The module also keeps the app's idea of whether the server can be reached: the Supabase client's
 * fetch reports each request's fate here (src/lib/supabase.ts), the browser's online/offline events
 * too, and the offline banner reads it.
 */

export const NETWORK_ERROR_MESSAGE = 'Sem conexão com o servidor. Verifique a internet e tente novamente.';

/** How long a lookup (barcode, product search, duplicate check) waits before it gives up. */
export const LOOKUP_TIMEOUT_MS = 5_000;

const NETWORK_TEXT = /failed to fetch|fetch failed|networkerror|network error|load failed|network request failed|timeouterror|signal timed out|the operation timed out|err_internet_disconnected|err_connection/i;
const NETWORK_ERROR_NAMES = new Set(['AuthRetryableFetchError', 'FunctionsFetchError', 'TimeoutError']);

function nameOf(error: unknown): string {
  return error && typeof error === 'object' && 'name' in error && typeof error.name === 'string' ? error.name : '';
}

function textOf(error: unknown): string {
  if (typeof error === 'string') return error;
  if (!error || typeof error !== 'object') return '';
  const message = 'message' in error && typeof error.message === 'string' ? error.message : '';
  const details = 'details' in error && typeof error.details === 'string' ? error.details : '';
  return `${message} ${details}`;
}

/**
 * True when the error means the request did not get an answer from the server (see the module comment). With
 * supabase-js' `status`: 0 (fetch rejected), 408, or a gateway's 502/503/504 (the server restarting) count too.
 */
export function isNetworkError(error: unknown, status?: number): boolean {
  if (status === 0 || status === 408 || status === 502 || status === 503 || status === 504) return true;
  if (!error) return false;
  if (NETWORK_ERROR_NAMES.has(nameOf(error))) return true;
  // A TypeError of our own code (a bug) is not a connection failure: only fetch's wording is.
  return NETWORK_TEXT.test(textOf(error));
}

/**
 * A signal for a lookup: aborted after LOOKUP_TIMEOUT_MS, or when `signal` (react-query's, a
 * component's) aborts. Pass it to the query's `.abortSignal()`; a timed-out lookup then fails as a
 * network error and its caller shows NETWORK_ERROR_MESSAGE instead of spinning.
 */
export function lookupSignal(signal?: AbortSignal, timeoutMs = LOOKUP_TIMEOUT_MS): AbortSignal {
  const timeout = AbortSignal.timeout(timeoutMs);
  return signal ? AbortSignal.any([signal, timeout]) : timeout;
}

// ---------------------------------------------------------------------------
// Can the server be reached? A small external store for useSyncExternalStore.

export type ConnectionState = 'online' | 'offline' | 'unreachable';

type Listener = () => void;
const listeners = new Set<Listener>();
let browserOnline = typeof navigator === 'undefined' ? true : navigator.onLine !== false;
let serverReachable = true;

function emit(): void {
  for (const listener of listeners) listener();
}

/** 'offline' while the browser says so, 'unreachable' after a request failed to reach the server, else 'online'. */
export function getConnectionState(): ConnectionState {
  if (!browserOnline) return 'offline';
  return serverReachable ? 'online' : 'unreachable';
}

export function subscribeConnection(listener: Listener): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

// While the server is unreachable, a probe (set by src/lib/supabase.ts: the auth health endpoint
// through the reporting fetch) runs with backoff, 2 s doubling up to 30 s, so the banner goes away
// by itself when the connection returns even if the screen makes no request.
let probe: (() => Promise<unknown>) | null = null;
let probeTimer: ReturnType<typeof setTimeout> | null = null;
let probeDelay = 2_000;

function scheduleProbe(): void {
  if (probeTimer !== null || probe === null || serverReachable) return;
  probeTimer = setTimeout(() => {
    probeTimer = null;
    probeDelay = Math.min(probeDelay * 2, 30_000);
    void probe?.()
      .catch(() => undefined)
      .finally(scheduleProbe);
  }, probeDelay);
}

function stopProbe(): void {
  if (probeTimer !== null) clearTimeout(probeTimer);
  probeTimer = null;
  probeDelay = 2_000;
}

/** The request that tells whether the server answers (made through the reporting fetch). */
export function setReachabilityProbe(next: (() => Promise<unknown>) | null): void {
  probe = next;
  stopProbe();
  scheduleProbe();
}

/** The Supabase client's fetch calls this with each request's fate (reached the server or not). */
export function reportServerReached(reached: boolean): void {
  if (serverReachable === reached) return;
  serverReachable = reached;
  if (reached) stopProbe();
  else scheduleProbe();
  emit();
}

/** Browser connectivity (the window's online/offline events). */
export function reportBrowserOnline(online: boolean): void {
  if (browserOnline === online) return;
  browserOnline = online;
  // Back online: ask the server at once instead of waiting for the next backoff step.
  if (online && !serverReachable) {
    stopProbe();
    void probe?.().catch(() => undefined).finally(scheduleProbe);
  }
  emit();
}

/** For tests: back to the initial state. */
export function resetConnectionState(): void {
  stopProbe();
  probe = null;
  browserOnline = true;
  serverReachable = true;
  emit();
}

/**
 * Wraps fetch so every request reports whether it reached the server. An answer of any status
 * counts as reached; a rejected fetch that is not the caller's own abort counts as not reached.
 */
export function createReachabilityAwareFetch(inner: typeof fetch = (...args) => fetch(...args)): typeof fetch {
  return async (input, init) => {
    try {
      const response = await inner(input, init);
      reportServerReached(true);
      return response;
    } catch (error) {
      const callerAborted = init?.signal?.aborted === true && nameOf(init.signal.reason) !== 'TimeoutError';
      if (!callerAborted) reportServerReached(false);
      throw error;
    }
  };
}
