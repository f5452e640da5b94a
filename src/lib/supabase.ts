/**
 * The app's single Supabase client. Its fetch reports any 401 from the Data API (/rest/v1) or from
 * Edge Functions (/functions/v1) so the session logic can run the 'Sessão Expirada' flow (spec §4).
 */
import { createClient } from '@supabase/supabase-js';
import { env } from '@/config/env';
import type { Database } from '@/types/database.types';

type UnauthorizedListener = (url: string) => void;
const unauthorizedListeners = new Set<UnauthorizedListener>();

/** Subscribes to 401 answers from REST or functions; returns the unsubscribe function. */
export function onUnauthorized(listener: UnauthorizedListener): () => void {
  unauthorizedListeners.add(listener);
  return () => {
    unauthorizedListeners.delete(listener);
  };
}

function requestUrl(input: RequestInfo | URL): string {
  if (typeof input === 'string') return input;
  if (input instanceof URL) return input.href;
  return input.url;
}

/** Wraps fetch so that 401s under `<baseUrl>/rest/v1/` or `<baseUrl>/functions/v1/` notify `notify`. */
export function createUnauthorizedAwareFetch(
  baseUrl: string,
  notify: (url: string) => void,
  inner: typeof fetch = (...args) => fetch(...args),
): typeof fetch {
  const watched = [`${baseUrl.replace(/\/$/, '')}/rest/v1/`, `${baseUrl.replace(/\/$/, '')}/functions/v1/`];
  return async (input, init) => {
    const response = await inner(input, init);
    if (response.status === 401) {
      const url = requestUrl(input);
      if (watched.some((prefix) => url.startsWith(prefix))) notify(url);
    }
    return response;
  };
}

export const supabase = createClient<Database>(env.VITE_SUPABASE_URL, env.VITE_SUPABASE_ANON_KEY, {
  auth: { persistSession: true, autoRefreshToken: true, detectSessionInUrl: true },
  global: {
    fetch: createUnauthorizedAwareFetch(env.VITE_SUPABASE_URL, (url) => {
      for (const listener of unauthorizedListeners) listener(url);
    }),
  },
});

/** The localStorage key supabase-js keeps the session under (sb-<first host label>-auth-token). */
export const AUTH_STORAGE_KEY = `sb-${new URL(env.VITE_SUPABASE_URL).hostname.split('.')[0]}-auth-token`;

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
