/** Calls the admin-users edge function; its refusals arrive as AdminUsersError with the function's Portuguese message. */
import { FunctionsHttpError } from '@supabase/supabase-js';
import { z } from 'zod';
import { supabase } from '@/lib/supabase';
import { AdminUsersError } from '@/features/users/errors';
import { userMessages } from '@/features/users/messages';

/** What every successful action answers with. */
export const adminUsersResultSchema = z.object({ user_id: z.string() });

/** The body of a refusal: the Portuguese message, its code and (for a delete) what keeps the account. */
const refusalSchema = z.object({
  error: z.string().optional(),
  code: z.string().optional(),
  dependencies: z.array(z.object({ table: z.string(), rows: z.number() })).optional(),
});

/** Runs an action and parses its answer with `schema`; an answer of another shape is a failure, not a cast. */
export async function invokeAdminUsers<S extends z.ZodType>(body: Record<string, unknown>, schema: S): Promise<z.infer<S>> {
  const { data, error } = await supabase.functions.invoke<unknown>('admin-users', { body });
  if (error) {
    if (error instanceof FunctionsHttpError) {
      const raw: unknown = await (error.context as Response).json().catch(() => null);
      const answer = refusalSchema.safeParse(raw);
      const refusal = answer.success ? answer.data : {};
      throw new AdminUsersError(refusal.error ?? userMessages.functionFallback, refusal.code ?? null, refusal.dependencies ?? []);
    }
    throw new AdminUsersError(userMessages.functionFallback, null);
  }
  const parsed = schema.safeParse(data);
  if (!parsed.success) throw new AdminUsersError(userMessages.functionFallback, null);
  return parsed.data;
}
