/**
 * Mounts the signed-in app (router, providers, session). Loaded by src/main.tsx for every path except the public
 * signature page (/assinar/:token), which has its own chunk and never loads this module.
 */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createQueryClient } from '@/lib/query-client';
import { App } from '@/app/app';
import type { AfterMutation } from '@/lib/query-client';
import { preloadRoute } from '@/app/router';
import '@/index.css';

/**
 * The cross-feature refreshes (src/app/freshness.ts, every feature's query keys) load with the first mutation, not
 * with the sign-in page; a mutation still waits for them once settled (createQueryClient awaits this).
 */
const loadFreshness = () => import('@/app/freshness');
const refreshAfterMutation: AfterMutation = (mutationKey, queryClient) =>
  loadFreshness().then((module) => module.refreshAfterMutation(mutationKey, queryClient));
/** Their code starts loading with the first write, while its request is on the way, not once it settled. */
const startLoadingFreshness = () => void loadFreshness().catch(() => undefined);

export function mountApp(element: HTMLElement): void {
  const queryClient = createQueryClient(refreshAfterMutation, startLoadingFreshness);
  // The first page's code is fetched at once, alongside the session, not after it; so is its data, once the
  // session is known, into the cache the page will read.
  preloadRoute(window.location, queryClient);

  createRoot(element).render(
    <StrictMode>
      <App queryClient={queryClient} />
    </StrictMode>,
  );
}
