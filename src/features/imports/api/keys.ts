/** Query keys of the imports feature. */
export const importKeys = {
  all: ['imports'] as const,
  runs: () => [...importKeys.all, 'runs'] as const,
  rejections: (runId: string) => [...importKeys.all, 'rejections', runId] as const,
};
