import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '@/components/ui/use-toast';
import { RECORD_UPDATE_ERROR } from '@/lib/errors';
import { adminUsersResultSchema, invokeAdminUsers } from '@/features/users/api/admin-users';
import { userAdminKeys, userAdminMutations } from '@/features/users/api/keys';
import { userMessages, usersErrorMessage } from '@/features/users/messages';

/** Disables (sign-in refused, sessions end at their next refresh) or re-enables an account. */
export function setUserDisabled({ userId, disabled }: { userId: string; disabled: boolean }): Promise<{ user_id: string }> {
  return invokeAdminUsers({ action: disabled ? 'disable' : 'enable', user_id: userId }, adminUsersResultSchema);
}

export function useSetUserDisabled() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: userAdminMutations.setUserDisabled,
    // `name` is what the toast calls the account (its name, else its email).
    mutationFn: ({ userId, disabled }: { userId: string; disabled: boolean; name: string }) => setUserDisabled({ userId, disabled }),
    onSuccess: (_result, { disabled, name }) => toast({ title: disabled ? userMessages.userDisabled(name) : userMessages.userEnabled(name) }),
    onError: (error) => toast({ title: RECORD_UPDATE_ERROR, description: usersErrorMessage(error), variant: 'destructive' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: userAdminKeys.lists() }),
  });
}
