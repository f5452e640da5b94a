import { KeyRound } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { toast } from '@/components/ui/use-toast';
import { authErrorMessage } from '@/features/auth/messages';
import { validate, type FieldErrors } from '@/lib/form';
import { PASSWORD_RULE_HINT } from '@/features/auth/password-rules';
import { newPasswordSchema, useUpdatePassword, type NewPasswordInput } from '@/features/auth/api/update-password';

/** Sets the new password after following the recovery link. */
export function NewPasswordForm({ onSuccess }: { onSuccess: () => void }) {
  const update = useUpdatePassword();
  const [values, setValues] = useState<NewPasswordInput>({ password: '', confirmPassword: '' });
  const [errors, setErrors] = useState<FieldErrors<NewPasswordInput>>({});

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const result = validate(newPasswordSchema, values);
    if (!result.success) {
      setErrors(result.errors);
      return;
    }
    setErrors({});
    update.mutate(result.data, {
      onSuccess: () => {
        toast({ title: 'Senha redefinida', description: 'Sua nova senha foi salva.' });
        onSuccess();
      },
      onError: (error) => toast({ title: 'Erro ao redefinir senha', description: authErrorMessage(error), variant: 'destructive' }),
    });
  };

  return (
    <form className="grid gap-4" onSubmit={submit} noValidate>
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
      <Button type="submit" className="w-full" disabled={update.isPending}>
        <KeyRound aria-hidden="true" />
        Salvar nova senha
      </Button>
    </form>
  );
}
