/**
 * What the app knows about the session without loading supabase-js: where supabase-js stores it, whether one is
 * stored, and the listeners of the Data API's and functions' 401/403 answers. The sign-in page loads this module and
 * not supabase-js (src/lib/supabase-loader.ts loads the client when it is needed), so that page stays light
 * (scripts/report-bundle.ts). supabase-js stays the only writer of the stored session.
 */
import { env } from '@/config/env';

/** The localStorage key supabase-js keeps the session under (sb-<first host label>-auth-token). */
export const AUTH_STORAGE_KEY = `sb-${new URL(env.VITE_SUPABASE_URL).hostname.split('.')[0]}-auth-token`;

/**
 * Whether this browser holds a session (valid or not: supabase-js decides, refreshing it if it can). False means
 * the visitor is signed out for sure, and the sign-in page can show its form without waiting for supabase-js.
 */
export function hasStoredSession(): boolean {
  try {
    return window.localStorage.getItem(AUTH_STORAGE_KEY) !== null;
  } catch {
    // Storage unavailable: supabase-js cannot have stored a session either.
    return false;
  }
}

/**
 * The user id of the stored session, read without supabase-js: a hint for reading early what the user's screens kept
 * in this browser (src/lib/browser-cache.ts), never an identity. Whoever uses it checks it against the session
 * supabase-js confirms; null when nothing readable is stored.
 */
export function storedSessionUserId(): string | null {
  try {
    const stored: unknown = JSON.parse(window.localStorage.getItem(AUTH_STORAGE_KEY) ?? 'null');
    const user = typeof stored === 'object' && stored !== null ? (stored as { user?: unknown }).user : undefined;
    const id = typeof user === 'object' && user !== null ? (user as { id?: unknown }).id : undefined;
    return typeof id === 'string' && id !== '' ? id : null;
  } catch {
    return null;
  }
}

/**
 * Whether the page's URL carries an auth redirect supabase-js will turn into a session on load (an e-mail link: a
 * password recovery's tokens in the hash, a PKCE code or an error in the query), as its detectSessionInUrl does.
 */
export function hasAuthRedirectInUrl(): boolean {
  const hash = new URLSearchParams(window.location.hash.replace(/^#/, ''));
  const query = new URLSearchParams(window.location.search);
  return ['access_token', 'error_description'].some((key) => hash.has(key) || query.has(key)) || query.has('code');
}

/** Removes every stored auth item (session, PKCE verifier, user) after an expiry or a logout. */
export function clearStoredAuth(): void {
  try {
    for (const key of Object.keys(window.localStorage)) {
      if (key.startsWith(AUTH_STORAGE_KEY)) window.localStorage.removeItem(key);
    }
  } catch {
    /* storage unavailable */
  }
}

type AnswerListener = (url: string) => void;
const unauthorizedListeners = new Set<AnswerListener>();
const forbiddenListeners = new Set<AnswerListener>();

/**
 * The last 401 answered while nobody listened, with the token it refused. A reload's first reads leave as soon as the
 * stored session is read (src/app/router.tsx, preloadRoute), before the session's listener is set (it is set once the
 * session is on screen, src/features/auth/auth-provider.tsx): a refused token's only 401 could come first and be lost,
 * leaving the user on a screen of errors instead of 'Sessão Expirada'. It is handed to the next listener of that same
 * token, never to another session's (a 401 of a session that ended must not end the next one).
 */
let missedUnauthorized: { url: string; token: string } | null = null;

/**
 * Subscribes to 401 answers from REST or functions for the session whose access token is `token`; returns the
 * unsubscribe function. A 401 of that token answered before anyone listened is delivered at once (a task later).
 */
export function onUnauthorized(listener: AnswerListener, token: string): () => void {
  unauthorizedListeners.add(listener);
  const missed = missedUnauthorized;
  missedUnauthorized = null;
  if (missed && missed.token === token) {
    setTimeout(() => {
      if (unauthorizedListeners.has(listener)) listener(missed.url);
    }, 0);
  }
  return () => {
    unauthorizedListeners.delete(listener);
  };
}

/** Subscribes to 403 answers from REST or functions; returns the unsubscribe function. */
export function onForbidden(listener: AnswerListener): () => void {
  forbiddenListeners.add(listener);
  return () => {
    forbiddenListeners.delete(listener);
  };
}

/** Called by the client's fetch (src/lib/supabase.ts) for each 401 answer, with the bearer token it refused. */
export function reportUnauthorized(url: string, token: string | null): void {
  if (unauthorizedListeners.size === 0) {
    if (token !== null) missedUnauthorized = { url, token };
    return;
  }
  for (const listener of unauthorizedListeners) listener(url);
}

/** Called by the client's fetch (src/lib/supabase.ts) for each 403 answer. */
export function reportForbidden(url: string): void {
  for (const listener of forbiddenListeners) listener(url);
}
