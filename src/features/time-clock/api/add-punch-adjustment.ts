import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '@/components/ui/use-toast';
import { formatDate, formatTime } from '@/lib/dates';
import { supabase } from '@/lib/supabase';
import { timeClockKeys, timeClockMutations } from '@/features/time-clock/api/keys';
import { uploadPunchAttachment } from '@/features/time-clock/api/upload-punch-attachment';
import { timeClockErrorMessage, timeClockMessages } from '@/features/time-clock/messages';
import { ABONO_LABELS, adjustmentSchema, settlementLabel, type AbonoTipo, type Adjustment } from '@/features/time-clock/treatment';

export type AddAdjustmentInput =
  | { kind: 'inclusao'; userId: string; workDate: string; motivo: string; punchedAt: string }
  | { kind: 'desconsiderar'; userId: string; workDate: string; motivo: string; pontoId: string; punchedAt: string }
  | { kind: 'abono'; userId: string; workDate: string; motivo: string; abonoTipo: AbonoTipo; file: File | null }
  /** The hour bank: minutes subtracted from it (positive settles a credit, negative a debt). */
  | { kind: 'compensacao' | 'pagamento'; userId: string; workDate: string; motivo: string; minutes: number };

/**
 * add_punch_adjustment: one adjustment row (the marks themselves never change); an abono's attachment is uploaded first.
 * Compensations and payouts of the hour bank are adjustments too, on the day they happen.
 */
export async function addPunchAdjustment(input: AddAdjustmentInput): Promise<Adjustment> {
  const anexo = input.kind === 'abono' && input.file ? await uploadPunchAttachment({ employeeId: input.userId, file: input.file }) : undefined;
  const { data, error } = await supabase.rpc('add_punch_adjustment', {
    p_user_id: input.userId,
    p_work_date: input.workDate,
    p_kind: input.kind,
    p_motivo: input.motivo,
    p_punched_at: input.kind === 'inclusao' ? input.punchedAt : undefined,
    p_ponto_id: input.kind === 'desconsiderar' ? input.pontoId : undefined,
    p_abono_tipo: input.kind === 'abono' ? input.abonoTipo : undefined,
    p_minutes: input.kind === 'compensacao' || input.kind === 'pagamento' ? input.minutes : undefined,
    p_anexo_path: anexo,
  });
  if (error) throw error;
  return adjustmentSchema.parse(data);
}

function successTitle(input: AddAdjustmentInput): string {
  const day = formatDate(`${input.workDate}T12:00:00Z`);
  if (input.kind === 'inclusao') return timeClockMessages.markAdded(day, formatTime(input.punchedAt));
  if (input.kind === 'desconsiderar') return timeClockMessages.markDisregarded(day, formatTime(input.punchedAt));
  if (input.kind === 'abono') return timeClockMessages.dayExcused(day, ABONO_LABELS[input.abonoTipo]);
  return timeClockMessages.bankSettled(input.kind, settlementLabel(input.kind, input.minutes), day);
}

export function useAddPunchAdjustment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: timeClockMutations.addAdjustment,
    mutationFn: addPunchAdjustment,
    onSuccess: (row, input) => toast({ title: successTitle(input), description: row.after_closing ? timeClockMessages.afterClosingNote : undefined }),
    onError: (error) => toast({ title: timeClockMessages.adjustmentError, description: timeClockErrorMessage(error), variant: 'destructive' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: timeClockKeys.all }),
  });
}
