import { KeyRound } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { toast } from '@/components/ui/use-toast';
import { authErrorMessage, LOGIN_INVALID_CREDENTIALS } from '@/features/auth/messages';
import { validate, type FieldErrors } from '@/lib/form';
import {
  changePasswordSchema,
  changePasswordWithCredentials,
  credentialsChangePasswordSchema,
  updatePassword,
  type CredentialsChangePasswordInput,
} from '@/features/auth/api/update-password';
import { PASSWORD_RULE_HINT } from '@/features/auth/password-rules';
import { useAuth } from '@/features/auth/auth-context';
import { useMutation } from '@tanstack/react-query';

const EMPTY: CredentialsChangePasswordInput = { email: '', currentPassword: '', password: '', confirmPassword: '' };

/**
 * Changes a password after verifying the current one. Signed in (askEmail unset), it re-verifies the
 * session user's password without reloading or navigating; signed out (askEmail), the visitor names the
 * account by email and the app's session is left untouched. `onSuccess` receives the account's email.
 */
export function ChangePasswordForm({ onSuccess, askEmail = false }: { onSuccess: (email: string) => void; askEmail?: boolean }) {
  const { reauthenticate } = useAuth();
  const change = useMutation({
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
  const [values, setValues] = useState<CredentialsChangePasswordInput>(EMPTY);
  const [errors, setErrors] = useState<FieldErrors<CredentialsChangePasswordInput>>({});

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const result = askEmail ? validate(credentialsChangePasswordSchema, values) : validate(changePasswordSchema, values);
    if (!result.success) {
      setErrors(result.errors);
      return;
    }
    setErrors({});
    const input = { ...values, ...result.data };
    change.mutate(input, {
      onSuccess: () => {
        toast({ title: 'Senha alterada', description: 'Sua senha foi alterada com sucesso.' });
        setValues(EMPTY);
        onSuccess(input.email.trim());
      },
      onError: (error) => toast({ title: 'Erro ao alterar senha', description: authErrorMessage(error), variant: 'destructive' }),
    });
  };

  return (
    <form className="grid gap-4" onSubmit={submit} noValidate>
      {askEmail ? (
        <FormField
          label="Email"
          type="email"
          autoComplete="username"
          placeholder="seu.email@farmacia.com"
          value={values.email}
          error={errors.email}
          onChange={(e) => setValues((v) => ({ ...v, email: e.target.value }))}
          required
        />
      ) : null}
      <FormField
        label="Senha atual"
        type="password"
        autoComplete="current-password"
        value={values.currentPassword}
        error={errors.currentPassword}
        onChange={(e) => setValues((v) => ({ ...v, currentPassword: e.target.value }))}
        required
      />
      <FormField
        label="Nova senha"
        type="password"
        autoComplete="new-password"
        hint={PASSWORD_RULE_HINT}
        value={values.password}
        error={errors.password}
        onChange={(e) => setValues((v) => ({ ...v, password: e.target.value }))}
        required
      />
      <FormField
        label="Confirmar nova senha"
        type="password"
        autoComplete="new-password"
        value={values.confirmPassword}
        error={errors.confirmPassword}
        onChange={(e) => setValues((v) => ({ ...v, confirmPassword: e.target.value }))}
        required
      />
      <Button type="submit" disabled={change.isPending}>
        <KeyRound aria-hidden="true" />
        Alterar senha
      </Button>
    </form>
  );
}
