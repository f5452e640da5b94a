/**
 * The session operations the auth provider drives (supabase-js auth), kept in api/ like every
 * other call to Supabase, so the provider itself only holds state. The client is loaded on first use
 * (src/lib/supabase-loader.ts): the sign-in page shows its form before supabase-js arrives.
 */
import type { AuthChangeEvent, Session } from '@supabase/supabase-js';
import { isAccountDisabledError } from '@/features/auth/messages';
import { clearStoredAuth, hasAuthRedirectInUrl, hasStoredSession, onForbidden, onUnauthorized } from '@/lib/auth-storage';
import { loadSupabase, whenSupabaseLoaded } from '@/lib/supabase-loader';

export { clearStoredAuth, onForbidden, onUnauthorized };

/** No session stored and none arriving in the URL: the visitor is signed out, known without supabase-js. */
export function isSignedOutForSure(): boolean {
  return !hasStoredSession() && !hasAuthRedirectInUrl();
}

/**
 * Asks Auth whether the signed-in account was disabled or deleted since its token was issued (the token
 * stays valid until it expires): GoTrue answers GET /user with 403 user_banned for a banned account and
 * 403 user_not_found for a deleted one. Any other outcome (offline, no session) is not a verdict.
 */
export async function isAccountDisabled(): Promise<boolean> {
  const { supabase } = await loadSupabase();
  const { error } = await supabase.auth.getUser();
  return isAccountDisabledError(error);
}

/**
 * Follows auth events once the client has loaded, without asking for it (a signed-out visitor's page asks for it
 * when its form is shown; a stored session, from the entry); returns the unsubscribe function (which also stops a
 * subscription still waiting for the client). The callback must not await supabase calls.
 */
export function onAuthStateChange(callback: (event: AuthChangeEvent, session: Session | null) => void): () => void {
  let unsubscribe: (() => void) | undefined;
  let stopped = false;
  void whenSupabaseLoaded().then(({ supabase }) => {
    if (stopped) return;
    const { data } = supabase.auth.onAuthStateChange(callback);
    unsubscribe = () => data.subscription.unsubscribe();
  });
  return () => {
    stopped = true;
    unsubscribe?.();
  };
}

export async function getSession() {
  const { supabase } = await loadSupabase();
  return supabase.auth.getSession();
}

export async function refreshSession() {
  const { supabase } = await loadSupabase();
  return supabase.auth.refreshSession();
}

/** Ends this browser's session only (other devices stay signed in). */
export async function signOutLocally(): Promise<void> {
  const { supabase } = await loadSupabase();
  await supabase.auth.signOut({ scope: 'local' }).catch(() => undefined);
}

/** Re-verifies the password of the signed-in user (session signals: reauthentication). */
export async function verifyPassword(email: string, password: string) {
  const { supabase } = await loadSupabase();
  return supabase.auth.signInWithPassword({ email, password });
}

/**
 * supabase-js's check that an auth error is a request that never reached Auth (offline, gateway 5xx), for the
 * session check; loaded with the client, which a session implies.
 */
export async function loadTransientErrorCheck(): Promise<(error: unknown) => boolean> {
  const { isAuthRetryableFetchError } = await import('@supabase/supabase-js');
  return isAuthRetryableFetchError;
}
