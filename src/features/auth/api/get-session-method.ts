import { queryOptions, useQuery } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase';
import { authKeys } from '@/features/auth/api/keys';
import { claimsOf } from '@/features/auth/session-timing';

/**
 * How the session was established: the newest `amr` method of its token ('password', 'invite', 'recovery'…).
 * A session opened by an invitation link has proved the mailbox just now and has no password yet.
 */
export function sessionMethodOf(accessToken: string): string | null {
  const amr = claimsOf(accessToken)?.amr;
  if (!Array.isArray(amr)) return null;
  const entries = amr.filter(
    (entry): entry is { method: string; timestamp: number } =>
      !!entry && typeof entry === 'object' && typeof (entry as { method?: unknown }).method === 'string',
  );
  return [...entries].sort((a, b) => (b.timestamp ?? 0) - (a.timestamp ?? 0))[0]?.method ?? null;
}

/** How the current session was established ('password', 'invite', 'recovery'…), read from its token. */
export async function getSessionMethod(): Promise<string | null> {
  const { data } = await supabase.auth.getSession();
  return data.session ? sessionMethodOf(data.session.access_token) : null;
}

export function sessionMethodQueryOptions(userId: string) {
  return queryOptions({ queryKey: [...authKeys.sessionUser(userId), 'method'] as const, queryFn: getSessionMethod, staleTime: 0 });
}

/** Whether the signed-in user arrived through an invitation link (they have no password to confirm yet). */
export function useSignedInByInvite(userId: string | null): boolean | null {
  const method = useQuery({ ...sessionMethodQueryOptions(userId ?? ''), enabled: userId !== null });
  return method.isPending ? null : method.data === 'invite';
}
