import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '@/components/ui/use-toast';
import { RECORD_UPDATE_ERROR } from '@/lib/errors';
import { adminUsersResultSchema, invokeAdminUsers } from '@/features/users/api/admin-users';
import { accessBody } from '@/features/users/api/create-user';
import { userAdminKeys, userAdminMutations } from '@/features/users/api/keys';
import { userMessages, usersErrorMessage } from '@/features/users/messages';
import type { UserFormData } from '@/features/users/schemas';

/** Saves email, name, units, current unit, role, supplier and direct permissions of an account. */
export function updateUser({ userId, values }: { userId: string; values: UserFormData }): Promise<{ user_id: string }> {
  return invokeAdminUsers({ action: 'update', user_id: userId, email: values.email, ...accessBody(values) }, adminUsersResultSchema);
}

export function useUpdateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: userAdminMutations.updateUser,
    mutationFn: updateUser,
    onSuccess: (_result, { values }) => toast({ title: userMessages.userUpdated(values.fullName || values.email) }),
    onError: (error) => toast({ title: RECORD_UPDATE_ERROR, description: usersErrorMessage(error), variant: 'destructive' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: userAdminKeys.all }),
  });
}
