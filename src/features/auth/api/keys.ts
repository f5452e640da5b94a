/** Query keys of the auth feature (one factory; every queryFn variable is in its key). */
export const authKeys = {
  all: ['auth'] as const,
  sessionUsers: () => [...authKeys.all, 'session-user'] as const,
  sessionUser: (userId: string) => [...authKeys.sessionUsers(), userId] as const,
  /** The full key: the identity fields getSessionUser reads besides the id. */
  sessionUserDetail: (userId: string, email: string, fallbackName: string) =>
    [...authKeys.sessionUser(userId), { email, fallbackName }] as const,
  units: () => [...authKeys.all, 'store-units'] as const,
  assignedUnits: (userId: string) => [...authKeys.all, 'assigned-units', userId] as const,
  unitNames: () => [...authKeys.all, 'unit-names'] as const,
};

/** Keys of the auth writes that change what other features show (see src/app/freshness.ts). */
export const authMutations = {
  updateUnit: ['auth', 'mutation', 'update-unit'] as const,
};
