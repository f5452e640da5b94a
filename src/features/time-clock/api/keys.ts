/** Query keys of the time clock (one factory; every queryFn variable is in its key). */
export const timeClockKeys = {
  all: ['time-clock'] as const,
  activeTerm: () => [...timeClockKeys.all, 'active-term'] as const,
  myConsent: (userId: string) => [...timeClockKeys.all, 'my-consent', userId] as const,
  today: (userId: string) => [...timeClockKeys.all, 'today', userId] as const,
  computers: () => [...timeClockKeys.all, 'computers'] as const,
  /** This browser's computer as the caller sees it (the device token, a credential, is read in the queryFn, never kept in a key). */
  punchComputer: (userId: string) => [...timeClockKeys.all, 'punch-computer', userId] as const,
  timesheet: (userId: string, month: string) => [...timeClockKeys.all, 'timesheet', userId, month] as const,
  receipts: (userId: string) => [...timeClockKeys.all, 'receipts', userId] as const,
  termVersions: () => [...timeClockKeys.all, 'term-versions'] as const,
  consents: (from: string, to: string) => [...timeClockKeys.all, 'consents', from, to] as const,
};

/** Mutation keys of the time-clock writes (src/app/freshness.ts may refresh other features' caches after them). */
export const timeClockMutations = {
  authorizeComputer: ['time-clock', 'mutation', 'authorize-computer'] as const,
  updateComputer: ['time-clock', 'mutation', 'update-computer'] as const,
  publishTerm: ['time-clock', 'mutation', 'publish-term'] as const,
  recordConsent: ['time-clock', 'mutation', 'record-consent'] as const,
  registerPunch: ['time-clock', 'mutation', 'register-punch'] as const,
};
