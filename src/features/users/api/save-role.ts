import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '@/components/ui/use-toast';
import { RECORD_CREATE_ERROR, RECORD_UPDATE_ERROR } from '@/lib/errors';
import { supabase } from '@/lib/supabase';
import { userAdminKeys, userAdminMutations } from '@/features/users/api/keys';
import { roleLabel } from '@/features/users/labels';
import { userMessages, usersErrorMessage } from '@/features/users/messages';
import type { RoleFormData } from '@/features/users/schemas';

/** Creates (roleId null) or updates a role with its permissions, menu paths and home actions in one transaction. */
export async function saveRole({ roleId, values }: { roleId: string | null; values: RoleFormData }): Promise<string> {
  const { data, error } = await supabase.rpc('admin_save_role', {
    // The RPC takes null to create; the generated type says uuid.
    p_role_id: roleId as string,
    p_name: values.name,
    p_is_admin: values.isAdmin,
    p_permissions: values.permissions,
    p_menu_paths: values.menuPaths,
    p_home_actions: values.homeActions,
  });
  if (error) throw error;
  return data;
}

export function useSaveRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: userAdminMutations.saveRole,
    mutationFn: saveRole,
    onSuccess: (_id, { roleId, values }) => toast({ title: (roleId ? userMessages.roleUpdated : userMessages.roleCreated)(roleLabel(values.name.trim())) }),
    onError: (error, { roleId }) => toast({ title: roleId ? RECORD_UPDATE_ERROR : RECORD_CREATE_ERROR, description: usersErrorMessage(error), variant: 'destructive' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: userAdminKeys.all }),
  });
}
