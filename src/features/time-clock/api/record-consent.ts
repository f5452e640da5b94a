import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '@/components/ui/use-toast';
import { supabase } from '@/lib/supabase';
import { timeClockKeys, timeClockMutations } from '@/features/time-clock/api/keys';
import { readDeviceToken } from '@/features/time-clock/device-token';
import { timeClockErrorMessage, timeClockMessages } from '@/features/time-clock/messages';

/** Accepts or refuses (p_aceito false, also a revocation) the active term; time and origin come from the server. */
export async function recordConsent({ termId, accepted }: { termId: string; accepted: boolean }): Promise<void> {
  const { error } = await supabase.rpc('record_lgpd_consent', { p_versao_termo_id: termId, p_aceito: accepted, p_device_token: readDeviceToken() ?? '' });
  if (error) throw error;
}

export function useRecordConsent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: timeClockMutations.recordConsent,
    mutationFn: recordConsent,
    onError: (error) => toast({ title: timeClockMessages.consentError, description: timeClockErrorMessage(error), variant: 'destructive' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: timeClockKeys.all }),
  });
}
