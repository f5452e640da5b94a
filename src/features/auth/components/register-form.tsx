import { UserPlus } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { authErrorMessage } from '@/features/auth/messages';
import { validate, type FieldErrors } from '@/lib/form';
import { PASSWORD_RULE_HINT } from '@/features/auth/password-rules';
import { useUnitNames } from '@/features/auth/api/get-unit-names';
import { signUpSchema, useSignUp, type SignUpInput } from '@/features/auth/api/sign-up';

const NO_UNIT = 'none';

export function RegisterForm({ onSuccess }: { onSuccess: (result: { signedIn: boolean }) => void }) {
  const signUp = useSignUp();
  const units = useUnitNames();
  const [values, setValues] = useState<SignUpInput>({ fullName: '', email: '', password: '', unitId: null });
  const [errors, setErrors] = useState<FieldErrors<SignUpInput>>({});

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const result = validate(signUpSchema, values);
    if (!result.success) {
      setErrors(result.errors);
      return;
    }
    setErrors({});
    signUp.mutate(result.data, {
      onSuccess: (outcome) => {
        toast({ title: 'Conta criada', description: 'Seu cadastro foi realizado com sucesso.' });
        onSuccess(outcome);
      },
      onError: (error) => toast({ title: 'Erro ao criar conta', description: authErrorMessage(error), variant: 'destructive' }),
    });
  };

  return (
    <form className="grid gap-4" onSubmit={submit} noValidate>
      <FormField
        label="Nome completo"
        autoComplete="name"
        value={values.fullName}
        error={errors.fullName}
        onChange={(e) => setValues((v) => ({ ...v, fullName: e.target.value }))}
        required
      />
      <FormField
        label="Email"
        type="email"
        autoComplete="email"
        value={values.email}
        error={errors.email}
        onChange={(e) => setValues((v) => ({ ...v, email: e.target.value }))}
        required
      />
      <FormField
        label="Senha"
        type="password"
        autoComplete="new-password"
        hint={PASSWORD_RULE_HINT}
        value={values.password}
        error={errors.password}
        onChange={(e) => setValues((v) => ({ ...v, password: e.target.value }))}
        required
      />
      <div className="grid gap-2">
        <Label htmlFor="register-unit">Unidade</Label>
        <Select
          value={values.unitId ?? NO_UNIT}
          onValueChange={(unitId) => setValues((v) => ({ ...v, unitId: unitId === NO_UNIT ? null : unitId }))}
        >
          <SelectTrigger id="register-unit" aria-label="Unidade">
            <SelectValue placeholder="Selecione sua unidade" />
          </SelectTrigger>
          <SelectContent>
            <SelectItem value={NO_UNIT}>Nenhuma unidade</SelectItem>
            {(units.data ?? []).map((unit) => (
              <SelectItem key={unit.id} value={unit.id}>
                {unit.name}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      </div>
      <Button type="submit" className="w-full" disabled={signUp.isPending}>
        {signUp.isPending ? <Spinner className="size-4 text-primary-foreground" label="Criando conta..." /> : <UserPlus aria-hidden="true" />}
        Criar conta
      </Button>
    </form>
  );
}
