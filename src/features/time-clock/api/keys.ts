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
  /** Issue 25, the treatment: every key below starts with `treatment` so one invalidation refreshes them after a write. */
  treatment: () => [...timeClockKeys.all, 'treatment'] as const,
  treatedTimesheet: (userId: string, month: string) => [...timeClockKeys.treatment(), 'timesheet', userId, month] as const,
  espelho: (userId: string, month: string) => [...timeClockKeys.treatment(), 'espelho', userId, month] as const,
  hourBank: (userId: string) => [...timeClockKeys.treatment(), 'hour-bank', userId] as const,
  requests: (scope: string) => [...timeClockKeys.treatment(), 'requests', scope] as const,
  pendingRequestCount: () => [...timeClockKeys.treatment(), 'pending-count'] as const,
  closings: (unitId: string) => [...timeClockKeys.treatment(), 'closings', unitId] as const,
  acknowledgements: (unitId: string, month: string) => [...timeClockKeys.treatment(), 'acknowledgements', unitId, month] as const,
  settings: () => [...timeClockKeys.treatment(), 'settings'] as const,
  /** Issue 26, the reports: every key below starts with `reports` (the live dashboard refreshes its own key only). */
  reports: () => [...timeClockKeys.all, 'reports'] as const,
  dashboard: (unitId: string) => [...timeClockKeys.reports(), 'dashboard', unitId] as const,
  timeReport: (from: string, to: string, unitId: string, userId: string) => [...timeClockKeys.reports(), 'time', from, to, unitId, userId] as const,
  marksReport: (from: string, to: string, unitId: string, userId: string) => [...timeClockKeys.reports(), 'marks', from, to, unitId, userId] as const,
  espelhoPrint: (userId: string, month: string) => [...timeClockKeys.reports(), 'espelho-print', userId, month] as const,
  employees: () => [...timeClockKeys.all, 'employees'] as const,
  units: () => [...timeClockKeys.all, 'units'] as const,
};

/** Mutation keys of the time-clock writes (src/app/freshness.ts may refresh other features' caches after them). */
export const timeClockMutations = {
  authorizeComputer: ['time-clock', 'mutation', 'authorize-computer'] as const,
  updateComputer: ['time-clock', 'mutation', 'update-computer'] as const,
  publishTerm: ['time-clock', 'mutation', 'publish-term'] as const,
  recordConsent: ['time-clock', 'mutation', 'record-consent'] as const,
  registerPunch: ['time-clock', 'mutation', 'register-punch'] as const,
  addAdjustment: ['time-clock', 'mutation', 'add-adjustment'] as const,
  revokeAdjustment: ['time-clock', 'mutation', 'revoke-adjustment'] as const,
  requestAdjustment: ['time-clock', 'mutation', 'request-adjustment'] as const,
  decideRequest: ['time-clock', 'mutation', 'decide-request'] as const,
  closeMonth: ['time-clock', 'mutation', 'close-month'] as const,
  acknowledgeEspelho: ['time-clock', 'mutation', 'acknowledge-espelho'] as const,
  saveSettings: ['time-clock', 'mutation', 'save-settings'] as const,
  setAgreement: ['time-clock', 'mutation', 'set-agreement'] as const,
};
