import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';

/** Radix Select items cannot have an empty value: this one stands for "none" / "all". */
const NONE = '__none__';

interface ChoiceSelectProps {
  id: string;
  /** The accessible name, when no <Label htmlFor={id}> names the select. */
  label?: string;
  value: string | null;
  /** The first option, meaning null ("Nenhum", "Todas as unidades"…). */
  noneLabel: string;
  options: readonly { value: string; label: string }[];
  onChange: (value: string | null) => void;
  disabled?: boolean;
  className?: string;
  invalid?: boolean;
}

/**
 * A select whose first option is "none": filters (all) and optional fields (none). A value the
 * options do not hold (a shared link to a unit the reader does not see) reads as "none".
 */
export function ChoiceSelect({ id, label, value, noneLabel, options, onChange, disabled, className, invalid }: ChoiceSelectProps) {
  const known = value !== null && options.some((option) => option.value === value);
  return (
    <Select value={known ? value : NONE} disabled={disabled ?? false} onValueChange={(next) => onChange(next === NONE ? null : next)}>
      <SelectTrigger id={id} aria-label={label} aria-invalid={invalid ? true : undefined} className={className}>
        <SelectValue />
      </SelectTrigger>
      <SelectContent>
        <SelectItem value={NONE}>{noneLabel}</SelectItem>
        {options.map((option) => (
          <SelectItem key={option.value} value={option.value}>
            {option.label}
          </SelectItem>
        ))}
      </SelectContent>
    </Select>
  );
}
