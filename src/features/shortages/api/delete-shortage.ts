import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '@/components/ui/use-toast';
import { shortageDeleteRefusedToast, shortageDependencyReasons, shortageErrorMessage, shortageMessages } from '@/features/shortages/messages';
import { supabase } from '@/lib/supabase';
import { getShortageDependencies } from '@/features/shortages/api/get-shortage-dependencies';
import { shortageKeys, shortageMutations } from '@/features/shortages/api/keys';

/** get_shortage_dependencies said no: the reasons are shown instead of a database error. */
export class DeleteRefusedError extends Error {
  constructor(readonly reasons: string[]) {
    super(reasons.join(', '));
    this.name = 'DeleteRefusedError';
  }
}

/** Deletes one shortage after get_shortage_dependencies says it can be deleted. */
export async function deleteShortage(id: string): Promise<void> {
  const [deps] = await getShortageDependencies([id]);
  if (deps && !deps.can_delete) throw new DeleteRefusedError(shortageDependencyReasons(deps));
  const { error } = await supabase.from('shortages').delete().eq('id', id).select('id').single();
  if (error) throw error;
}

export function useDeleteShortage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: shortageMutations.delete,
    mutationFn: deleteShortage,
    onSuccess: () => toast({ title: shortageMessages.shortageDeleted }),
    onError: (error) =>
      error instanceof DeleteRefusedError
        ? toast({ ...shortageDeleteRefusedToast(error.reasons), variant: 'destructive' })
        : toast({ title: shortageMessages.shortageDeleteError, description: shortageErrorMessage(error), variant: 'destructive' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: shortageKeys.all }),
  });
}
