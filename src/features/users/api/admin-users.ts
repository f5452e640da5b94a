/** Calls the admin-users edge function; its refusals arrive as AdminUsersError with the function's Portuguese message. */
import { FunctionsHttpError } from '@supabase/supabase-js';
import { supabase } from '@/lib/supabase';
import { AdminUsersError } from '@/features/users/errors';

const FALLBACK = 'Não foi possível concluir a operação. Tente novamente.';

export async function invokeAdminUsers<T extends Record<string, unknown>>(body: Record<string, unknown>): Promise<T> {
  const { data, error } = await supabase.functions.invoke<T>('admin-users', { body });
  if (error) {
    if (error instanceof FunctionsHttpError) {
      const answer = (await (error.context as Response).json().catch(() => null)) as { error?: string; code?: string; dependencies?: { table: string; rows: number }[] } | null;
      throw new AdminUsersError(answer?.error ?? FALLBACK, answer?.code ?? null, answer?.dependencies ?? []);
    }
    throw new AdminUsersError(FALLBACK, null);
  }
  if (!data) throw new AdminUsersError(FALLBACK, null);
  return data;
}
