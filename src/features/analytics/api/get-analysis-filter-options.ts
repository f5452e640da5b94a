import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { supabase } from '@/lib/supabase';
import { analyticsKeys } from '@/features/analytics/api/keys';
import { analysisQueryDefaults } from '@/features/analytics/api/query-defaults';

const optionSchema = z.object({ id: z.string(), name: z.string() });

const filterOptionsSchema = z.object({
  units: z.array(optionSchema),
  suppliers: z.array(optionSchema),
  categories: z.array(optionSchema),
});

export type AnalysisOption = z.infer<typeof optionSchema>;
export type AnalysisFilterOptions = z.infer<typeof filterOptionsSchema>;

/** Units, suppliers and categories the caller may filter by (a representative gets only its own supplier). */
export async function getAnalysisFilterOptions(signal?: AbortSignal): Promise<AnalysisFilterOptions> {
  let call = supabase.rpc('get_analysis_filter_options');
  if (signal) call = call.abortSignal(signal);
  const { data, error } = await call;
  if (error) throw error;
  return filterOptionsSchema.parse(data);
}

export function analysisFilterOptionsQueryOptions() {
  return queryOptions({
    queryKey: analyticsKeys.filterOptions(),
    queryFn: ({ signal }) => getAnalysisFilterOptions(signal),
    retry: analysisQueryDefaults.retry,
    staleTime: 5 * 60_000,
  });
}

export function useAnalysisFilterOptions() {
  return useQuery(analysisFilterOptionsQueryOptions());
}
