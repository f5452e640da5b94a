import { useMutation } from '@tanstack/react-query';
import { LOGIN_INVALID_CREDENTIALS } from '@/features/auth/messages';
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
        throw new Error(LOGIN_INVALID_CREDENTIALS);
      }
      await updatePassword(input.password);
    },
  });
}
