import type * as React from 'react';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';

type FormFieldProps = Omit<React.ComponentProps<'input'>, 'id'> & {
  label: string;
  error?: string | undefined;
  hint?: string;
};

/** A labelled text input: `Field` around an `Input` (the common case of the auth forms). */
export function FormField({ label, error, hint, ...inputProps }: FormFieldProps) {
  return (
    <Field label={label} error={error} description={hint}>
      <Input {...inputProps} />
    </Field>
  );
}
