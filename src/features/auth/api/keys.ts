/** Query keys of the auth feature (one factory; every queryFn variable is in its key). */
export const authKeys = {
  all: ['auth'] as const,
  sessionUsers: () => [...authKeys.all, 'session-user'] as const,
  sessionUser: (userId: string) => [...authKeys.sessionUsers(), userId] as const,
  units: () => [...authKeys.all, 'store-units'] as const,
};
