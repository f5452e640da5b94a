/** Query keys of the purchasing feature (one factory; every queryFn variable is in its key). */
export const purchasingKeys = {
  all: ['purchasing'] as const,
  batches: () => [...purchasingKeys.all, 'batches'] as const,
  batchList: () => [...purchasingKeys.batches(), 'list'] as const,
  batchDetail: (batchId: string) => [...purchasingKeys.batches(), 'detail', batchId] as const,
  openBatches: () => [...purchasingKeys.batches(), 'open'] as const,
  pendingShortages: () => [...purchasingKeys.all, 'pending-shortages'] as const,
  comparison: (batchId: string) => [...purchasingKeys.all, 'comparison', batchId] as const,
  orders: () => [...purchasingKeys.all, 'orders'] as const,
  orderList: (batchId: string | null) => [...purchasingKeys.orders(), 'list', batchId ?? 'all'] as const,
  quotes: () => [...purchasingKeys.all, 'quotes'] as const,
  quoteList: () => [...purchasingKeys.quotes(), 'list'] as const,
  quoteForBatch: (batchId: string) => [...purchasingKeys.quotes(), 'for-batch', batchId] as const,
  supplier: () => [...purchasingKeys.all, 'my-supplier'] as const,
  winningItems: (from: string | null, to: string | null) => [...purchasingKeys.all, 'winning-items', from, to] as const,
  winRates: (from: string | null, to: string | null) => [...purchasingKeys.all, 'win-rates', from, to] as const,
  dashboard: () => [...purchasingKeys.all, 'dashboard'] as const,
  /** null: the caller's own supplier (representative) or every supplier (admin). */
  dashboardFor: (supplierId: string | null) => [...purchasingKeys.dashboard(), supplierId ?? 'default'] as const,
  suppliers: () => [...purchasingKeys.all, 'suppliers'] as const,
};
