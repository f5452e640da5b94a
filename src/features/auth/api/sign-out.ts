import { supabase } from '@/lib/supabase';

/** Ends the session on the server and locally; resolves to the auth error, if any. */
export async function signOut(): Promise<{ error: unknown }> {
  const { error } = await supabase.auth.signOut();
  return { error };
}
