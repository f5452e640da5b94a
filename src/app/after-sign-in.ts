/**
 * What the sign-in page starts for the screen after it, in a module of its own so that the page carries one small
 * import instead of the lists of chunks behind the signed-in frame and the home (scripts/report-bundle.ts).
 */
import type { QueryClient } from '@tanstack/react-query';
import type { SessionUser } from '@/features/auth/types';

/**
 * The code of the signed-in frame and of the home, and the cross-feature refreshes every settled mutation (the
 * sign-in's too) waits for (src/app/main-app.tsx), so the first screen after sign-in does not wait for them.
 */
export function preloadHomeCode(): void {
  void import('@/app/freshness').catch(() => undefined);
  void import('@/app/routes/app-root').catch(() => undefined);
  void import('@/app/routes/home').catch(() => undefined);
}

/** The home's cards, asked for during the ~100 ms between sign-in and the home (src/app/home-first-queries.ts). */
export function prefetchHomeAfterSignIn(queryClient: QueryClient, user: SessionUser): Promise<void> {
  return import('@/app/home-first-queries').then(({ prefetchHomeCards }) => prefetchHomeCards(queryClient, user));
}
