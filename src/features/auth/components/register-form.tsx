import { zodResolver } from '@hookform/resolvers/zod';
import UserPlus from 'lucide-react/icons/user-plus';
import { Controller, useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Spinner } from '@/components/ui/spinner';
import { PASSWORD_RULE_HINT } from '@/features/auth/password-rules';
import { useUnitNames } from '@/features/auth/api/get-unit-names';
import { signUpSchema, useSignUp, type SignUpInput } from '@/features/auth/api/sign-up';

const NO_UNIT = 'none';

export function RegisterForm({ onSuccess }: { onSuccess: (result: { signedIn: boolean }) => void }) {
  const signUp = useSignUp();
  const units = useUnitNames();
  const form = useForm<SignUpInput>({
    resolver: zodResolver(signUpSchema),
    defaultValues: { fullName: '', email: '', password: '', unitId: null },
  });
  const { errors } = form.formState;

  const submit = form.handleSubmit((values) =>
    signUp.mutate(values, {
      onSuccess: (outcome) => onSuccess(outcome),
    }),
  );

  return (
    <form className="grid gap-4" onSubmit={submit} noValidate>
      <Field label="Nome completo" error={errors.fullName?.message}>
        <Input autoComplete="name" required {...form.register('fullName')} />
      </Field>
      <Field label="Email" error={errors.email?.message}>
        <Input type="email" autoComplete="email" required {...form.register('email')} />
      </Field>
      <Field label="Senha" description={PASSWORD_RULE_HINT} error={errors.password?.message}>
        <Input type="password" autoComplete="new-password" required {...form.register('password')} />
      </Field>
      <div className="grid gap-2">
        <Label htmlFor="register-unit">Unidade</Label>
        <Controller
          control={form.control}
          name="unitId"
          render={({ field }) => (
            <Select value={field.value ?? NO_UNIT} onValueChange={(unitId) => field.onChange(unitId === NO_UNIT ? null : unitId)}>
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
          )}
        />
      </div>
      <Button type="submit" className="w-full" disabled={signUp.isPending}>
        {signUp.isPending ? <Spinner className="size-4 text-primary-foreground" label="Criando conta..." /> : <UserPlus aria-hidden="true" />}
        Criar conta
      </Button>
    </form>
  );
}
