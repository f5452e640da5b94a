import { createClient } from '@supabase/supabase-js';
import { useMutation } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { env } from '@/config/env';
import { toast } from '@/components/ui/use-toast';
import { supabase } from '@/lib/supabase';
import { accountMessages, authErrorMessage } from '@/features/auth/account-messages';
import { newPasswordField } from '@/features/auth/password-rules';

const newPasswordFields = {
  password: newPasswordField,
  confirmPassword: z.string(),
};

function passwordsMatch(value: { password: string; confirmPassword: string }) {
  return value.password === value.confirmPassword;
}
const mismatch = { error: 'As senhas não coincidem.', path: ['confirmPassword'] };

export const newPasswordSchema = z.object(newPasswordFields).check(z.refine(passwordsMatch, mismatch));
export type NewPasswordInput = z.infer<typeof newPasswordSchema>;

/** Signed in: the account is the session's, so the email is carried along but not checked. */
export const changePasswordSchema = z
  .object({ email: z.string(), currentPassword: z.string().check(z.minLength(1, { error: 'Informe sua senha atual.' })), ...newPasswordFields })
  .check(z.refine(passwordsMatch, mismatch));
export type ChangePasswordInput = z.infer<typeof changePasswordSchema>;

/** The signed-out variant of /change-password: the account is named by its email. */
export const credentialsChangePasswordSchema = z
  .object({
    email: z.email({ error: 'Informe um email válido.' }),
    currentPassword: z.string().check(z.minLength(1, { error: 'Informe sua senha atual.' })),
    ...newPasswordFields,
  })
  .check(z.refine(passwordsMatch, mismatch));
export type CredentialsChangePasswordInput = z.infer<typeof credentialsChangePasswordSchema>;

/**
 * Changes the password of a signed-out visitor who knows the current one. It signs in on a throwaway
 * client that keeps nothing in storage, so the app's own session never changes (the visitor signs in
 * afterwards with the new password), sets the password, and ends that short session on the server.
 */
export async function changePasswordWithCredentials(input: CredentialsChangePasswordInput): Promise<void> {
  const scratch = createClient(env.VITE_SUPABASE_URL, env.VITE_SUPABASE_ANON_KEY, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false, storageKey: 'sb-change-password' },
  });
  const { error: signInError } = await scratch.auth.signInWithPassword({ email: input.email.trim(), password: input.currentPassword });
  if (signInError) throw signInError;
  try {
    const { error } = await scratch.auth.updateUser({ password: input.password });
    if (error) throw error;
  } finally {
    await scratch.auth.signOut({ scope: 'local' });
  }
}

/** Sets a new password for the signed-in (or recovering) user. */
export async function updatePassword(password: string): Promise<void> {
  const { error } = await supabase.auth.updateUser({ password });
  if (error) throw error;
}

export function useUpdatePassword() {
  return useMutation({
    mutationFn: ({ password }: NewPasswordInput) => updatePassword(password),
    onSuccess: () => toast({ title: accountMessages.passwordResetDoneTitle, description: accountMessages.passwordResetDoneMessage }),
    onError: (error) => toast({ title: accountMessages.passwordResetErrorTitle, description: authErrorMessage(error), variant: 'destructive' }),
  });
}
