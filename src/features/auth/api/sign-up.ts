import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { supabase } from '@/lib/supabase';

export const MIN_PASSWORD_LENGTH = 8;

export const signUpSchema = z.object({
  fullName: z.string().trim().min(1, { message: 'Informe seu nome completo.' }),
  email: z.email({ message: 'Informe um email válido.' }),
  password: z.string().min(MIN_PASSWORD_LENGTH, { message: 'A senha deve ter pelo menos 8 caracteres.' }),
  unitId: z.string().nullable(),
});
export type SignUpInput = z.infer<typeof signUpSchema>;

/** Creates the account; the profile row is made by a database trigger from `full_name` and `unit_id`. */
export async function signUp(input: SignUpInput): Promise<{ signedIn: boolean }> {
  const { data, error } = await supabase.auth.signUp({
    email: input.email,
    password: input.password,
    options: { data: { full_name: input.fullName, ...(input.unitId ? { unit_id: input.unitId } : {}) } },
  });
  if (error) throw error;
  return { signedIn: data.session !== null };
}

export function useSignUp() {
  return useMutation({ mutationFn: signUp });
}
