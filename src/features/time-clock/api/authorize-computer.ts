import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '@/components/ui/use-toast';
import { RECORD_CREATE_ERROR } from '@/lib/errors';
import { supabase } from '@/lib/supabase';
import { timeClockKeys, timeClockMutations } from '@/features/time-clock/api/keys';
import { saveDeviceToken } from '@/features/time-clock/device-token';
import { timeClockErrorMessage, timeClockMessages } from '@/features/time-clock/messages';
import { authorizedComputerSchema } from '@/features/time-clock/schemas';

/** Authorizes the browser in front of the administrator: the token returned once is kept in this browser only. */
export async function authorizeComputer({ name, unitId }: { name: string; unitId: string }): Promise<void> {
  const { data, error } = await supabase.rpc('authorize_computer', { p_name: name, p_unit_id: unitId });
  if (error) throw error;
  saveDeviceToken(authorizedComputerSchema.parse(data).device_token);
}

export function useAuthorizeComputer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: timeClockMutations.authorizeComputer,
    mutationFn: authorizeComputer,
    onSuccess: () => toast({ title: timeClockMessages.computerAuthorized }),
    onError: (error) => toast({ title: RECORD_CREATE_ERROR, description: timeClockErrorMessage(error), variant: 'destructive' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: timeClockKeys.computers() }),
  });
}
