import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '@/components/ui/use-toast';
import { supabase } from '@/lib/supabase';
import { documentKeys, documentMutations } from '@/features/documents/api/keys';
import { documentErrorMessage, documentMessages } from '@/features/documents/messages';

/** Hides a document from its audience (archive_document; publishers only). Its receipts stay. */
export async function archiveDocument({ id }: { id: string; title: string }): Promise<void> {
  const { error } = await supabase.rpc('archive_document', { p_id: id });
  if (error) throw error;
}

export function useArchiveDocument() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: documentMutations.archive,
    mutationFn: archiveDocument,
    onSuccess: (_data, { title }) => toast({ title: documentMessages.archived_(title) }),
    onError: (error) => toast({ title: documentMessages.archiveError, description: documentErrorMessage(error), variant: 'destructive' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: documentKeys.all }),
  });
}
