import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '@/components/ui/use-toast';
import { RECORD_UPDATE_ERROR } from '@/lib/errors';
import { supabase } from '@/lib/supabase';
import { timeClockKeys, timeClockMutations } from '@/features/time-clock/api/keys';
import { timeClockErrorMessage, timeClockMessages } from '@/features/time-clock/messages';

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
    // `currentName` is how the toast names the computer that was revoked.
    mutationFn: ({ id, name, revoke }: { id: string; name?: string; revoke?: boolean; currentName: string }) => updateComputer({ id, name, revoke }),
    onSuccess: (_result, { name, revoke, currentName }) =>
      toast({ title: revoke ? timeClockMessages.computerRevoked(currentName) : timeClockMessages.computerRenamed(name?.trim() ?? currentName) }),
    onError: (error) => toast({ title: RECORD_UPDATE_ERROR, description: timeClockErrorMessage(error), variant: 'destructive' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: timeClockKeys.computers() }),
  });
}
