import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '@/components/ui/use-toast';
import { supabase } from '@/lib/supabase';
import { scheduleKeys, scheduleMutations } from '@/features/schedules/api/keys';
import { schedulesErrorMessage, schedulesMessages } from '@/features/schedules/messages';
import type { TemplateFormValues } from '@/features/schedules/schemas';

/** save_work_schedule_template: the template and all its days at once (nothing half-saved). */
export async function saveTemplate({ id, values }: { id: string | null; values: TemplateFormValues }): Promise<string> {
  const { data, error } = await supabase.rpc('save_work_schedule_template', {
    p_id: id as string,
    p_name: values.name.trim(),
    p_kind: values.kind,
    p_cycle_days: values.kind === 'weekly' ? 7 : Number(values.cycleDays),
    p_days: values.days.map((day, position) =>
      day.works ? { position, works: true, start_time: day.start, end_time: day.end, break_minutes: Number(day.breakMinutes) } : { position, works: false },
    ),
    p_active: values.active,
  });
  if (error) throw error;
  return data;
}

export function useSaveTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: scheduleMutations.saveTemplate,
    mutationFn: saveTemplate,
    onSuccess: (_id, { id, values }) => toast({ title: id ? schedulesMessages.templateSaved(values.name.trim()) : schedulesMessages.templateCreated(values.name.trim()) }),
    onError: (error) => toast({ title: schedulesMessages.templateSaveError, description: schedulesErrorMessage(error), variant: 'destructive' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: scheduleKeys.all }),
  });
}
