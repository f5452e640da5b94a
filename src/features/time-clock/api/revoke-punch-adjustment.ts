import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '@/components/ui/use-toast';
import { supabase } from '@/lib/supabase';
import { timeClockKeys, timeClockMutations } from '@/features/time-clock/api/keys';
import { timeClockErrorMessage, timeClockMessages } from '@/features/time-clock/messages';
import { adjustmentSchema, type Adjustment } from '@/features/time-clock/treatment';

/** revoke_punch_adjustment: another row (kind revogacao) that undoes an adjustment, with its motive. */
export async function revokePunchAdjustment({ id, motivo }: { id: string; motivo: string; label: string }): Promise<Adjustment> {
  const { data, error } = await supabase.rpc('revoke_punch_adjustment', { p_id: id, p_motivo: motivo });
  if (error) throw error;
  return adjustmentSchema.parse(data);
}

export function useRevokePunchAdjustment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: timeClockMutations.revokeAdjustment,
    mutationFn: revokePunchAdjustment,
    onSuccess: (row, { label }) => toast({ title: timeClockMessages.adjustmentRevoked(label), description: row.after_closing ? timeClockMessages.afterClosingNote : undefined }),
    onError: (error) => toast({ title: timeClockMessages.revokeError, description: timeClockErrorMessage(error), variant: 'destructive' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: timeClockKeys.all }),
  });
}
