import LogIn from 'lucide-react/icons/log-in';
import { useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { useSignIn, validateSignIn, type SignInInput } from '@/features/auth/api/sign-in';
import type { SessionUser } from '@/features/auth/types';

export function LoginForm({ onSuccess, initialEmail = '' }: { onSuccess: (user: SessionUser) => void; initialEmail?: string }) {
  const signIn = useSignIn();
  const [values, setValues] = useState<SignInInput>({ email: initialEmail, password: '' });
  const [errors, setErrors] = useState<Partial<Record<keyof SignInInput, string>>>({});

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const fieldErrors = validateSignIn(values);
    setErrors(fieldErrors);
    if (Object.keys(fieldErrors).length > 0) return;
    signIn.mutate(values, { onSuccess });
  };

  return (
    <form className="grid gap-4" onSubmit={submit} noValidate>
      <Field label="Email" error={errors.email}>
        <Input type="email" autoComplete="email" placeholder="seu.email@farmacia.com" value={values.email} onChange={(e) => setValues((v) => ({ ...v, email: e.target.value }))} required />
      </Field>
      <Field label="Senha" error={errors.password}>
        <Input type="password" autoComplete="current-password" value={values.password} onChange={(e) => setValues((v) => ({ ...v, password: e.target.value }))} required />
      </Field>
      <Button type="submit" className="w-full" disabled={signIn.isPending}>
        {signIn.isPending ? <Spinner className="size-4 text-primary-foreground" label="Entrando..." /> : <LogIn aria-hidden="true" />}
        Entrar
      </Button>
    </form>
  );
}
