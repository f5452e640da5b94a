/** Query keys of /fluxo-processo (one factory). */
export const processFlowKeys = {
  all: ['process-flow'] as const,
  flow: () => [...processFlowKeys.all, 'flow'] as const,
};
