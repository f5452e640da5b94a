import { KeyRound } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { toast } from '@/components/ui/use-toast';
import { authErrorMessage, LOGIN_INVALID_CREDENTIALS } from '@/lib/errors';
import { validate, type FieldErrors } from '@/lib/form';
import { changePasswordSchema, updatePassword, type ChangePasswordInput } from '@/features/auth/api/update-password';
import { useAuth } from '@/features/auth/auth-context';
import { useMutation } from '@tanstack/react-query';

/** Changes the password of the signed-in user after re-verifying the current one (no reload, no navigation). */
export function ChangePasswordForm({ onSuccess }: { onSuccess: () => void }) {
  const { reauthenticate } = useAuth();
  const change = useMutation({
    mutationFn: async (input: ChangePasswordInput) => {
      try {
        await reauthenticate(input.currentPassword);
      } catch {
        throw new Error(LOGIN_INVALID_CREDENTIALS);
      }
      await updatePassword(input.password);
    },
  });
  const [values, setValues] = useState<ChangePasswordInput>({ currentPassword: '', password: '', confirmPassword: '' });
  const [errors, setErrors] = useState<FieldErrors<ChangePasswordInput>>({});

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const result = validate(changePasswordSchema, values);
    if (!result.success) {
      setErrors(result.errors);
      return;
    }
    setErrors({});
    change.mutate(result.data, {
      onSuccess: () => {
        toast({ title: 'Senha alterada', description: 'Sua senha foi alterada com sucesso.' });
        setValues({ currentPassword: '', password: '', confirmPassword: '' });
        onSuccess();
      },
      onError: (error) => toast({ title: 'Erro ao alterar senha', description: authErrorMessage(error), variant: 'destructive' }),
    });
  };

  return (
    <form className="grid gap-4" onSubmit={submit} noValidate>
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
        hint="Mínimo de 8 caracteres."
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
