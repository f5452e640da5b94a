import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '@/components/ui/use-toast';
import { formatDate } from '@/lib/dates';
import { supabase } from '@/lib/supabase';
import { timeClockKeys, timeClockMutations } from '@/features/time-clock/api/keys';
import { timeClockErrorMessage, timeClockMessages } from '@/features/time-clock/messages';

export interface DecideRequestInput {
  id: string;
  approve: boolean;
  motivo: string;
  /** For the toast: whose request, and which day. */
  employeeName: string;
  workDate: string;
}

/** decide_punch_adjustment_request: approving writes the adjustment; rejecting needs a reason. */
export async function decidePunchRequest({ id, approve, motivo }: DecideRequestInput): Promise<void> {
  const { error } = await supabase.rpc('decide_punch_adjustment_request', { p_id: id, p_aprovar: approve, p_motivo: motivo.trim() === '' ? undefined : motivo });
  if (error) throw error;
}

export function useDecidePunchRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: timeClockMutations.decideRequest,
    mutationFn: decidePunchRequest,
    onSuccess: (_data, { approve, employeeName, workDate }) => {
      const day = formatDate(`${workDate}T12:00:00Z`);
      toast({ title: approve ? timeClockMessages.requestApproved(employeeName, day) : timeClockMessages.requestRejected(employeeName, day) });
    },
    onError: (error) => toast({ title: timeClockMessages.decideError, description: timeClockErrorMessage(error), variant: 'destructive' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: timeClockKeys.all }),
  });
}
