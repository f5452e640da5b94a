import { useState } from 'react';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { leadTimeMessages } from '@/features/analytics/shortage-analysis/messages';
import { parseRecurrenceDays } from '@/features/analytics/shortage-analysis/recurrence';

interface RecurrenceFieldProps {
  /** The applied value (from the URL). */
  value: number;
  onChange: (days: number) => void;
}

/**
 * 'Recorrência (dias)': a valid number goes to the URL at once; anything else stays in the field
 * with its message until it is fixed, and is dropped when the field is left.
 */
export function RecurrenceField({ value, onChange }: RecurrenceFieldProps) {
  const [draft, setDraft] = useState<string | null>(null);
  const [seen, setSeen] = useState(value);
  if (seen !== value) {
    // Changed from outside ('Limpar filtros', the back button): the field follows.
    setSeen(value);
    setDraft(null);
  }
  const shown = draft ?? String(value);
  const invalid = draft !== null && parseRecurrenceDays(draft) === null;
  return (
    <Field label={leadTimeMessages.recurrenceLabel} error={invalid ? leadTimeMessages.recurrenceInvalid : undefined} className="w-44">
      <Input
        type="number"
        inputMode="numeric"
        min={1}
        max={365}
        step={1}
        value={shown}
        title={leadTimeMessages.recurrenceDescription}
        onChange={(event) => {
          const text = event.target.value;
          const days = parseRecurrenceDays(text);
          if (days === null) {
            setDraft(text);
            return;
          }
          setDraft(null);
          if (days !== value) onChange(days);
        }}
        onBlur={() => setDraft(null)}
      />
    </Field>
  );
}
