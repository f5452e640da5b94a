import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '@/components/ui/use-toast';
import { supabase } from '@/lib/supabase';
import { boletoKeys, boletoMutations } from '@/features/boletos/api/keys';
import { boletoListErrorMessage, boletoListMessages } from '@/features/boletos/messages';

export interface MarkBoletosPaidInput {
  ids: string[];
  /** São Paulo calendar day (yyyy-MM-dd); the database refuses a future one. */
  paidAt: string;
  paymentAccount: string;
  /** Only for a single boleto (interest, fine, discount); null pays each boleto's amount. */
  paidAmount: number | null;
  /** The user confirmed paying a code already paid in another boleto (the database refuses it otherwise). */
  confirmPaidTwin: boolean;
}

/** Pays pending boletos on one date from one account (mark_boletos_paid); the count paid. */
export async function markBoletosPaid(input: MarkBoletosPaidInput): Promise<number> {
  const account = input.paymentAccount.trim();
  const { data, error } = await supabase.rpc('mark_boletos_paid', {
    p_ids: input.ids,
    p_paid_at: input.paidAt,
    ...(account ? { p_payment_account: account } : {}),
    ...(input.paidAmount !== null ? { p_paid_amount: input.paidAmount } : {}),
    ...(input.confirmPaidTwin ? { p_confirm_paid_twin: true } : {}),
  });
  if (error) throw error;
  return data;
}

/** The dialog stays open on a refusal (the toast carries the database's reason): nothing typed is lost. */
export function useMarkBoletosPaid() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: boletoMutations.markPaid,
    mutationFn: markBoletosPaid,
    onSuccess: (count) => toast({ title: boletoListMessages.paid(count) }),
    onError: (error) => toast({ title: boletoListMessages.payError, description: boletoListErrorMessage(error), variant: 'destructive' }),
    onSettled: (_count, _error, input) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: boletoKeys.lists() }),
        ...input.ids.map((id) => queryClient.invalidateQueries({ queryKey: boletoKeys.history(id) })),
      ]),
  });
}
