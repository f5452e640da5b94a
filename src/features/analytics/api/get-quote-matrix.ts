import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import { supabase } from '@/lib/supabase';
import { analyticsKeys } from '@/features/analytics/api/keys';
import { analysisQueryDefaults } from '@/features/analytics/api/query-defaults';
import { quoteAnalysisArgs, type QuoteAnalysisInput } from '@/features/analytics/api/get-quote-analysis';

const cellSchema = z.object({ price: z.number(), effective_unit_cost: z.number().nullable(), winner: z.boolean() });

const quoteMatrixSchema = z.object({
  monthly_rate: z.number(),
  suppliers: z.array(z.object({ id: z.string(), name: z.string() })),
  rows_total: z.number(),
  truncated: z.boolean(),
  rows: z.array(
    z.object({
      batch_id: z.string(),
      batch_name: z.string().nullable(),
      sent_at: z.string(),
      product_name: z.string(),
      unit_name: z.string().nullable(),
      quantity: z.number(),
      cells: z.record(z.string(), cellSchema),
    }),
  ),
});

export type QuoteMatrix = z.infer<typeof quoteMatrixSchema>;

/** The supplier × item price sheet (buyers, analysts and admins; a representative is refused). */
export async function getQuoteMatrix(input: QuoteAnalysisInput, signal?: AbortSignal): Promise<QuoteMatrix> {
  let call = supabase.rpc('get_quote_matrix', quoteAnalysisArgs(input));
  if (signal) call = call.abortSignal(signal);
  const { data, error } = await call;
  if (error) throw error;
  return quoteMatrixSchema.parse(data);
}

/** Fetched on demand by 'Exportar matriz (XLSX)' (queryClient.fetchQuery), cached like the screen. */
export function quoteMatrixQueryOptions(input: QuoteAnalysisInput) {
  return queryOptions({
    queryKey: analyticsKeys.quoteMatrix(input),
    queryFn: ({ signal }) => getQuoteMatrix(input, signal),
    retry: analysisQueryDefaults.retry,
    staleTime: analysisQueryDefaults.staleTime,
  });
}
