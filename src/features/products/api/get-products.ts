import { queryOptions, useQuery } from '@tanstack/react-query';
import { forgetBrowserCache, readBrowserCache, writeBrowserCache } from '@/lib/browser-cache';
import { supabase } from '@/lib/supabase';
import { productKeys } from '@/features/products/api/keys';
import { loadCatalogue, type Catalogue, type CatalogueStore } from '@/features/products/load-products';

/** The last catalogue read, kept in this browser for the next visit (shown only while its version is current). */
const browserStore: CatalogueStore = { read: readBrowserCache, write: writeBrowserCache, forget: forgetBrowserCache };

/**
 * The whole catalogue with its groups, in pages of 1000 (spec §7, §9), ordered by name with its search index; the copy
 * kept from the last visit when get_catalogue_version says nothing changed since.
 */
export function getProducts(signal?: AbortSignal): Promise<Catalogue> {
  return loadCatalogue(supabase, signal, browserStore);
}

export function productsQueryOptions() {
  return queryOptions({ queryKey: productKeys.list(), queryFn: ({ signal }) => getProducts(signal) });
}

export function useProducts() {
  return useQuery(productsQueryOptions());
}
