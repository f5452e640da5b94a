import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '@/components/ui/use-toast';
import { formatDate } from '@/lib/dates';
import { supabase } from '@/lib/supabase';
import { timeClockKeys, timeClockMutations } from '@/features/time-clock/api/keys';
import { timeClockErrorMessage, timeClockMessages } from '@/features/time-clock/messages';
import { AGREEMENT_LABELS, type AgreementTipo } from '@/features/time-clock/treatment';

export interface SetAgreementInput {
  userId: string;
  /** For the toast: whose bank changed. */
  name: string;
  tipo: AgreementTipo;
  validFrom: string;
}

/** set_hour_bank_agreement: the agreement in force from a day on (a new row; earlier ones keep their months). */
export async function setHourBankAgreement({ userId, tipo, validFrom }: SetAgreementInput): Promise<void> {
  const { error } = await supabase.rpc('set_hour_bank_agreement', { p_user_id: userId, p_tipo: tipo, p_valid_from: validFrom });
  if (error) throw error;
}

export function useSetHourBankAgreement() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: timeClockMutations.setAgreement,
    mutationFn: setHourBankAgreement,
    onSuccess: (_data, input) => toast({ title: timeClockMessages.agreementSaved(input.name, AGREEMENT_LABELS[input.tipo], formatDate(`${input.validFrom}T12:00:00Z`)) }),
    onError: (error) => toast({ title: timeClockMessages.agreementError, description: timeClockErrorMessage(error), variant: 'destructive' }),
    // The bank's periods and expiries change with the agreement: the treated month carries the bank too.
    onSettled: () => queryClient.invalidateQueries({ queryKey: timeClockKeys.treatment() }),
  });
}
