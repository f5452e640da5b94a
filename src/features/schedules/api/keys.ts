/** Query keys of /gestao-horarios (one factory; every queryFn variable is in its key). */
export const scheduleKeys = {
  all: ['schedules'] as const,
  overview: () => [...scheduleKeys.all, 'overview'] as const,
  templates: () => [...scheduleKeys.all, 'templates'] as const,
  holidays: (year: number) => [...scheduleKeys.all, 'holidays', year] as const,
  openingHours: (unitId: string) => [...scheduleKeys.all, 'opening-hours', unitId] as const,
};

/**
 * Mutation keys of the schedule writes: an assignment, a holiday or a template changes every expected day
 * (the time clock's home card and timesheets refresh through src/app/freshness.ts when it lists them).
 */
export const scheduleMutations = {
  assign: ['schedules', 'mutation', 'assign'] as const,
  deleteAssignment: ['schedules', 'mutation', 'delete-assignment'] as const,
  saveTemplate: ['schedules', 'mutation', 'save-template'] as const,
  saveHoliday: ['schedules', 'mutation', 'save-holiday'] as const,
  deleteHoliday: ['schedules', 'mutation', 'delete-holiday'] as const,
  saveOpeningHours: ['schedules', 'mutation', 'save-opening-hours'] as const,
};
