import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '@/components/ui/use-toast';
import { RECORD_UPDATE_ERROR, RECORD_UPDATED } from '@/lib/errors';
import { supabase } from '@/lib/supabase';
import { timeClockKeys, timeClockMutations } from '@/features/time-clock/api/keys';
import { timeClockErrorMessage } from '@/features/time-clock/messages';

/** Renames a computer, or revokes it (the database stamps its own clock on revoked_at, whatever is sent). */
export async function updateComputer({ id, name, revoke }: { id: string; name?: string; revoke?: boolean }): Promise<void> {
  const { error } = await supabase
    .from('authorized_computers')
    .update({ ...(name !== undefined ? { name: name.trim() } : {}), ...(revoke ? { revoked_at: new Date().toISOString() } : {}) })
    .eq('id', id)
    .select('id')
    .single();
  if (error) throw error;
}

export function useUpdateComputer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: timeClockMutations.updateComputer,
    mutationFn: updateComputer,
    onSuccess: () => toast({ title: RECORD_UPDATED }),
    onError: (error) => toast({ title: RECORD_UPDATE_ERROR, description: timeClockErrorMessage(error), variant: 'destructive' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: timeClockKeys.computers() }),
  });
}
