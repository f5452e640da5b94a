import { useMutation, useQueryClient } from '@tanstack/react-query';
import { purchasingErrorMessage } from '@/features/purchasing/messages';
import { supabase } from '@/lib/supabase';
import { purchasingKeys } from '@/features/purchasing/api/keys';
import type { Quote } from '@/features/purchasing/types';
import type { AutosaveOutcome } from '@/features/purchasing/use-quote-autosave';
import { isNetworkError, NETWORK_ERROR_MESSAGE } from '@/lib/network';

/** What the autosave holds for the term (an object: the autosave reads a bare null as "invalid, do not save"). */
export interface PaymentTermValue {
  days: number | null;
}

export interface SetPaymentTermInput {
  quoteId: string;
  /** Days (0 = à vista), or null: not stated. */
  days: number | null;
}

const NOT_DELIVERED = { ok: false, network: true, message: NETWORK_ERROR_MESSAGE } as const;

/**
 * set_quote_payment_term (issue 28): the quote's payment term, autosaved like its items. Never throws: a connection
 * failure is `network` (kept pending and retried), a refusal carries its Portuguese reason and the term the database
 * holds, for the screen to show instead.
 */
export async function savePaymentTerm({ quoteId, days }: SetPaymentTermInput): Promise<AutosaveOutcome<PaymentTermValue>> {
  // p_days null clears the term (the generated Args type does not say the argument may be null).
  const { data, error, status } = await supabase.rpc('set_quote_payment_term', { p_quote_id: quoteId, p_days: days as number });
  if (!error) return { ok: true, stored: { days: data.payment_term_days } };
  if (isNetworkError(error, status)) return NOT_DELIVERED;
  const message = purchasingErrorMessage(error, 'Verifique os dados informados.');
  const stored = await supabase.from('quotes').select('payment_term_days').eq('id', quoteId).maybeSingle();
  if (stored.error) return isNetworkError(stored.error, stored.status) ? NOT_DELIVERED : { ok: false, network: false, message, stored: null };
  return { ok: false, network: false, message, stored: stored.data ? { days: stored.data.payment_term_days } : null };
}

/** Autosave of the payment term: the cached quote follows the database's answer. */
export function useSavePaymentTerm() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: savePaymentTerm,
    onSuccess: (outcome, input) => {
      if (!('stored' in outcome) || outcome.stored === null) return;
      const stored = outcome.stored.days;
      queryClient.setQueryData<Quote[]>(purchasingKeys.quoteList(), (quotes) =>
        quotes?.map((quote) => (quote.id === input.quoteId ? { ...quote, paymentTermDays: stored } : quote)),
      );
    },
  });
}
