import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '@/components/ui/use-toast';
import { formatDate } from '@/lib/dates';
import { supabase } from '@/lib/supabase';
import { timeClockKeys, timeClockMutations } from '@/features/time-clock/api/keys';
import { uploadPunchAttachment } from '@/features/time-clock/api/upload-punch-attachment';
import { timeClockErrorMessage, timeClockMessages } from '@/features/time-clock/messages';
import type { AbonoTipo } from '@/features/time-clock/treatment';

export type RequestAdjustmentInput =
  | { kind: 'inclusao'; userId: string; workDate: string; motivo: string; punchedAt: string }
  | { kind: 'abono'; userId: string; workDate: string; motivo: string; abonoTipo: AbonoTipo; file: File | null };

/** request_punch_adjustment: the employee's own request (the database refuses it after the deadline); the photo goes first. */
export async function requestPunchAdjustment(input: RequestAdjustmentInput): Promise<void> {
  const anexo = input.kind === 'abono' && input.file ? await uploadPunchAttachment({ employeeId: input.userId, file: input.file }) : undefined;
  const { error } = await supabase.rpc('request_punch_adjustment', {
    p_work_date: input.workDate,
    p_kind: input.kind,
    p_motivo: input.motivo,
    p_punched_at: input.kind === 'inclusao' ? input.punchedAt : undefined,
    p_abono_tipo: input.kind === 'abono' ? input.abonoTipo : undefined,
    p_anexo_path: anexo,
  });
  if (error) throw error;
}

export function useRequestPunchAdjustment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: timeClockMutations.requestAdjustment,
    mutationFn: requestPunchAdjustment,
    onSuccess: (_data, input) => toast({ title: timeClockMessages.requestSent(formatDate(`${input.workDate}T12:00:00Z`)) }),
    onError: (error) => toast({ title: timeClockMessages.requestError, description: timeClockErrorMessage(error), variant: 'destructive' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: timeClockKeys.treatment() }),
  });
}
