import { useMutation } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { toast } from '@/components/ui/use-toast';
import { supabase } from '@/lib/supabase';
import { accountMessages, authErrorMessage } from '@/features/auth/account-messages';
import { newPasswordField } from '@/features/auth/password-rules';

export const signUpSchema = z.object({
  fullName: z.string().check(z.refine((value) => value.trim().length > 0, { error: 'Informe seu nome completo.' })),
  email: z.email({ error: 'Informe um email válido.' }),
  password: newPasswordField,
  unitId: z.nullable(z.string()),
});
export type SignUpInput = z.infer<typeof signUpSchema>;

/** Creates the account; the profile row is made by a database trigger from `full_name` and `unit_id`. */
export async function signUp(input: SignUpInput): Promise<{ signedIn: boolean }> {
  const { data, error } = await supabase.auth.signUp({
    email: input.email,
    password: input.password,
    options: { data: { full_name: input.fullName.trim(), ...(input.unitId ? { unit_id: input.unitId } : {}) } },
  });
  if (error) throw error;
  return { signedIn: data.session !== null };
}

export function useSignUp() {
  return useMutation({
    mutationFn: signUp,
    onSuccess: () => toast({ title: accountMessages.signUpDoneTitle, description: accountMessages.signUpDoneMessage }),
    onError: (error) => toast({ title: accountMessages.signUpErrorTitle, description: authErrorMessage(error), variant: 'destructive' }),
  });
}
