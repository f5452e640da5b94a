import { QueryClient, type DefaultOptions } from '@tanstack/react-query';

/** Spec §9: in the app, data stays fresh for 5 minutes and failed queries retry once. */
export const queryConfig = {
  queries: {
    staleTime: 5 * 60 * 1000,
    retry: 1,
    refetchOnWindowFocus: false,
  },
} satisfies DefaultOptions;

export function createQueryClient(): QueryClient {
  return new QueryClient({ defaultOptions: queryConfig });
}
