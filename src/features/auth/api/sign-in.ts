import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '@/components/ui/use-toast';
import { loginErrorToast, TimeoutError } from '@/features/auth/messages';
import type { supabase } from '@/lib/supabase';
import { loadSupabase } from '@/lib/supabase-loader';
import { sessionUserQueryOptions } from '@/features/auth/api/get-session-user';
import { LOGIN_TIMEOUT_MS } from '@/features/auth/session-timing';
import type { SessionUser } from '@/features/auth/types';

export interface SignInInput {
  email: string;
  password: string;
}

/**
 * Field checks of the login form, written by hand: the login page has a 150 KB gzipped JavaScript target
 * (quality.md). Measured on 2026-11-25: react-hook-form alone adds 13.2 KB gzipped (191.9 → 205.1 KB), zod
 * another ~6.5 KB, so the login form is the one form kept on plain state (docs/forms-and-mutations.md).
 */
export function validateSignIn(values: SignInInput): Partial<Record<keyof SignInInput, string>> {
  const errors: Partial<Record<keyof SignInInput, string>> = {};
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(values.email.trim())) errors.email = 'Informe um email válido.';
  if (values.password.length === 0) errors.password = 'Informe sua senha.';
  return errors;
}

/**
 * Rejects with TimeoutError when `promise` takes longer than `ms` (spec §5: login times out after 15 s);
 * `onTimeout` runs when that happens. The promise itself keeps running.
 */
export function withTimeout<T>(promise: Promise<T>, ms: number, onTimeout?: () => void): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => {
      onTimeout?.();
      reject(new TimeoutError());
    }, ms);
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

export interface TimedSignInOptions<T> {
  timeoutMs: number;
  /** Whether a settled attempt left the user signed in. */
  signedIn: (result: T) => boolean;
  /** Drops the session an abandoned attempt created (sign out locally). */
  discard: () => Promise<unknown>;
}

/**
 * Runs sign-in attempts with the time limit. An attempt already answered with 'Tempo esgotado' can still
 * succeed later (the request was only slow). The user was told it failed and may have walked away from a
 * shared counter computer, so that late session is discarded (signed out locally) — unless the user has
 * tried again meanwhile and that newer attempt signed in (then the session is the one they asked for).
 */
export function createTimedSignIn<T>({ timeoutMs, signedIn, discard }: TimedSignInOptions<T>) {
  interface Attempt {
    id: number;
    /** Whether the attempt, whenever it settles, left the user signed in. */
    succeeded: Promise<boolean>;
  }
  let latest: Attempt | null = null;

  async function discardUnlessSuperseded(abandoned: Attempt): Promise<void> {
    let newest = latest;
    while (newest && newest.id !== abandoned.id) {
      if (await newest.succeeded) return;
      if (latest === newest) break;
      newest = latest;
    }
    await discard();
  }

  return (run: () => Promise<T>): Promise<T> => {
    const pending = run();
    const attempt: Attempt = {
      id: (latest?.id ?? 0) + 1,
      succeeded: pending.then(signedIn, () => false),
    };
    latest = attempt;
    let timedOut = false;
    void attempt.succeeded.then((ok) => {
      if (ok && timedOut) void discardUnlessSuperseded(attempt).catch(() => undefined);
    });
    return withTimeout(pending, timeoutMs, () => {
      timedOut = true;
    });
  };
}

const timedSignIn = createTimedSignIn<Awaited<ReturnType<typeof supabase.auth.signInWithPassword>>>({
  timeoutMs: LOGIN_TIMEOUT_MS,
  signedIn: (result) => result.error === null && result.data.session !== null,
  discard: () => loadSupabase().then(({ supabase: client }) => client.auth.signOut({ scope: 'local' })),
});

export function useSignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: SignInInput): Promise<SessionUser> => {
      // The client was asked for when the form showed (src/app/routes/auth/login.tsx); the time limit counts from here.
      const { data, error } = await timedSignIn(() =>
        loadSupabase().then(({ supabase: client }) => client.auth.signInWithPassword({ email: input.email.trim(), password: input.password })),
      );
      if (error) throw error;
      // Spec §4: profile, role, permissions and menu paths are loaded before leaving the login page.
      return queryClient.fetchQuery(sessionUserQueryOptions(data.user));
    },
    onError: (error) => toast({ ...loginErrorToast(error), variant: 'destructive' }),
  });
}
