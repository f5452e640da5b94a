import { loadSupabase } from '@/lib/supabase-loader';

/** Statuses GoTrue answers when the session is already gone on the server: nothing left to revoke. */
const ALREADY_SIGNED_OUT = new Set([401, 403, 404]);

/**
 * Ends this browser's session on the server, then locally; resolves to the auth error, if any.
 *
 * Only this session ('local' scope): signing out at a shared counter computer must not end the same
 * person's sessions on other devices (GoTrue's default 'global' scope would, and since the app asks Auth
 * about the account at each navigation, it would end them at once).
 *
 * supabase-js's `signOut({ scope: 'local' })` removes the stored session before it asks the server, so a
 * failed request would leave the user signed out here while the refresh token still works there. The
 * revocation is therefore asked first: when it fails (connection, 5xx) the user stays signed in and sees
 * 'Erro ao fazer logout' and can try again; once it succeeded the local sign-out cannot fail (its own
 * request meets an already-ended session, which supabase-js treats as signed out).
 */
export async function signOut(): Promise<{ error: unknown }> {
  const [{ supabase }, { isAuthApiError }] = await Promise.all([loadSupabase(), import('@supabase/supabase-js')]);
  const { data } = await supabase.auth.getSession();
  const accessToken = data.session?.access_token;
  if (accessToken) {
    const { error } = await supabase.auth.admin.signOut(accessToken, 'local');
    if (error && !(isAuthApiError(error) && ALREADY_SIGNED_OUT.has(error.status))) return { error };
  }
  const { error } = await supabase.auth.signOut({ scope: 'local' });
  return { error };
}
