import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';

/** Radix Select items cannot have an empty value: this one stands for "none" / "all". */
const NONE = '__none__';

interface ChoiceSelectProps {
  id: string;
  label: string;
  value: string | null;
  /** The first option, meaning null ("Nenhum", "Todos os perfis"…). */
  noneLabel: string;
  options: readonly { value: string; label: string }[];
  onChange: (value: string | null) => void;
  disabled?: boolean;
  className?: string;
  invalid?: boolean;
}

/** A select whose first option is "none": filters (all) and optional fields (none). */
export function ChoiceSelect({ id, label, value, noneLabel, options, onChange, disabled, className, invalid }: ChoiceSelectProps) {
  return (
    <Select value={value ?? NONE} disabled={disabled ?? false} onValueChange={(next) => onChange(next === NONE ? null : next)}>
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
