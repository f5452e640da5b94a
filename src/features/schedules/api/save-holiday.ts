import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '@/components/ui/use-toast';
import { supabase } from '@/lib/supabase';
import { scheduleKeys, scheduleMutations } from '@/features/schedules/api/keys';
import { schedulesErrorMessage, schedulesMessages } from '@/features/schedules/messages';
import type { HolidayFormValues } from '@/features/schedules/schemas';

/** save_holiday: a unit's holiday, or every unit's (unitId null, ADMIN only). */
export async function saveHoliday(values: HolidayFormValues): Promise<string> {
  const { data, error } = await supabase.rpc('save_holiday', { p_day: values.day, p_name: values.name.trim(), p_scope: values.scope, p_unit_id: values.unitId as string });
  if (error) throw error;
  return data;
}

export function useSaveHoliday() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: scheduleMutations.saveHoliday,
    mutationFn: saveHoliday,
    onSuccess: (_id, values) => toast({ title: schedulesMessages.holidayAdded(values.name.trim(), values.day) }),
    onError: (error) => toast({ title: schedulesMessages.holidaySaveError, description: schedulesErrorMessage(error), variant: 'destructive' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: scheduleKeys.all }),
  });
}
