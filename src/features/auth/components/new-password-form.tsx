import { zodResolver } from '@hookform/resolvers/zod';
import KeyRound from 'lucide-react/icons/key-round';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
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
      <Field label="Nova senha" description={PASSWORD_RULE_HINT} error={errors.password?.message}>
        <Input type="password" autoComplete="new-password" required {...form.register('password')} />
      </Field>
      <Field label="Confirmar nova senha" error={errors.confirmPassword?.message}>
        <Input type="password" autoComplete="new-password" required {...form.register('confirmPassword')} />
      </Field>
      <Button type="submit" className="w-full" disabled={update.isPending}>
        <KeyRound aria-hidden="true" />
        Salvar nova senha
      </Button>
    </form>
  );
}
