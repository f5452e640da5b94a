/**
 * The app's single Supabase client. Its fetch reports any 401 from the Data API (/rest/v1) or from
 * Edge Functions (/functions/v1) so the session logic can run the 'Sessão Expirada' flow (spec §4), any
 * 403 so it can ask Auth whether the account was disabled meanwhile, and whether each request reached the server at all (the offline banner, src/lib/network.ts).
 */
import { createClient } from '@supabase/supabase-js';
import { env } from '@/config/env';
import type { Database } from '@/types/database.types';
import { createUnauthorizedAwareFetch } from '@/lib/unauthorized-fetch';
import { createReachabilityAwareFetch, setReachabilityProbe } from '@/lib/network';

type UnauthorizedListener = (url: string) => void;
const unauthorizedListeners = new Set<UnauthorizedListener>();

const forbiddenListeners = new Set<UnauthorizedListener>();

/** Subscribes to 403 answers from REST or functions; returns the unsubscribe function. */
export function onForbidden(listener: UnauthorizedListener): () => void {
  forbiddenListeners.add(listener);
  return () => {
    forbiddenListeners.delete(listener);
  };
}

/** Subscribes to 401 answers from REST or functions; returns the unsubscribe function. */
export function onUnauthorized(listener: UnauthorizedListener): () => void {
  unauthorizedListeners.add(listener);
  return () => {
    unauthorizedListeners.delete(listener);
  };
}

const reachabilityFetch = createReachabilityAwareFetch();

export const supabase = createClient<Database>(env.VITE_SUPABASE_URL, env.VITE_SUPABASE_ANON_KEY, {
  auth: { persistSession: true, autoRefreshToken: true, detectSessionInUrl: true },
  global: {
    fetch: createUnauthorizedAwareFetch(
      env.VITE_SUPABASE_URL,
      (url) => {
        for (const listener of unauthorizedListeners) listener(url);
      },
      reachabilityFetch,
      (url) => {
        for (const listener of forbiddenListeners) listener(url);
      },
    ),
  },
});

// Auth's own requests (sign-in, refresh) go through the same reporting fetch via global.fetch; the
// probe asks the auth health endpoint, which answers without a session.
setReachabilityProbe(() =>
  reachabilityFetch(`${env.VITE_SUPABASE_URL.replace(/\/$/, '')}/auth/v1/health`, { headers: { apikey: env.VITE_SUPABASE_ANON_KEY } }),
);

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
