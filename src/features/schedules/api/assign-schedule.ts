import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '@/components/ui/use-toast';
import { supabase } from '@/lib/supabase';
import type { AssignmentInput } from '@/features/schedules/api/check-assignment';
import { scheduleKeys, scheduleMutations } from '@/features/schedules/api/keys';
import { schedulesErrorMessage, schedulesMessages } from '@/features/schedules/messages';

/** assign_work_schedule: the template is in force from validFrom; the assignment before it ends the day before. */
export async function assignSchedule(input: AssignmentInput): Promise<string> {
  const { data, error } = await supabase.rpc('assign_work_schedule', {
    p_user_id: input.userId,
    p_template_id: input.templateId,
    p_valid_from: input.validFrom,
    ...(input.cycleStart ? { p_cycle_start: input.cycleStart } : {}),
    ...(input.unitId ? { p_unit_id: input.unitId } : {}),
  });
  if (error) throw error;
  return data;
}

export function useAssignSchedule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: scheduleMutations.assign,
    mutationFn: (input: AssignmentInput & { personName: string; templateName: string }) => assignSchedule(input),
    onSuccess: (_id, input) => toast({ title: schedulesMessages.assigned(input.templateName, input.personName, input.validFrom) }),
    onError: (error) => toast({ title: schedulesMessages.assignError, description: schedulesErrorMessage(error), variant: 'destructive' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: scheduleKeys.all }),
  });
}
