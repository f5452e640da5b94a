import { useQuery } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase';
import { purchasingKeys } from '@/features/purchasing/api/keys';

/**
 * Whether a batch still exists for the caller (a representative reads the batches sent to quotation): tells a
 * representative whose open quote vanished whether the buyer deleted its batch or only the quote went away.
 */
export async function batchExists(batchId: string, signal?: AbortSignal): Promise<boolean> {
  let query = supabase.from('quote_batches').select('id').eq('id', batchId);
  if (signal) query = query.abortSignal(signal);
  const { data, error } = await query.maybeSingle();
  if (error) throw error;
  return data !== null;
}

export function useBatchExists(batchId: string | null) {
  return useQuery({
    queryKey: purchasingKeys.batchExists(batchId ?? ''),
    queryFn: ({ signal }) => batchExists(batchId ?? '', signal),
    enabled: batchId !== null,
  });
}
