/**
 * Roots of the query keys of data that more than one feature caches. Each feature builds its own key
 * factory on these roots (features never import each other), so a write that invalidates a root refreshes
 * every screen's copy: creating a product on /produtos also drops the product searches cached by /lancamento.
 */
export const queryKeyRoots = {
  /** The catalogue and any lookup of it (the full list, searches by name or barcode). */
  products: ['products'] as const,
  /** Categories ("grupos"), listed on /produtos and offered as a shortage's group on /lancamento. */
  categories: ['categories'] as const,
};
