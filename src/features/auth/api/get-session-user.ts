import { queryOptions, useQuery } from '@tanstack/react-query';
import { loadSupabase } from '@/lib/supabase-loader';
import { authKeys } from '@/features/auth/api/keys';
import { getSessionUser, type AuthUserLike } from '@/features/auth/api/load-session-user';

export type { AuthUserLike } from '@/features/auth/api/load-session-user';

export function sessionUserQueryOptions(authUser: AuthUserLike) {
  const { id } = authUser;
  const email = authUser.email ?? '';
  const metadataName = authUser.user_metadata?.full_name;
  const fallbackName = typeof metadataName === 'string' ? metadataName : '';
  return queryOptions({
    queryKey: authKeys.sessionUserDetail(id, email, fallbackName),
    queryFn: async ({ signal }) => getSessionUser((await loadSupabase()).supabase, { id, email, user_metadata: { full_name: fallbackName } }, signal),
  });
}

export function useSessionUserQuery(authUser: AuthUserLike | null) {
  return useQuery({
    ...sessionUserQueryOptions(authUser ?? { id: '' }),
    enabled: authUser !== null,
  });
}
