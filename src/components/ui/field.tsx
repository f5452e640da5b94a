import { Slot } from '@radix-ui/react-slot';
import { useId } from 'react';
import type * as React from 'react';
import { Label } from '@/components/ui/label';
import { cn } from '@/lib/utils';

type FieldProps = {
  label: React.ReactNode;
  /** A line under the control saying what to type; replaced by the error while there is one. */
  description?: React.ReactNode;
  /** The validation message (react-hook-form's `errors.x?.message`, or the server's). */
  error?: string | undefined;
  /** An id for the control when the screen needs to know it; otherwise one is made up. */
  id?: string;
  className?: string;
  /** Exactly one control (Input, Textarea, a Select trigger, a combobox button…). */
  children: React.ReactElement;
};

/**
 * A labelled control with its description and validation message, in shadcn's style: the child gets
 * the `id` the label points at, `aria-invalid` while there is an error and `aria-describedby` naming
 * the line under it, so a screen reader reads the message with the control. Works for any control
 * that forwards those props to its focusable element.
 */
export function Field({ label, description, error, id, className, children }: FieldProps) {
  const generated = useId();
  const controlId = id ?? generated;
  const messageId = `${controlId}-message`;
  const message = error ?? description;
  return (
    <div className={cn('grid gap-2', className)}>
      <Label htmlFor={controlId} className={error ? 'text-destructive' : undefined}>
        {label}
      </Label>
      <Slot id={controlId} aria-invalid={error ? true : undefined} aria-describedby={message ? messageId : undefined}>
        {children}
      </Slot>
      {error ? (
        <p id={messageId} className="text-sm text-destructive">
          {error}
        </p>
      ) : description ? (
        <p id={messageId} className="text-xs text-muted-foreground">
          {description}
        </p>
      ) : null}
    </div>
  );
}
