import { useMutation, useQueryClient } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { toast } from '@/components/ui/use-toast';
import { purchasingErrorMessage, purchasingMessages } from '@/features/purchasing/messages';
import { RECORD_UPDATE_ERROR } from '@/lib/errors';
import { supabase } from '@/lib/supabase';
import { purchasingKeys, purchasingMutations } from '@/features/purchasing/api/keys';
import { selectionToPairs } from '@/features/purchasing/logic';
import type { WinnerSelection } from '@/features/purchasing/types';

const resultSchema = z.object({ success: z.boolean(), error: z.optional(z.nullable(z.string())) });

export interface SelectWinnersInput {
  batchId: string;
  selection: WinnerSelection;
  /** The comparison's version the buyer reviewed: the database refuses the award if the batch's figures changed since. */
  version?: string;
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
    mutationFn: selectWinners,
    onSuccess: () => toast({ title: purchasingMessages.winnersConfirmed }),
    onError: (error) =>
      toast({ title: RECORD_UPDATE_ERROR, description: purchasingErrorMessage(error, error instanceof Error ? error.message : RECORD_UPDATE_ERROR), variant: 'destructive' }),
    onSettled: (_data, _error, input) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: purchasingKeys.batches() }),
        queryClient.invalidateQueries({ queryKey: purchasingKeys.comparison(input.batchId) }),
      ]),
  });
}
