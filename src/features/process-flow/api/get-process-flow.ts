import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase';
import { useTableChanges } from '@/lib/realtime';
import { processFlowKeys } from '@/features/process-flow/api/keys';
import { processFlowSchema, type ProcessFlow } from '@/features/process-flow/schemas';

/** get_process_flow: each stage's count in the caller's scope (RLS), null where the caller's role sees nothing. */
export async function getProcessFlow(signal?: AbortSignal): Promise<ProcessFlow> {
  let call = supabase.rpc('get_process_flow');
  if (signal) call = call.abortSignal(signal);
  const { data, error } = await call;
  if (error) throw error;
  return processFlowSchema.parse(data);
}

export function processFlowQueryOptions() {
  return queryOptions({ queryKey: processFlowKeys.flow(), queryFn: ({ signal }) => getProcessFlow(signal) });
}

export function useProcessFlow() {
  return useQuery(processFlowQueryOptions());
}

/** The tables whose changes move a stage (all in the supabase_realtime publication; RLS per subscriber). */
export const PROCESS_FLOW_TABLES = ['shortages', 'quote_batches', 'quotes', 'purchase_orders', 'shipments'] as const;

/** Any change the caller may see in those tables reads the counts again (at most once per 400 ms); a resubscribe too. */
export function useLiveProcessFlow(): void {
  const queryClient = useQueryClient();
  useTableChanges('process-flow', PROCESS_FLOW_TABLES, () => void queryClient.invalidateQueries({ queryKey: processFlowKeys.flow() }));
}
