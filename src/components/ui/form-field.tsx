import { useId } from 'react';
import type * as React from 'react';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';

type FormFieldProps = Omit<React.ComponentProps<'input'>, 'id'> & {
  label: string;
  error?: string | undefined;
  hint?: string;
};

/** A labelled input with its validation message wired through aria-invalid / aria-describedby. */
export function FormField({ label, error, hint, ...inputProps }: FormFieldProps) {
  const id = useId();
  const messageId = `${id}-message`;
  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>{label}</Label>
      <Input id={id} aria-invalid={error ? true : undefined} aria-describedby={error || hint ? messageId : undefined} {...inputProps} />
      {error ? (
        <p id={messageId} className="text-sm text-destructive">
          {error}
        </p>
      ) : hint ? (
        <p id={messageId} className="text-xs text-muted-foreground">
          {hint}
        </p>
      ) : null}
    </div>
  );
}
