/**
 * What /compras asks the database for first, read from its URL alone: with ?lote=<id>, the batch, and on the
 * comparison tab (?aba=comparativo) its comparison at the default cost of money, the two queries BatchDetail starts.
 * The router calls `prefetchPurchases` as soon as a reload's session is known (src/app/router.tsx), before the user's
 * profile, permissions and the page's code have arrived; the page uses the same query options, hence the same keys:
 * one request each, not two. The database authorizes both calls: a user who may not open /compras gets refusals the
 * page never shows. No React here: this module is small and loads ahead of the page.
 */
import type { QueryClient } from '@tanstack/react-query';
import { batchQueryOptions } from '@/features/purchasing/api/get-batch';
import { batchComparisonQueryOptions } from '@/features/purchasing/api/get-batch-comparison';
import { isUuid } from '@/lib/utils';

/** The URL's batch tab that shows the comparison (BatchTab of components/batch-detail.tsx). */
const COMPARISON_TAB = 'comparativo';

export function prefetchPurchases(queryClient: QueryClient, search: string): Promise<unknown> {
  const params = new URLSearchParams(search);
  const batchId = params.get('lote');
  if (batchId === null || !isUuid(batchId)) return Promise.resolve();
  const asks = [queryClient.prefetchQuery(batchQueryOptions(batchId))];
  if (params.get('aba') === COMPARISON_TAB) asks.push(queryClient.prefetchQuery(batchComparisonQueryOptions(batchId)));
  return Promise.all(asks);
}
