import { useMutation } from '@tanstack/react-query';
import { toast } from '@/components/ui/use-toast';
import { supabase } from '@/lib/supabase';
import { schedulesErrorMessage, schedulesMessages } from '@/features/schedules/messages';
import { assignmentCheckSchema, type AssignmentWarning } from '@/features/schedules/schemas';

export interface AssignmentInput {
  userId: string;
  templateId: string;
  validFrom: string;
  cycleStart: string | null;
  unitId: string | null;
}

/** check_work_schedule_assignment: what the assignment would break (warnings, never refusals). */
export async function checkAssignment(input: AssignmentInput): Promise<AssignmentWarning[]> {
  const { data, error } = await supabase.rpc('check_work_schedule_assignment', {
    p_user_id: input.userId,
    p_template_id: input.templateId,
    p_valid_from: input.validFrom,
    ...(input.cycleStart ? { p_cycle_start: input.cycleStart } : {}),
    ...(input.unitId ? { p_unit_id: input.unitId } : {}),
  });
  if (error) throw error;
  return assignmentCheckSchema.parse(data).warnings;
}

export function useCheckAssignment() {
  return useMutation({
    mutationFn: checkAssignment,
    onError: (error) => toast({ title: schedulesMessages.checkError, description: schedulesErrorMessage(error), variant: 'destructive' }),
  });
}
