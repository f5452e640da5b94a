import { zodResolver } from '@hookform/resolvers/zod';
import { KeyRound } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { useChangePassword } from '@/features/auth/api/change-password';
import { changePasswordSchema, credentialsChangePasswordSchema, type CredentialsChangePasswordInput } from '@/features/auth/api/update-password';
import { PASSWORD_RULE_HINT } from '@/features/auth/password-rules';

const EMPTY: CredentialsChangePasswordInput = { email: '', currentPassword: '', password: '', confirmPassword: '' };

/**
 * Changes a password after verifying the current one; signed out (askEmail) the visitor names the
 * account by email. `onSuccess` receives the account's email.
 */
export function ChangePasswordForm({ onSuccess, askEmail = false }: { onSuccess: (email: string) => void; askEmail?: boolean }) {
  const change = useChangePassword(askEmail);
  const form = useForm<CredentialsChangePasswordInput>({
    // Signed in, the email is the session's: only the password fields are checked.
    resolver: zodResolver(askEmail ? credentialsChangePasswordSchema : changePasswordSchema),
    defaultValues: EMPTY,
  });
  const { errors } = form.formState;

  const submit = form.handleSubmit((values) =>
    change.mutate(values, {
      onSuccess: () => {
        form.reset(EMPTY);
        onSuccess(values.email.trim());
      },
    }),
  );

  return (
    <form className="grid gap-4" onSubmit={submit} noValidate>
      {askEmail ? (
        <FormField
          label="Email"
          type="email"
          autoComplete="username"
          placeholder="seu.email@farmacia.com"
          error={errors.email?.message}
          required
          {...form.register('email')}
        />
      ) : null}
      <FormField
        label="Senha atual"
        type="password"
        autoComplete="current-password"
        error={errors.currentPassword?.message}
        required
        {...form.register('currentPassword')}
      />
      <FormField
        label="Nova senha"
        type="password"
        autoComplete="new-password"
        hint={PASSWORD_RULE_HINT}
        error={errors.password?.message}
        required
        {...form.register('password')}
      />
      <FormField
        label="Confirmar nova senha"
        type="password"
        autoComplete="new-password"
        error={errors.confirmPassword?.message}
        required
        {...form.register('confirmPassword')}
      />
      <Button type="submit" disabled={change.isPending}>
        <KeyRound aria-hidden="true" />
        Alterar senha
      </Button>
    </form>
  );
}
