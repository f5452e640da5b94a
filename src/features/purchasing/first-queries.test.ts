import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { batchQueryOptions } from '@/features/purchasing/api/get-batch';
import { batchComparisonQueryOptions } from '@/features/purchasing/api/get-batch-comparison';
import { prefetchPurchases } from '@/features/purchasing/first-queries';

const BATCH = '3f2b8c1e-6a4d-4e2f-9b1a-0c5d7e8f9a01';

/** The query keys prefetchPurchases asks for on a URL's search (the queries themselves are not run). */
async function prefetchedKeys(search: string): Promise<unknown[]> {
  const queryClient = new QueryClient();
  const prefetch = vi.spyOn(queryClient, 'prefetchQuery').mockResolvedValue(undefined);
  await prefetchPurchases(queryClient, search);
  return prefetch.mock.calls.map(([options]) => options.queryKey);
}

describe('prefetchPurchases', () => {
  it("asks for the batch, and on the comparison tab for its comparison, under the page's own query keys", async () => {
    expect(await prefetchedKeys(`?lote=${BATCH}`)).toEqual([batchQueryOptions(BATCH).queryKey]);
    expect(await prefetchedKeys(`?lote=${BATCH}&aba=itens`)).toEqual([batchQueryOptions(BATCH).queryKey]);
    expect(await prefetchedKeys(`?lote=${BATCH}&aba=comparativo`)).toEqual([
      batchQueryOptions(BATCH).queryKey,
      batchComparisonQueryOptions(BATCH).queryKey,
    ]);
  });

  it('asks for nothing on the batch list or with a batch id that is not a UUID', async () => {
    expect(await prefetchedKeys('')).toEqual([]);
    expect(await prefetchedKeys('?aba=comparativo')).toEqual([]);
    expect(await prefetchedKeys("?lote=1' or 1=1&aba=comparativo")).toEqual([]);
  });
});
