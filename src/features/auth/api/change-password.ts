import { useMutation } from '@tanstack/react-query';
import { toast } from '@/components/ui/use-toast';
import { accountMessages, authErrorMessage } from '@/features/auth/account-messages';
import { authMessages } from '@/features/auth/messages';
import { changePasswordWithCredentials, updatePassword, type CredentialsChangePasswordInput } from '@/features/auth/api/update-password';
import { useAuth } from '@/features/auth/auth-context';

/**
 * Changes a password after verifying the current one. Signed in (askEmail false), it re-verifies the
 * session user's password without reloading or navigating; signed out, the account is named by its
 * email and the app's session is left untouched.
 */
export function useChangePassword(askEmail: boolean) {
  const { reauthenticate } = useAuth();
  return useMutation({
    mutationFn: async (input: CredentialsChangePasswordInput) => {
      if (askEmail) {
        await changePasswordWithCredentials(input);
        return;
      }
      try {
        await reauthenticate(input.currentPassword);
      } catch {
        throw new Error(authMessages.loginInvalidCredentials);
      }
      await updatePassword(input.password);
    },
    onSuccess: () => toast({ title: accountMessages.passwordChangedTitle, description: accountMessages.passwordChangedMessage }),
    onError: (error) => toast({ title: accountMessages.passwordChangeErrorTitle, description: authErrorMessage(error), variant: 'destructive' }),
  });
}
