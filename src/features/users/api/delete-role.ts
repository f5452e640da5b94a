import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '@/components/ui/use-toast';
import { RECORD_DELETE_ERROR } from '@/lib/errors';
import { supabase } from '@/lib/supabase';
import { userAdminKeys, userAdminMutations } from '@/features/users/api/keys';
import { roleLabel } from '@/features/users/labels';
import { userMessages, usersErrorMessage } from '@/features/users/messages';

/** Deletes a role (its users are left without one, awaiting a new role). */
export async function deleteRole(roleId: string): Promise<void> {
  const { error } = await supabase.from('custom_roles').delete().eq('id', roleId).select('id').single();
  if (error) throw error;
}

export function useDeleteRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: userAdminMutations.deleteRole,
    mutationFn: ({ roleId }: { roleId: string; name: string }) => deleteRole(roleId),
    onSuccess: (_result, { name }) => toast({ title: userMessages.roleDeleted(roleLabel(name)) }),
    onError: (error) => toast({ title: RECORD_DELETE_ERROR, description: usersErrorMessage(error), variant: 'destructive' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: userAdminKeys.all }),
  });
}
