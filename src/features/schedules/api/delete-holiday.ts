import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '@/components/ui/use-toast';
import { supabase } from '@/lib/supabase';
import { scheduleKeys, scheduleMutations } from '@/features/schedules/api/keys';
import { schedulesErrorMessage, schedulesMessages } from '@/features/schedules/messages';
import type { Holiday } from '@/features/schedules/types';

/** delete_holiday: a unit's (its managers) or a chain-wide one (ADMIN). */
export async function deleteHoliday({ id }: { id: string }): Promise<void> {
  const { error } = await supabase.rpc('delete_holiday', { p_id: id });
  if (error) throw error;
}

export function useDeleteHoliday() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: scheduleMutations.deleteHoliday,
    mutationFn: (holiday: Holiday & { id: string }) => deleteHoliday(holiday),
    onSuccess: (_r, holiday) => toast({ title: schedulesMessages.holidayRemoved(holiday.name, holiday.day) }),
    onError: (error) => toast({ title: schedulesMessages.holidayRemoveError, description: schedulesErrorMessage(error), variant: 'destructive' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: scheduleKeys.all }),
  });
}
