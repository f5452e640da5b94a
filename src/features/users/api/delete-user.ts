import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '@/components/ui/use-toast';
import { RECORD_DELETE_ERROR } from '@/lib/errors';
import { adminUsersResultSchema, invokeAdminUsers } from '@/features/users/api/admin-users';
import { userAdminKeys, userAdminMutations } from '@/features/users/api/keys';
import { AdminUsersError } from '@/features/users/errors';
import { userMessages, usersErrorMessage } from '@/features/users/messages';

/** Deletes an account; refused (code user_has_records) while it owns records that must stay. */
export function deleteUser(userId: string): Promise<{ user_id: string }> {
  return invokeAdminUsers({ action: 'delete', user_id: userId }, adminUsersResultSchema);
}

/** Whether a refusal means "disable instead" (the screen then offers it). */
export function ownsRecords(error: unknown): boolean {
  return error instanceof AdminUsersError && error.code === 'user_has_records';
}

export function useDeleteUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: userAdminMutations.deleteUser,
    // `name` is what the toast calls the account (its name, else its email).
    mutationFn: ({ userId }: { userId: string; name: string }) => deleteUser(userId),
    onSuccess: (_result, { name }) => toast({ title: userMessages.userDeleted(name) }),
    onError: (error) => {
      // The screen offers to disable instead; the toast is for every other refusal.
      if (!ownsRecords(error)) toast({ title: RECORD_DELETE_ERROR, description: usersErrorMessage(error), variant: 'destructive' });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: userAdminKeys.all }),
  });
}
