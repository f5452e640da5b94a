import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '@/components/ui/use-toast';
import { RECORD_CREATE_ERROR } from '@/lib/errors';
import { supabase } from '@/lib/supabase';
import { timeClockKeys, timeClockMutations } from '@/features/time-clock/api/keys';
import { timeClockErrorMessage, timeClockMessages } from '@/features/time-clock/messages';

/** ADMIN: publishes a new version (it becomes the only active one; everyone is asked again). */
export async function publishTerm({ versao, texto }: { versao: string; texto: string }): Promise<void> {
  const { error } = await supabase.rpc('publish_lgpd_term', { p_versao: versao, p_texto: texto });
  if (error) throw error;
}

export function usePublishTerm() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: timeClockMutations.publishTerm,
    mutationFn: publishTerm,
    onSuccess: () => toast({ title: timeClockMessages.termPublished, description: timeClockMessages.termPublishedDescription }),
    onError: (error) => toast({ title: RECORD_CREATE_ERROR, description: timeClockErrorMessage(error), variant: 'destructive' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: timeClockKeys.all }),
  });
}
