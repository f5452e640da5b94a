/**
 * The key of a user's catalogue kept in this browser (src/lib/browser-cache.ts), on its own so the router can start
 * reading it on a reload without loading the catalogue's code. The format's number changes whenever the kept rows
 * change shape (load-products.ts: packCatalogue).
 */
export function keptCatalogueKey(userId: string): string {
  return `catalogue:v3:${userId}`;
}

/** The keys the previous formats were kept under: forgotten once the current format is kept (their copies are dead weight). */
export function formerKeptCatalogueKeys(userId: string): string[] {
  return [`catalogue:v1:${userId}`, `catalogue:v2:${userId}`];
}
