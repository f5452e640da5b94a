import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { TimeoutError } from '@/lib/errors';
import { supabase } from '@/lib/supabase';
import { sessionUserQueryOptions } from '@/features/auth/api/get-session-user';
import { LOGIN_TIMEOUT_MS } from '@/features/auth/session-timing';
import type { SessionUser } from '@/features/auth/types';

export const signInSchema = z.object({
  email: z.email({ message: 'Informe um email válido.' }),
  password: z.string().min(1, { message: 'Informe sua senha.' }),
});
export type SignInInput = z.infer<typeof signInSchema>;

/** Rejects with TimeoutError when `promise` takes longer than `ms` (spec §5: login times out after 15 s). */
export function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new TimeoutError()), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}

export function useSignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: SignInInput): Promise<SessionUser> => {
      const { data, error } = await withTimeout(supabase.auth.signInWithPassword(input), LOGIN_TIMEOUT_MS);
      if (error) throw error;
      // Spec §4: profile, role, permissions and menu paths are loaded before leaving the login page.
      return queryClient.fetchQuery(sessionUserQueryOptions(data.user));
    },
  });
}
