import { AlertCircle, Barcode, CheckCircle2, X } from 'lucide-react';
import type * as React from 'react';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { formatCurrency, formatDay } from '@/lib/dates';
import { cn } from '@/lib/utils';
import { formatLinhaDigitavel } from '@/features/boletos/code';
import { CODE_KIND_LABELS, issuerLabel, type CodeStatus } from '@/features/boletos/entry-logic';
import { boletoEntryMessages } from '@/features/boletos/messages';

interface EntryCodeFieldProps {
  id: string;
  status: CodeStatus;
  /** The form's message after a submit while the field is empty or incomplete: the same words the field shows, now as an error. */
  submitError: string | undefined;
  /** react-hook-form's registration of the field (name, ref, onChange, onBlur). */
  inputProps: React.ComponentProps<'input'>;
  autoFocus?: boolean;
  /** The field's text as typed. */
  typed: string;
  onClear: () => void;
  onEnter: () => void;
}

/**
 * The code field: a scanner's burst, a paste or typing. It decodes on every keystroke (a pure
 * function, no network) and says either how many digits there are, which field is wrong, or what the
 * code carries. Enter never submits: the form moves on to the next empty field.
 */
export function EntryCodeField({ id, status, submitError, inputProps, autoFocus, typed, onClear, onEnter }: EntryCodeFieldProps) {
  const messageId = `${id}-status`;
  const showSubmitError = submitError !== undefined && (status.state === 'empty' || status.state === 'typing');
  const invalid = status.state === 'invalid' || showSubmitError;
  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>
        <Barcode aria-hidden="true" className="size-4" />
        Código de barras ou linha digitável
      </Label>
      <div className="relative">
        <input
          id={id}
          type="text"
          inputMode="numeric"
          autoComplete="off"
          autoCorrect="off"
          spellCheck={false}
          autoFocus={autoFocus}
          placeholder={boletoEntryMessages.codePlaceholder}
          aria-invalid={invalid ? true : undefined}
          aria-describedby={messageId}
          className={cn(
            'flex h-12 w-full min-w-0 rounded-md border border-input bg-transparent py-2 pr-11 pl-3 font-mono text-base tracking-wide shadow-xs transition-[color,box-shadow] outline-none placeholder:font-sans placeholder:tracking-normal placeholder:text-muted-foreground sm:text-lg',
            'focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/50',
            'aria-invalid:border-destructive aria-invalid:ring-destructive/20',
            status.state === 'valid' && 'border-emerald-600/60 dark:border-emerald-500/60',
          )}
          {...inputProps}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              // A scanner ends its burst with Enter: never a submit from here.
              event.preventDefault();
              onEnter();
            }
          }}
          onFocus={(event) => {
            // A complete code is selected, so the next scan replaces it instead of appending.
            if (status.state === 'valid') event.currentTarget.select();
          }}
        />
        {typed !== '' ? (
          <Button type="button" variant="ghost" size="icon" className="absolute top-1.5 right-1.5 size-9" aria-label="Limpar código" onClick={onClear}>
            <X aria-hidden="true" />
          </Button>
        ) : null}
      </div>
      <div id={messageId} className="min-h-5 text-sm">
        {showSubmitError ? (
          <p className="flex items-start gap-1.5 text-destructive">
            <AlertCircle aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
            <span>{submitError}</span>
          </p>
        ) : status.state === 'empty' ? (
          <p className="text-xs text-muted-foreground">{boletoEntryMessages.codeHint}</p>
        ) : status.state === 'typing' ? (
          <p className="text-muted-foreground tabular-nums">{status.message}</p>
        ) : status.state === 'invalid' ? (
          <div role="alert" className="grid gap-0.5">
            <p className="flex items-start gap-1.5 font-medium text-destructive">
              <AlertCircle aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
              {status.message}
            </p>
            {status.digits === 44 ? <p className="text-xs text-muted-foreground">{boletoEntryMessages.codeAt44Hint}</p> : null}
          </div>
        ) : (
          <p className="flex min-w-0 items-start gap-1.5 text-emerald-700 dark:text-emerald-400">
            <CheckCircle2 aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
            {formatLinhaDigitavel(status.value.linhaDigitavel) === typed.trim() ? (
              <span>{boletoEntryMessages.codeChecked}</span>
            ) : (
              <span className="min-w-0 font-mono text-xs break-all sm:text-sm">{formatLinhaDigitavel(status.value.linhaDigitavel)}</span>
            )}
          </p>
        )}
      </div>
      {status.state === 'valid' ? <DecodedSummary status={status} /> : null}
    </div>
  );
}

function DecodedSummary({ status }: { status: Extract<CodeStatus, { state: 'valid' }> }) {
  const { value } = status;
  const items = [
    { label: 'Tipo', text: CODE_KIND_LABELS[value.kind] },
    { label: value.kind === 'BANCARIO' ? 'Banco' : 'Segmento', text: issuerLabel(value) },
    { label: 'Valor', text: value.amount === null ? 'Não informado no código' : formatCurrency(value.amount) },
    { label: 'Vencimento', text: value.dueDate ? formatDay(value.dueDate) : 'Não informado no código' },
  ];
  return (
    <dl
      aria-label="Dados lidos do código"
      className="grid grid-cols-2 gap-x-4 gap-y-2 rounded-md border border-emerald-600/30 bg-emerald-50 px-3 py-2 text-sm lg:grid-cols-4 dark:border-emerald-500/30 dark:bg-emerald-950/30"
    >
      {items.map((item) => (
        <div key={item.label} className="min-w-0">
          <dt className="text-xs text-muted-foreground">{item.label}</dt>
          <dd className="font-medium break-words">
            {item.text}
          </dd>
        </div>
      ))}
    </dl>
  );
}
