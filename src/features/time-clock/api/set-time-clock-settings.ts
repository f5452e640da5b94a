import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '@/components/ui/use-toast';
import { formatCount } from '@/lib/dates';
import { supabase } from '@/lib/supabase';
import { timeClockKeys, timeClockMutations } from '@/features/time-clock/api/keys';
import { timeClockErrorMessage, timeClockMessages } from '@/features/time-clock/messages';

/** set_time_clock_settings (ADMIN): the days after a day within which its employee may request an adjustment. */
export async function setTimeClockSettings({ prazoDias }: { prazoDias: number }): Promise<void> {
  const { error } = await supabase.rpc('set_time_clock_settings', { p_prazo_dias: prazoDias });
  if (error) throw error;
}

export function useSetTimeClockSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: timeClockMutations.saveSettings,
    mutationFn: setTimeClockSettings,
    onSuccess: (_data, { prazoDias }) => toast({ title: timeClockMessages.settingsSaved(formatCount(prazoDias, 'dia', 'dias')) }),
    onError: (error) => toast({ title: timeClockMessages.settingsError, description: timeClockErrorMessage(error), variant: 'destructive' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: timeClockKeys.settings() }),
  });
}
