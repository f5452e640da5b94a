/** Query keys of the purchasing feature (one factory; every queryFn variable is in its key). */
export const purchasingKeys = {
  all: ['purchasing'] as const,
  batches: () => [...purchasingKeys.all, 'batches'] as const,
  batchList: () => [...purchasingKeys.batches(), 'list'] as const,
  batchDetail: (batchId: string) => [...purchasingKeys.batches(), 'detail', batchId] as const,
  openBatches: () => [...purchasingKeys.batches(), 'open'] as const,
  batchExists: (batchId: string) => [...purchasingKeys.batches(), 'exists', batchId] as const,
  pendingShortages: () => [...purchasingKeys.all, 'pending-shortages'] as const,
  comparison: (batchId: string) => [...purchasingKeys.all, 'comparison', batchId] as const,
  /** The comparison at one monthly cost of money (invalidated with `comparison(batchId)`). */
  comparisonAt: (batchId: string, monthlyRate: number) => [...purchasingKeys.comparison(batchId), monthlyRate] as const,
  orders: () => [...purchasingKeys.all, 'orders'] as const,
  orderList: (batchId: string | null) => [...purchasingKeys.orders(), 'list', batchId ?? 'all'] as const,
  quotes: () => [...purchasingKeys.all, 'quotes'] as const,
  quoteList: () => [...purchasingKeys.quotes(), 'list'] as const,
  quoteForBatch: (batchId: string) => [...purchasingKeys.quotes(), 'for-batch', batchId] as const,
  supplier: () => [...purchasingKeys.all, 'my-supplier'] as const,
  winningItems: (from: string | null, to: string | null) => [...purchasingKeys.all, 'winning-items', from, to] as const,
  winRates: (from: string | null, to: string | null) => [...purchasingKeys.all, 'win-rates', from, to] as const,
  myWorkUnits: () => [...purchasingKeys.all, 'my-work-units'] as const,
  dashboard: () => [...purchasingKeys.all, 'dashboard'] as const,
  /** null: the caller's own supplier (representative) or every supplier (admin). */
  dashboardFor: (supplierId: string | null) => [...purchasingKeys.dashboard(), supplierId ?? 'default'] as const,
  suppliers: () => [...purchasingKeys.all, 'suppliers'] as const,
};

/**
 * Keys of the purchasing writes whose effects reach other features' caches; the app layer's
 * freshness registry (src/app/freshness.ts) says which lists each one refreshes.
 */
export const purchasingMutations = {
  createBatch: ['purchasing', 'mutation', 'create-batch'] as const,
  addBatchItems: ['purchasing', 'mutation', 'add-batch-items'] as const,
  removeBatchItem: ['purchasing', 'mutation', 'remove-batch-item'] as const,
  deleteBatch: ['purchasing', 'mutation', 'delete-batch'] as const,
  sendBatch: ['purchasing', 'mutation', 'send-batch'] as const,
  updateBatchQuantities: ['purchasing', 'mutation', 'update-batch-quantities'] as const,
  selectWinners: ['purchasing', 'mutation', 'select-winners'] as const,
  generateOrders: ['purchasing', 'mutation', 'generate-orders'] as const,
  receiveOrder: ['purchasing', 'mutation', 'receive-order'] as const,
};
