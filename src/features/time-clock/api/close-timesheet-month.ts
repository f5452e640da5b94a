import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '@/components/ui/use-toast';
import { supabase } from '@/lib/supabase';
import { timeClockKeys, timeClockMutations } from '@/features/time-clock/api/keys';
import { timeClockErrorMessage, timeClockMessages } from '@/features/time-clock/messages';

/** close_timesheet_month: closes a unit's month (afterwards only an administrator adjusts it, marked as after closing). */
export async function closeTimesheetMonth({ unitId, month }: { unitId: string; month: string; label: string; unitName: string }): Promise<void> {
  const { error } = await supabase.rpc('close_timesheet_month', { p_unit_id: unitId, p_month: month });
  if (error) throw error;
}

export function useCloseTimesheetMonth() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: timeClockMutations.closeMonth,
    mutationFn: closeTimesheetMonth,
    onSuccess: (_data, { label, unitName }) => toast({ title: timeClockMessages.monthClosed(label, unitName) }),
    onError: (error) => toast({ title: timeClockMessages.closeError, description: timeClockErrorMessage(error), variant: 'destructive' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: timeClockKeys.treatment() }),
  });
}
