/**
 * The session operations the auth provider drives (supabase-js auth), kept in api/ like every
 * other call to Supabase, so the provider itself only holds state.
 */
import type { AuthChangeEvent, Session } from '@supabase/supabase-js';
import { isAccountDisabledError } from '@/features/auth/messages';
import { clearStoredAuth, onForbidden, onUnauthorized, supabase } from '@/lib/supabase';

export { clearStoredAuth, onForbidden, onUnauthorized };

/**
 * Asks Auth whether the signed-in account was disabled or deleted since its token was issued (the token
 * stays valid until it expires): GoTrue answers GET /user with 403 user_banned for a banned account and
 * 403 user_not_found for a deleted one. Any other outcome (offline, no session) is not a verdict.
 */
export async function isAccountDisabled(): Promise<boolean> {
  const { error } = await supabase.auth.getUser();
  return isAccountDisabledError(error);
}

/** Follows auth events; returns the unsubscribe function. The callback must not await supabase calls. */
export function onAuthStateChange(callback: (event: AuthChangeEvent, session: Session | null) => void): () => void {
  const { data } = supabase.auth.onAuthStateChange(callback);
  return () => data.subscription.unsubscribe();
}

export function getSession() {
  return supabase.auth.getSession();
}

export function refreshSession() {
  return supabase.auth.refreshSession();
}

/** Ends this browser's session only (other devices stay signed in). */
export async function signOutLocally(): Promise<void> {
  await supabase.auth.signOut({ scope: 'local' }).catch(() => undefined);
}

/** Re-verifies the password of the signed-in user (session signals: reauthentication). */
export function verifyPassword(email: string, password: string) {
  return supabase.auth.signInWithPassword({ email, password });
}
