/** Query keys of the home feature. */
export const homeKeys = {
  all: ['home'] as const,
  visibleActions: (roleId: string | null) => [...homeKeys.all, 'visible-actions', roleId] as const,
};
