import { useMutation } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { passwordRecoveryRedirect } from '@/config/paths';
import { toast } from '@/components/ui/use-toast';
import { supabase } from '@/lib/supabase';
import { accountMessages, authErrorMessage } from '@/features/auth/account-messages';

export const resetPasswordSchema = z.object({ email: z.email({ error: 'Informe um email válido.' }) });
export type ResetPasswordInput = z.infer<typeof resetPasswordSchema>;

/** Sends the recovery email; its link lands on /auth/reset-password (spec §2). */
export async function requestPasswordReset({ email }: ResetPasswordInput): Promise<void> {
  const { error } = await supabase.auth.resetPasswordForEmail(email, {
    redirectTo: passwordRecoveryRedirect(window.location.origin),
  });
  if (error) throw error;
}

export function useRequestPasswordReset() {
  return useMutation({
    mutationFn: requestPasswordReset,
    onError: (error) => toast({ title: accountMessages.resetEmailErrorTitle, description: authErrorMessage(error), variant: 'destructive' }),
  });
}
