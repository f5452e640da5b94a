/**
 * What a reload's first screen can start reading before the app's code is here (no React, no supabase-js): loaded by
 * the entry (src/main.tsx) alongside the app, when a session is stored. Today the catalogue: the copy this browser
 * kept at the last visit is read from IndexedDB at once, under the stored session's user, for the catalogue's query
 * (src/features/products/load-products.ts), which shows it only once get_catalogue_version confirms it. The reading
 * code loads only on the routes that read early: every other reload fetches nothing more than this module (the paths
 * come with the app anyway).
 */
import { paths } from '@/config/paths';
import { storedSessionUserId } from '@/lib/auth-storage';

export function startEarlyReads(pathname: string): void {
  if (pathname !== paths.products) return;
  const userId = storedSessionUserId();
  if (!userId) return;
  void Promise.all([import('@/lib/browser-cache'), import('@/features/products/kept-catalogue-key')]).then(
    ([cache, catalogue]) => cache.prereadBrowserCache(catalogue.keptCatalogueKey(userId)),
    () => undefined,
  );
}
