import { zodResolver } from '@hookform/resolvers/zod';
import MailCheck from 'lucide-react/icons/mail-check';
import Send from 'lucide-react/icons/send';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { resetPasswordSchema, useRequestPasswordReset, type ResetPasswordInput } from '@/features/auth/api/reset-password';

/** Asks for the email and sends the recovery link. */
export function ResetPasswordForm() {
  const reset = useRequestPasswordReset();
  const form = useForm<ResetPasswordInput>({ resolver: zodResolver(resetPasswordSchema), defaultValues: { email: '' } });
  const { errors } = form.formState;

  const submit = form.handleSubmit((values) => reset.mutate(values));

  if (reset.isSuccess) {
    return (
      <div role="status" className="flex items-start gap-3 rounded-md border bg-accent/50 p-4 text-sm">
        <MailCheck aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-primary" />
        <p>Se existir uma conta para {form.getValues('email')}, você receberá um email com o link para redefinir sua senha.</p>
      </div>
    );
  }

  return (
    <form className="grid gap-4" onSubmit={submit} noValidate>
      <Field label="Email" error={errors.email?.message}>
        <Input type="email" autoComplete="email" required {...form.register('email')} />
      </Field>
      <Button type="submit" className="w-full" disabled={reset.isPending}>
        <Send aria-hidden="true" />
        Enviar link de redefinição
      </Button>
    </form>
  );
}
