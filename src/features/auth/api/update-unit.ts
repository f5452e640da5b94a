import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '@/components/ui/use-toast';
import { databaseOwnMessage } from '@/lib/errors';
import { supabase } from '@/lib/supabase';
import { authKeys, authMutations } from '@/features/auth/api/keys';
import { accountMessages, unitUpdatedMessage } from '@/features/auth/account-messages';

export interface UpdateUnitInput {
  userId: string;
  unitId: string | null;
  /** For the confirmation toast. */
  unitName: string | null;
}

/**
 * Changes the signed-in user's own unit (profiles.unit_id). The database accepts only a unit
 * assigned to the user (user_units) and refuses anything else with 42501 and a Portuguese reason.
 */
export async function updateUnit({ userId, unitId }: UpdateUnitInput): Promise<void> {
  const { error } = await supabase.from('profiles').update({ unit_id: unitId }).eq('id', userId).select('id').single();
  if (error) throw error;
}

export function useUpdateUnit() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: authMutations.updateUnit,
    mutationFn: updateUnit,
    onSuccess: async (_data, input) => {
      toast({ title: accountMessages.unitUpdatedTitle, description: unitUpdatedMessage(input.unitName) });
      // The unit-scoped lists of the other features refresh through src/app/freshness.ts.
      await queryClient.invalidateQueries({ queryKey: authKeys.all });
    },
    onError: async (error, input) => {
      toast({ title: accountMessages.unitUpdateErrorTitle, description: databaseOwnMessage(error, ['42501']), variant: 'destructive' });
      // The user stays where the database left them; the assignments may have changed meanwhile.
      await queryClient.invalidateQueries({ queryKey: authKeys.sessionUser(input.userId) });
      await queryClient.invalidateQueries({ queryKey: authKeys.assignedUnits(input.userId) });
    },
  });
}
