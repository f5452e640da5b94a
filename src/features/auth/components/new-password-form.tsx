import { zodResolver } from '@hookform/resolvers/zod';
import { KeyRound } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { PASSWORD_RULE_HINT } from '@/features/auth/password-rules';
import { newPasswordSchema, useUpdatePassword, type NewPasswordInput } from '@/features/auth/api/update-password';

/** Sets the new password after following the recovery link. */
export function NewPasswordForm({ onSuccess }: { onSuccess: () => void }) {
  const update = useUpdatePassword();
  const form = useForm<NewPasswordInput>({ resolver: zodResolver(newPasswordSchema), defaultValues: { password: '', confirmPassword: '' } });
  const { errors } = form.formState;

  const submit = form.handleSubmit((values) =>
    update.mutate(values, { onSuccess: () => onSuccess() }),
  );

  return (
    <form className="grid gap-4" onSubmit={submit} noValidate>
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
      <Button type="submit" className="w-full" disabled={update.isPending}>
        <KeyRound aria-hidden="true" />
        Salvar nova senha
      </Button>
    </form>
  );
}
