import { useMutation } from '@tanstack/react-query';
import { toast } from '@/components/ui/use-toast';
import { passwordRecoveryRedirect } from '@/config/paths';
import { adminUsersResultSchema, invokeAdminUsers } from '@/features/users/api/admin-users';
import { userAdminMutations } from '@/features/users/api/keys';
import { userMessages, usersErrorMessage } from '@/features/users/messages';

/** Mails the user the recovery link (the page where they choose a new password). */
export function resetUserPassword(userId: string): Promise<{ user_id: string }> {
  return invokeAdminUsers({ action: 'reset_password', user_id: userId, redirect_to: passwordRecoveryRedirect(window.location.origin) }, adminUsersResultSchema);
}

export function useResetUserPassword() {
  return useMutation({
    mutationKey: userAdminMutations.resetUserPassword,
    mutationFn: ({ userId }: { userId: string; email: string }) => resetUserPassword(userId),
    onSuccess: (_result, { email }) => toast({ title: userMessages.passwordResetSent(email) }),
    onError: (error) => toast({ title: userMessages.passwordResetError, description: usersErrorMessage(error), variant: 'destructive' }),
  });
}
