/**
 * What the home (/) asks for first, started by the router on a reload as soon as the stored session is read
 * (src/app/router.tsx, preloadRoute), into the cache the home's cards read: the assigned units, the pending
 * documents and, once the user's role is known, the visible actions; with PUNCH_CLOCK_ACCESS, the time-clock
 * cards' chain (the active term with the caller's decisions, then, only once the term is accepted, today's
 * punches and goal, as the cards themselves ask). Otherwise each waited for the home's code and then for the previous answer.
 * The same query options as the cards, hence the same keys: one request each, not two.
 */
import type { QueryClient } from '@tanstack/react-query';
import type { Session } from '@supabase/supabase-js';
import { assignedUnitsQueryOptions } from '@/features/auth/api/get-assigned-units';
import { sessionUserQueryOptions } from '@/features/auth/api/get-session-user';
import { pendingDocumentsQueryOptions } from '@/features/documents/api/count-pending-documents';
import { visibleHomeActionsQueryOptions } from '@/features/home/api/get-visible-home-actions';
import { activeTermQueryOptions } from '@/features/time-clock/api/get-active-term';
import { consentFromRows, getMyConsentRows, myConsentQueryOptions } from '@/features/time-clock/api/get-my-consent';
import { todayGoalQueryOptions } from '@/features/time-clock/api/get-my-schedule';
import { todayPunchesQueryOptions } from '@/features/time-clock/api/get-today-punches';
import type { SessionUser } from '@/features/auth/types';
import { hasAccess } from '@/lib/permissions';

/** On a reload: from the stored session, with the user's profile and permissions asked for meanwhile. */
export async function prefetchHome(queryClient: QueryClient, session: Session): Promise<void> {
  void queryClient.prefetchQuery(assignedUnitsQueryOptions(session.user.id));
  void queryClient.prefetchQuery(pendingDocumentsQueryOptions());
  const user = await queryClient.fetchQuery(sessionUserQueryOptions(session.user));
  await prefetchHomeCards(queryClient, user);
}

/** Right after sign-in (src/app/routes/auth/login.tsx), with the user loaded: during the ~100 ms before the home. */
export async function prefetchHomeCards(queryClient: QueryClient, user: SessionUser): Promise<void> {
  const userId = user.id;
  void queryClient.prefetchQuery(assignedUnitsQueryOptions(userId));
  void queryClient.prefetchQuery(pendingDocumentsQueryOptions());
  void queryClient.prefetchQuery(visibleHomeActionsQueryOptions(user.roleId));
  if (!hasAccess(user, { roles: [], permissions: ['PUNCH_CLOCK_ACCESS'] })) return;
  // The term and the caller's decisions together (the cards ask for the second once the first is known).
  const [term, rows] = await Promise.all([queryClient.fetchQuery(activeTermQueryOptions()), getMyConsentRows(userId)]);
  if (!term) return;
  const consent = consentFromRows(rows, term.id);
  queryClient.setQueryData(myConsentQueryOptions(userId, term.id).queryKey, consent);
  if (consent.decision !== 'accepted') return;
  void queryClient.prefetchQuery(todayPunchesQueryOptions(userId));
  void queryClient.prefetchQuery(todayGoalQueryOptions(userId));
}
