/**
 * The session operations the auth provider drives (supabase-js auth), kept in api/ like every
 * other call to Supabase, so the provider itself only holds state.
 */
import type { AuthChangeEvent, Session } from '@supabase/supabase-js';
import { clearStoredAuth, onUnauthorized, supabase } from '@/lib/supabase';

export { clearStoredAuth, onUnauthorized };

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
