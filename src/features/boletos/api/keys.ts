import type { BoletoListFilters } from '../types';

/** Query keys of /boletos (one factory; every queryFn variable is in its key). */
export const boletoKeys = {
  all: ['boletos'] as const,
  lists: () => [...boletoKeys.all, 'list'] as const,
  list: (filters: BoletoListFilters, page: number) => [...boletoKeys.lists(), filters, page] as const,
  history: (boletoId: string) => [...boletoKeys.all, 'history', boletoId] as const,
  attachments: (boletoId: string) => [...boletoKeys.all, 'attachments', boletoId] as const,
  warnings: (input: { barcode: string; unitId: string; supplierId: string | null; amount: number; dueDate: string; excludeId: string | null }) =>
    [...boletoKeys.all, 'warnings', input] as const,
  sameCode: (barcode: string | null, excludeId: string | null) => [...boletoKeys.all, 'same-code', barcode, excludeId] as const,
  suppliers: () => [...boletoKeys.all, 'suppliers'] as const,
  units: () => [...boletoKeys.all, 'units'] as const,
};

/** Mutation keys of /boletos: the app's freshness registry refreshes the payables report after them. */
export const boletoMutations = {
  create: ['boletos', 'create'] as const,
  update: ['boletos', 'update'] as const,
  markPaid: ['boletos', 'mark-paid'] as const,
  cancel: ['boletos', 'cancel'] as const,
  reopen: ['boletos', 'reopen'] as const,
  remove: ['boletos', 'delete'] as const,
  uploadAttachment: ['boletos', 'upload-attachment'] as const,
  removeAttachment: ['boletos', 'remove-attachment'] as const,
};
