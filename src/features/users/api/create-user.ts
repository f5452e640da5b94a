import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { toast } from '@/components/ui/use-toast';
import { paths } from '@/config/paths';
import { RECORD_CREATE_ERROR } from '@/lib/errors';
import { adminUsersResultSchema, invokeAdminUsers } from '@/features/users/api/admin-users';
import { userAdminKeys, userAdminMutations } from '@/features/users/api/keys';
import { userMessages, usersErrorMessage } from '@/features/users/messages';
import type { UserFormData } from '@/features/users/schemas';

/** The access fields of the function's body, from the form. */
export function accessBody(values: UserFormData) {
  return {
    full_name: values.fullName,
    role_id: values.roleId,
    unit_ids: values.unitIds,
    unit_id: values.unitId,
    permission_ids: values.permissionIds,
    supplier_id: values.supplierId,
  };
}

const createUserResultSchema = adminUsersResultSchema.extend({ invited: z.boolean() });

/** Creates the account with a password, or invites it by email when the password is left blank. */
export function createUser(values: UserFormData): Promise<{ user_id: string; invited: boolean }> {
  return invokeAdminUsers(
    {
      action: 'create',
      email: values.email,
      ...(values.password ? { password: values.password } : { redirect_to: `${window.location.origin}${paths.changePassword}` }),
      ...accessBody(values),
    },
    createUserResultSchema,
  );
}

export function useCreateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: userAdminMutations.createUser,
    mutationFn: createUser,
    onSuccess: (result, values) =>
      toast({ title: userMessages.userCreated(values.fullName || values.email), ...(result.invited ? { description: userMessages.userInvited(values.email) } : {}) }),
    onError: (error) => toast({ title: RECORD_CREATE_ERROR, description: usersErrorMessage(error), variant: 'destructive' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: userAdminKeys.all }),
  });
}
