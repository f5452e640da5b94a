import { supabase } from '@/lib/supabase';

/**
 * Ends this browser's session on the server and locally; resolves to the auth error, if any. Only this
 * session ('local' scope): signing out at a shared counter computer must not end the same person's
 * sessions on other devices (GoTrue's default 'global' scope would), and since the app asks Auth about
 * the account at each navigation, a global sign-out would end them at once.
 */
export async function signOut(): Promise<{ error: unknown }> {
  const { error } = await supabase.auth.signOut({ scope: 'local' });
  return { error };
}
