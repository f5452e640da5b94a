import { useMutation, useQueryClient } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { toast } from '@/components/ui/use-toast';
import { purchasingErrorMessage, purchasingMessages } from '@/features/purchasing/messages';
import { RECORD_UPDATE_ERROR } from '@/lib/errors';
import { supabase } from '@/lib/supabase';
import { purchasingKeys, purchasingMutations } from '@/features/purchasing/api/keys';
import { selectionToPairs } from '@/features/purchasing/logic';
import type { BatchDetail, WinnerSelection } from '@/features/purchasing/types';

const resultSchema = z.object({ success: z.boolean(), error: z.optional(z.nullable(z.string())) });

export interface SelectWinnersInput {
  batchId: string;
  selection: WinnerSelection;
  /** The comparison's version the buyer reviewed: the database refuses the award if the batch's figures changed since. */
  version?: string;
  /**
   * The award already sent with these values (selectWinners), whose answer the mutation takes over: the comparison
   * sends it before it redraws anything, so the request leaves first.
   */
  request?: Promise<true>;
}

/** select_winning_quotes_native; a {success: false, error} answer is thrown as an Error with that text. */
export async function selectWinners({ batchId, selection, version }: SelectWinnersInput): Promise<true> {
  const pairs = selectionToPairs(selection);
  if (pairs.length === 0) throw new Error('Selecione ao menos um item vencedor.');
  const { data, error } = await supabase.rpc('select_winning_quotes_native', {
    p_batch_id: batchId,
    p_quote_items: pairs,
    ...(version === undefined ? {} : { p_version: version }),
  });
  if (error) throw error;
  const result = resultSchema.parse(data);
  if (!result.success) throw Object.assign(new Error(result.error ?? RECORD_UPDATE_ERROR), { code: 'P0001' });
  return true;
}

/** Spec §8: winner selection shows the generic notifications of kind UPDATE. */
export function useSelectWinners() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: purchasingMutations.selectWinners,
    mutationFn: (input: SelectWinnersInput) => input.request ?? selectWinners(input),
    onSuccess: (_data, input) => {
      toast({ title: purchasingMessages.winnersConfirmed });
      // The award finalised the batch (select_winning_quotes_native answered success): its badge says so now; the
      // batch is read again just after (onSettled) for everything else the award changed.
      queryClient.setQueryData<BatchDetail | null>(purchasingKeys.batchDetail(input.batchId), (batch) =>
        batch ? { ...batch, status: 'COTACAO_FINALIZADA' } : batch,
      );
    },
    onError: (error) =>
      toast({ title: RECORD_UPDATE_ERROR, description: purchasingErrorMessage(error, error instanceof Error ? error.message : RECORD_UPDATE_ERROR), variant: 'destructive' }),
    // Not awaited: the screen moves on to the orders as soon as the answer is here (the batch's status is already set
    // above), instead of after the batch and its 500 items are read again.
    onSettled: (_data, error, input) => {
      void Promise.all([
        queryClient.invalidateQueries({ queryKey: purchasingKeys.batches() }),
        // Awarded, the screen moves on to the orders (onConfirmed): the comparison (2.8 MB for 500 items × 10 quotes) is
        // read again when the buyer opens it again, not now while the buyer waits for the batch to read 'Cotação
        // finalizada'; meanwhile the grid takes the batch's status for read-only. Refused, it is read again at once:
        // the buyer must see what changed.
        queryClient.invalidateQueries({ queryKey: purchasingKeys.comparison(input.batchId), refetchType: error ? 'active' : 'none' }),
      ]);
    },
  });
}
