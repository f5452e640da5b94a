import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '@/components/ui/use-toast';
import { purchasingErrorMessage, purchasingMessages } from '@/features/purchasing/messages';
import { RECORD_UPDATE_ERROR } from '@/lib/errors';
import { supabase } from '@/lib/supabase';
import { purchasingKeys } from '@/features/purchasing/api/keys';

/** One item as the editor shows it when sending: the database refuses the send unless it holds exactly this. */
export interface ExpectedQuoteItem {
  shortageId: string;
  unitPrice: number | null;
  minimumQuantity: number | null;
}

export interface SubmitQuoteInput {
  quoteId: string;
  /** Every item as shown; absent: only 'at least one priced item' is checked (a buyer sending on a supplier's behalf). */
  expected?: readonly ExpectedQuoteItem[];
}

/** submit_quote: EM_ANDAMENTO → ENVIADA (needs at least one priced item, and what is stored to be what is shown). */
export async function submitQuote({ quoteId, expected }: SubmitQuoteInput): Promise<true> {
  const { error } = await supabase.rpc('submit_quote', {
    p_quote_id: quoteId,
    ...(expected
      ? { p_expected_items: expected.map((item) => ({ shortage_id: item.shortageId, unit_price: item.unitPrice, minimum_quantity: item.minimumQuantity })) }
      : {}),
  });
  if (error) throw error;
  return true;
}

export function useSubmitQuote() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: submitQuote,
    onSuccess: () => toast({ title: purchasingMessages.quoteSent }),
    onError: (error) => toast({ title: RECORD_UPDATE_ERROR, description: purchasingErrorMessage(error, RECORD_UPDATE_ERROR), variant: 'destructive' }),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: purchasingKeys.quotes() }),
        queryClient.invalidateQueries({ queryKey: purchasingKeys.dashboard() }),
      ]),
  });
}
