import { useQueryClient } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { toast } from '@/components/ui/use-toast';
import { useSingleFlightMutation } from '@/hooks/use-single-flight-mutation';
import { purchasingErrorMessage, purchasingMessages } from '@/features/purchasing/messages';
import { supabase } from '@/lib/supabase';
import { purchasingKeys, purchasingMutations } from '@/features/purchasing/api/keys';

export const createBatchSchema = z.object({
  unitId: z.nullable(z.string()),
  shortageIds: z.array(z.string()).check(z.minLength(1, 'Selecione ao menos um item para criar o lote.')),
  name: z.nullable(z.string().check(z.maxLength(120, 'O nome do lote deve ter no máximo 120 caracteres.'))),
});
/** The batch to create, and the client's id for this creation (a retry with it returns the batch already created). */
export type CreateBatchInput = z.infer<typeof createBatchSchema> & { requestId?: string };

/** create_quote_batch: an ABERTO batch holding the given pending shortages; returns the new batch id. */
export async function createBatch(input: CreateBatchInput): Promise<string> {
  const values = createBatchSchema.parse(input);
  const name = values.name?.trim() || null;
  const { data, error } = await supabase.rpc('create_quote_batch', {
    // The RPC accepts a null unit (a batch spanning several units); the generated type says uuid.
    p_unit_id: values.unitId as string,
    p_shortage_ids: values.shortageIds,
    ...(name ? { p_name: name } : {}),
    ...(input.requestId ? { p_request_id: input.requestId } : {}),
  });
  if (error) throw error;
  return data.id;
}

const itemErrors = z.array(z.object({ message: z.string() }));

/** The distinct per-item messages the RPC puts in DETAIL (a JSON array of {shortage_id, message}). */
export function itemErrorMessages(details: string): string[] {
  try {
    const parsed = itemErrors.safeParse(JSON.parse(details));
    return parsed.success ? [...new Set(parsed.data.map((e) => e.message))] : [];
  } catch {
    return [];
  }
}

/** The description of a failed creation: the RPC's message (and its per-item errors) or the spec's fallback. */
export function createBatchErrorDescription(error: unknown): string {
  const message = purchasingErrorMessage(error, purchasingMessages.batchCreateFallback);
  if (message === purchasingMessages.batchCreateNoneAssigned && error && typeof error === 'object' && 'details' in error && typeof error.details === 'string') {
    const reasons = itemErrorMessages(error.details);
    if (reasons.length > 0) return `${message}: ${reasons.join('; ')}`;
  }
  return message;
}

export function useCreateBatch() {
  const queryClient = useQueryClient();
  return useSingleFlightMutation({
    mutationKey: purchasingMutations.createBatch,
    mutationFn: createBatch,
    onSuccess: () => toast({ title: purchasingMessages.batchCreated }),
    onError: (error) => toast({ title: purchasingMessages.batchCreateError, description: createBatchErrorDescription(error), variant: 'destructive' }),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: purchasingKeys.batches() }),
        queryClient.invalidateQueries({ queryKey: purchasingKeys.pendingShortages() }),
      ]),
  });
}
