import type { DocumentListParams } from '@/features/documents/logic';

/** Query keys of /documentos and the pending card (one factory; every queryFn variable is in its key). */
export const documentKeys = {
  all: ['documents'] as const,
  lists: () => [...documentKeys.all, 'list'] as const,
  list: (params: DocumentListParams) => [...documentKeys.lists(), params] as const,
  details: () => [...documentKeys.all, 'detail'] as const,
  detail: (id: string) => [...documentKeys.details(), id] as const,
  receipts: (id: string) => [...documentKeys.all, 'receipts', id] as const,
  pending: () => [...documentKeys.all, 'pending'] as const,
};

/** Mutation keys of the document writes (src/app/freshness.ts may refresh other features' caches after them). */
export const documentMutations = {
  save: ['documents', 'mutation', 'save'] as const,
  archive: ['documents', 'mutation', 'archive'] as const,
  read: ['documents', 'mutation', 'read'] as const,
  acknowledge: ['documents', 'mutation', 'acknowledge'] as const,
  confirmAction: ['documents', 'mutation', 'confirm-action'] as const,
  reply: ['documents', 'mutation', 'reply'] as const,
  remind: ['documents', 'mutation', 'remind'] as const,
  openNotification: ['documents', 'mutation', 'open-notification'] as const,
};
