/**
 * Query keys of the analysis screens (one factory; every queryFn variable is in its key). Each
 * screen's RPC has its own entry; the filters object is the screen's whole input.
 */
export const analyticsKeys = {
  all: ['analytics'] as const,
  filterOptions: () => [...analyticsKeys.all, 'filter-options'] as const,
  productSearch: (term: string) => [...analyticsKeys.all, 'product-search', term] as const,
  product: (productId: string) => [...analyticsKeys.all, 'product', productId] as const,
  quoteAnalysis: (filters: object, lines: 'first' | 'all') => [...analyticsKeys.all, 'quote-analysis', filters, lines] as const,
  quoteMatrix: (filters: object) => [...analyticsKeys.all, 'quote-matrix', filters] as const,
  shortageAnalysis: (filters: object) => [...analyticsKeys.all, 'shortage-analysis', filters] as const,
  purchaseDays: (filters: object) => [...analyticsKeys.all, 'purchase-days', filters] as const,
  purchaseReport: (filters: object, lines: 'first' | 'all') => [...analyticsKeys.all, 'purchase-report', filters, lines] as const,
  purchaseReportOrder: (orderId: string) => [...analyticsKeys.all, 'purchase-report-order', orderId] as const,
};
