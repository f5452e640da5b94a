import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '@/components/ui/use-toast';
import { supabase } from '@/lib/supabase';
import { timeClockKeys, timeClockMutations } from '@/features/time-clock/api/keys';
import { timeClockErrorMessage, timeClockMessages } from '@/features/time-clock/messages';

/**
 * acknowledge_espelho: the employee's 'Li e concordo' or 'Discordo' (with a comment), recorded at the server's time with the
 * SHA-256 of the espelho shown (the database refuses it if the espelho changed since).
 */
export async function acknowledgeEspelho({ month, agree, comment, sha256 }: { month: string; agree: boolean; comment: string; sha256: string }): Promise<void> {
  const { error } = await supabase.rpc('acknowledge_espelho', { p_month: month, p_concorda: agree, p_comentario: comment.trim() === '' ? undefined : comment, p_sha256: sha256 });
  if (error) throw error;
}

export function useAcknowledgeEspelho() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: timeClockMutations.acknowledgeEspelho,
    mutationFn: acknowledgeEspelho,
    onSuccess: (_data, { agree }) => toast({ title: agree ? timeClockMessages.acknowledged : timeClockMessages.contested }),
    onError: (error) => toast({ title: timeClockMessages.acknowledgeError, description: timeClockErrorMessage(error), variant: 'destructive' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: timeClockKeys.treatment() }),
  });
}
