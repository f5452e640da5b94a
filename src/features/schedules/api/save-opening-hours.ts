import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '@/components/ui/use-toast';
import { supabase } from '@/lib/supabase';
import { scheduleKeys, scheduleMutations } from '@/features/schedules/api/keys';
import { schedulesErrorMessage, schedulesMessages } from '@/features/schedules/messages';
import type { OpeningHoursFormValues } from '@/features/schedules/schemas';

/** set_unit_opening_hours: the unit's whole week at once (a day not open is closed). */
export async function saveOpeningHours({ unitId, values }: { unitId: string; unitName: string; values: OpeningHoursFormValues }): Promise<void> {
  const { error } = await supabase.rpc('set_unit_opening_hours', {
    p_unit_id: unitId,
    p_hours: values.days.flatMap((day, index) => (day.open ? [{ weekday: index + 1, opens: day.opens, closes: day.closes }] : [])),
  });
  if (error) throw error;
}

export function useSaveOpeningHours() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: scheduleMutations.saveOpeningHours,
    mutationFn: saveOpeningHours,
    onSuccess: (_r, { unitName }) => toast({ title: schedulesMessages.openingHoursSaved(unitName) }),
    onError: (error) => toast({ title: schedulesMessages.openingHoursSaveError, description: schedulesErrorMessage(error), variant: 'destructive' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: scheduleKeys.all }),
  });
}
