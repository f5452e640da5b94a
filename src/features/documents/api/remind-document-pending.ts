import { useQueryClient } from '@tanstack/react-query';
import { toast } from '@/components/ui/use-toast';
import { supabase } from '@/lib/supabase';
import { useSingleFlightMutation } from '@/hooks/use-single-flight-mutation';
import { documentKeys, documentMutations } from '@/features/documents/api/keys';
import { documentErrorMessage, documentMessages } from '@/features/documents/messages';

/** One ALERTA notification to every audience member still pending (at most once an hour per document). */
export async function remindDocumentPending(documentId: string): Promise<number> {
  const { data, error } = await supabase.rpc('remind_document_pending', { p_document_id: documentId });
  if (error) throw error;
  return Number(data ?? 0);
}

export function useRemindDocumentPending() {
  const queryClient = useQueryClient();
  return useSingleFlightMutation({
    mutationKey: documentMutations.remind,
    mutationFn: remindDocumentPending,
    onSuccess: (count) => toast({ title: documentMessages.reminded(count) }),
    onError: (error) => toast({ title: documentMessages.remindError, description: documentErrorMessage(error), variant: 'destructive' }),
    onSettled: (_data, _error, documentId) => queryClient.invalidateQueries({ queryKey: documentKeys.receipts(documentId) }),
  });
}
