import { useMutation } from '@tanstack/react-query';
import { toast } from '@/components/ui/use-toast';
import { passwordRecoveryRedirect } from '@/config/paths';
import { invokeAdminUsers } from '@/features/users/api/admin-users';
import { PASSWORD_RESET_ERROR, PASSWORD_RESET_SENT, usersErrorMessage } from '@/features/users/messages';

/** Mails the user the recovery link (the page where they choose a new password). */
export function resetUserPassword(userId: string): Promise<{ user_id: string }> {
  return invokeAdminUsers({ action: 'reset_password', user_id: userId, redirect_to: passwordRecoveryRedirect(window.location.origin) });
}

export function useResetUserPassword() {
  return useMutation({
    mutationFn: resetUserPassword,
    onSuccess: () => toast({ title: PASSWORD_RESET_SENT }),
    onError: (error) => toast({ title: PASSWORD_RESET_ERROR, description: usersErrorMessage(error), variant: 'destructive' }),
  });
}
