/**
 * What a reload's first screen can start reading before the app's code is here (no React, no supabase-js): loaded by
 * the entry (src/main.tsx) alongside the app, when a session is stored. Today the catalogue: the copy this browser
 * kept at the last visit is read from IndexedDB at once, under the stored session's user, for the catalogue's query
 * (src/features/products/load-products.ts), which shows it only once get_catalogue_version confirms it.
 */
import { paths } from '@/config/paths';
import { keptCatalogueKey } from '@/features/products/kept-catalogue-key';
import { storedSessionUserId } from '@/lib/auth-storage';
import { prereadBrowserCache } from '@/lib/browser-cache';

export function startEarlyReads(pathname: string): void {
  if (pathname === paths.products) {
    const userId = storedSessionUserId();
    if (userId) prereadBrowserCache(keptCatalogueKey(userId));
  }
}
