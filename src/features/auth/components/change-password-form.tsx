import { zodResolver } from '@hookform/resolvers/zod';
import KeyRound from 'lucide-react/icons/key-round';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
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
        <Field label="Email" error={errors.email?.message}>
          <Input type="email" autoComplete="username" placeholder="seu.email@farmacia.com" required {...form.register('email')} />
        </Field>
      ) : null}
      <Field label="Senha atual" error={errors.currentPassword?.message}>
        <Input type="password" autoComplete="current-password" required {...form.register('currentPassword')} />
      </Field>
      <Field label="Nova senha" description={PASSWORD_RULE_HINT} error={errors.password?.message}>
        <Input type="password" autoComplete="new-password" required {...form.register('password')} />
      </Field>
      <Field label="Confirmar nova senha" error={errors.confirmPassword?.message}>
        <Input type="password" autoComplete="new-password" required {...form.register('confirmPassword')} />
      </Field>
      <Button type="submit" disabled={change.isPending}>
        <KeyRound aria-hidden="true" />
        Alterar senha
      </Button>
    </form>
  );
}
