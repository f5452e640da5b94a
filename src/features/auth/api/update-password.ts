import { useMutation } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { supabase } from '@/lib/supabase';
import { MIN_PASSWORD_LENGTH } from '@/features/auth/api/sign-up';

const newPasswordFields = {
  password: z.string().check(z.minLength(MIN_PASSWORD_LENGTH, { error: 'A senha deve ter pelo menos 8 caracteres.' })),
  confirmPassword: z.string(),
};

function passwordsMatch(value: { password: string; confirmPassword: string }) {
  return value.password === value.confirmPassword;
}
const mismatch = { error: 'As senhas não coincidem.', path: ['confirmPassword'] };

export const newPasswordSchema = z.object(newPasswordFields).check(z.refine(passwordsMatch, mismatch));
export type NewPasswordInput = z.infer<typeof newPasswordSchema>;

export const changePasswordSchema = z
  .object({ currentPassword: z.string().check(z.minLength(1, { error: 'Informe sua senha atual.' })), ...newPasswordFields })
  .check(z.refine(passwordsMatch, mismatch));
export type ChangePasswordInput = z.infer<typeof changePasswordSchema>;

/** Sets a new password for the signed-in (or recovering) user. */
export async function updatePassword(password: string): Promise<void> {
  const { error } = await supabase.auth.updateUser({ password });
  if (error) throw error;
}

export function useUpdatePassword() {
  return useMutation({ mutationFn: ({ password }: NewPasswordInput) => updatePassword(password) });
}
