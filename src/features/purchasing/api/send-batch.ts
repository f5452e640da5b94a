import { useQueryClient } from '@tanstack/react-query';
import { toast } from '@/components/ui/use-toast';
import { useSingleFlightMutation } from '@/hooks/use-single-flight-mutation';
import { purchasingErrorMessage, purchasingMessages } from '@/features/purchasing/messages';
import { isAuthenticationError } from '@/lib/errors';
import { supabase } from '@/lib/supabase';
import { purchasingKeys, purchasingMutations } from '@/features/purchasing/api/keys';

export interface SendBatchInput {
  batchId: string;
  /** The client's id for this send: a retry with it answers as the first call and changes nothing. */
  requestId?: string;
}

/** set_batch_status(EM_COTACAO): needs a session and at least one item; moves the shortages to EM_COTACAO. */
export async function sendBatch({ batchId, requestId }: SendBatchInput): Promise<void> {
  const { data: session } = await supabase.auth.getSession();
  if (!session.session) throw Object.assign(new Error(purchasingMessages.batchSendAuth), { code: 'session_not_found' });
  const { error } = await supabase.rpc('set_batch_status', {
    p_batch_id: batchId,
    p_status: 'EM_COTACAO',
    ...(requestId ? { p_request_id: requestId } : {}),
  });
  if (error) throw error;
}

export function useSendBatch() {
  const queryClient = useQueryClient();
  return useSingleFlightMutation({
    mutationKey: purchasingMutations.sendBatch,
    mutationFn: sendBatch,
    onSuccess: () => toast({ title: purchasingMessages.batchSent }),
    onError: (error) =>
      toast({
        title: purchasingMessages.batchSendError,
        description: isAuthenticationError(error) ? purchasingMessages.batchSendAuth : purchasingErrorMessage(error, purchasingMessages.batchSendError),
        variant: 'destructive',
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: purchasingKeys.batches() }),
  });
}
