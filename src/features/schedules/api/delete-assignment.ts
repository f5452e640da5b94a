import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '@/components/ui/use-toast';
import { supabase } from '@/lib/supabase';
import { scheduleKeys, scheduleMutations } from '@/features/schedules/api/keys';
import { schedulesErrorMessage, schedulesMessages } from '@/features/schedules/messages';
import type { Assignment } from '@/features/schedules/types';

/** delete_work_schedule: an assignment that has not started; the one it ended is open again. */
export async function deleteAssignment({ id }: Pick<Assignment, 'id'>): Promise<void> {
  const { error } = await supabase.rpc('delete_work_schedule', { p_id: id });
  if (error) throw error;
}

export function useDeleteAssignment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: scheduleMutations.deleteAssignment,
    mutationFn: (assignment: Assignment) => deleteAssignment(assignment),
    onSuccess: (_r, assignment) => toast({ title: schedulesMessages.assignmentDeleted(assignment.templateName, assignment.validFrom) }),
    onError: (error) => toast({ title: schedulesMessages.assignmentDeleteError, description: schedulesErrorMessage(error), variant: 'destructive' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: scheduleKeys.all }),
  });
}
