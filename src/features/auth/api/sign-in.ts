import { useMutation, useQueryClient } from '@tanstack/react-query';
import { TimeoutError } from '@/lib/errors';
import { supabase } from '@/lib/supabase';
import { sessionUserQueryOptions } from '@/features/auth/api/get-session-user';
import { LOGIN_TIMEOUT_MS } from '@/features/auth/session-timing';
import type { SessionUser } from '@/features/auth/types';

export interface SignInInput {
  email: string;
  password: string;
}

/**
 * Field checks of the login form, written by hand: the login page has a 200 KB gzipped JavaScript budget
 * and zod alone would take ~6.5 KB of it (the other forms use zod).
 */
export function validateSignIn(values: SignInInput): Partial<Record<keyof SignInInput, string>> {
  const errors: Partial<Record<keyof SignInInput, string>> = {};
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(values.email.trim())) errors.email = 'Informe um email válido.';
  if (values.password.length === 0) errors.password = 'Informe sua senha.';
  return errors;
}

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
      const { data, error } = await withTimeout(
        supabase.auth.signInWithPassword({ email: input.email.trim(), password: input.password }),
        LOGIN_TIMEOUT_MS,
      );
      if (error) throw error;
      // Spec §4: profile, role, permissions and menu paths are loaded before leaving the login page.
      return queryClient.fetchQuery(sessionUserQueryOptions(data.user));
    },
  });
}
