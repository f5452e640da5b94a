import type { BoletoListFilters } from '@/features/boletos/types';

/** Query keys of /boletos (one factory; every queryFn variable is in its key). */
export const boletoKeys = {
  all: ['boletos'] as const,
  lists: () => [...boletoKeys.all, 'list'] as const,
  list: (filters: BoletoListFilters, page: number) => [...boletoKeys.lists(), filters, page] as const,
  history: (boletoId: string) => [...boletoKeys.all, 'history', boletoId] as const,
  attachments: (boletoId: string) => [...boletoKeys.all, 'attachments', boletoId] as const,
  warnings: (input: { barcode: string; unitId: string | null; supplierId: string | null; amount: number | null; dueDate: string | null; excludeId: string | null }) =>
    [...boletoKeys.all, 'warnings', input] as const,
  sameCode: (barcode: string | null, excludeId: string | null) => [...boletoKeys.all, 'same-code', barcode, excludeId] as const,
  suppliers: () => [...boletoKeys.all, 'suppliers'] as const,
  units: () => [...boletoKeys.all, 'units'] as const,
};

/** Mutation keys of /boletos: the app's freshness registry refreshes the payables report after them. */
export const boletoMutations = {
  create: ['boletos', 'mutation', 'create'] as const,
  update: ['boletos', 'mutation', 'update'] as const,
  markPaid: ['boletos', 'mutation', 'mark-paid'] as const,
  cancel: ['boletos', 'mutation', 'cancel'] as const,
  reopen: ['boletos', 'mutation', 'reopen'] as const,
  remove: ['boletos', 'mutation', 'delete'] as const,
  uploadAttachment: ['boletos', 'mutation', 'upload-attachment'] as const,
  removeAttachment: ['boletos', 'mutation', 'remove-attachment'] as const,
};
