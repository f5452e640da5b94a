/**
 * The key of a user's catalogue kept in this browser (src/lib/browser-cache.ts), on its own so the router can start
 * reading it on a reload without loading the catalogue's code. The format's number changes whenever the kept rows
 * change shape (load-products.ts: packCatalogue).
 */
export function keptCatalogueKey(userId: string): string {
  return `catalogue:v2:${userId}`;
}
