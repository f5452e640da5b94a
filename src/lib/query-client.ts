import { MutationCache, QueryClient, type DefaultOptions, type MutationKey } from '@tanstack/react-query';

/** Spec §9: in the app, data stays fresh for 5 minutes and failed queries retry once. */
export const queryConfig = {
  queries: {
    staleTime: 5 * 60 * 1000,
    retry: 1,
    refetchOnWindowFocus: false,
  },
} satisfies DefaultOptions;

/**
 * Called after every mutation settles, with its key: the app layer refreshes the other features'
 * lists the write changed (src/app/freshness.ts). Awaited, so a mutation is not "done" before them.
 */
export type AfterMutation = (mutationKey: MutationKey | undefined, queryClient: QueryClient) => Promise<unknown> | undefined;

/**
 * `beforeMutation` runs when a mutation starts: the app layer starts loading what `afterMutation` needs (its code), so a
 * write does not wait for that code after its answer arrives.
 */
export function createQueryClient(afterMutation?: AfterMutation, beforeMutation?: () => void): QueryClient {
  const queryClient: QueryClient = new QueryClient({
    defaultOptions: queryConfig,
    mutationCache: new MutationCache({
      onMutate: () => beforeMutation?.(),
      onSettled: (_data, _error, _variables, _context, mutation) => afterMutation?.(mutation.options.mutationKey, queryClient),
    }),
  });
  return queryClient;
}
