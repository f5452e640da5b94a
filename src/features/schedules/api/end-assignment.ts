import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '@/components/ui/use-toast';
import { supabase } from '@/lib/supabase';
import { scheduleKeys, scheduleMutations } from '@/features/schedules/api/keys';
import { schedulesErrorMessage, schedulesMessages } from '@/features/schedules/messages';
import type { Assignment } from '@/features/schedules/types';

/** end_work_schedule: the assignment's last day (the database refuses an end before its start). */
export async function endAssignment({ id, validTo }: { id: string; validTo: string }): Promise<void> {
  const { error } = await supabase.rpc('end_work_schedule', { p_id: id, p_valid_to: validTo });
  if (error) throw error;
}

export function useEndAssignment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: scheduleMutations.endAssignment,
    mutationFn: (input: { assignment: Assignment; validTo: string }) => endAssignment({ id: input.assignment.id, validTo: input.validTo }),
    onSuccess: (_r, { assignment, validTo }) => toast({ title: schedulesMessages.assignmentEnded(assignment.templateName, validTo) }),
    onError: (error) => toast({ title: schedulesMessages.assignmentEndError, description: schedulesErrorMessage(error), variant: 'destructive' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: scheduleKeys.all }),
  });
}
