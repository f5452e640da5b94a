import type { AuditFilters, UserFilters } from '@/features/users/types';

/** Query keys of /usuarios (one factory; every queryFn variable is in its key). */
export const userAdminKeys = {
  all: ['user-admin'] as const,
  lists: () => [...userAdminKeys.all, 'users'] as const,
  list: (filters: UserFilters) => [...userAdminKeys.lists(), filters] as const,
  access: (userId: string) => [...userAdminKeys.all, 'access', userId] as const,
  employeeRecord: (userId: string) => [...userAdminKeys.all, 'employee-record', userId] as const,
  catalog: () => [...userAdminKeys.all, 'catalog'] as const,
  audit: (filters: AuditFilters) => [...userAdminKeys.all, 'audit', filters] as const,
};

/**
 * Mutation keys. saveUnit and updateUser are also read by src/app/freshness.ts: units are listed by
 * the app shell and /lancamento.
 */
export const userAdminMutations = {
  createUser: ['user-admin', 'mutation', 'create-user'] as const,
  updateUser: ['user-admin', 'mutation', 'update-user'] as const,
  setUserDisabled: ['user-admin', 'mutation', 'set-user-disabled'] as const,
  resetUserPassword: ['user-admin', 'mutation', 'reset-user-password'] as const,
  deleteUser: ['user-admin', 'mutation', 'delete-user'] as const,
  saveRole: ['user-admin', 'mutation', 'save-role'] as const,
  deleteRole: ['user-admin', 'mutation', 'delete-role'] as const,
  saveUnit: ['user-admin', 'mutation', 'save-unit'] as const,
  setEmployeeRecord: ['user-admin', 'mutation', 'set-employee-record'] as const,
};
