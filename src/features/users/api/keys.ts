import type { AuditFilters, UserFilters } from '@/features/users/types';

/** Query keys of /usuarios (one factory; every queryFn variable is in its key). */
export const userAdminKeys = {
  all: ['user-admin'] as const,
  lists: () => [...userAdminKeys.all, 'users'] as const,
  list: (filters: UserFilters) => [...userAdminKeys.lists(), filters] as const,
  access: (userId: string) => [...userAdminKeys.all, 'access', userId] as const,
  catalog: () => [...userAdminKeys.all, 'catalog'] as const,
  audit: (filters: AuditFilters) => [...userAdminKeys.all, 'audit', filters] as const,
};

/** Writes other features' caches depend on (src/app/freshness.ts): units are listed by the app shell and /lancamento. */
export const userAdminMutations = {
  saveUnit: ['user-admin', 'mutation', 'save-unit'] as const,
  updateUser: ['user-admin', 'mutation', 'update-user'] as const,
};
