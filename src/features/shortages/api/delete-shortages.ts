import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '@/components/ui/use-toast';
import { bulkDeleteSummary, shortageErrorMessage, shortageMessages } from '@/features/shortages/messages';
import { supabase } from '@/lib/supabase';
import { getShortageDependencies } from '@/features/shortages/api/get-shortage-dependencies';
import { shortageKeys, shortageMutations } from '@/features/shortages/api/keys';

/** Deletes the deletable ones among `ids`; returns how many were and were not deleted. */
export async function deleteShortages(ids: string[]): Promise<{ deleted: number; notDeleted: number }> {
  const deps = await getShortageDependencies(ids);
  const deletable = deps.filter((d) => d.can_delete).map((d) => d.shortage_id);
  if (deletable.length === 0) return { deleted: 0, notDeleted: ids.length };
  const { data, error } = await supabase.from('shortages').delete().in('id', deletable).select('id');
  if (error) throw error;
  return { deleted: data.length, notDeleted: ids.length - data.length };
}

export function useDeleteShortages() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: shortageMutations.deleteMany,
    mutationFn: deleteShortages,
    onSuccess: ({ deleted, notDeleted }) => {
      const summary = bulkDeleteSummary(deleted, notDeleted);
      toast({ ...summary, variant: deleted === 0 ? 'destructive' : 'default' });
    },
    onError: (error) => toast({ title: shortageMessages.bulkDeleteError, description: shortageErrorMessage(error), variant: 'destructive' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: shortageKeys.all }),
  });
}
