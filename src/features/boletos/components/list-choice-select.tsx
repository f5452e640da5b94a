import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';

/** Radix Select items cannot have an empty value: this one stands for "all". */
const ALL = '__all__';

interface ListChoiceSelectProps {
  id: string;
  value: string | null;
  /** The first option, meaning null ('Todas as unidades', 'Todos os fornecedores'). */
  allLabel: string;
  options: readonly { value: string; label: string }[];
  onChange: (value: string | null) => void;
  disabled?: boolean;
  className?: string;
}

/** A filter's select whose first option is "all" (labelled by the <Label htmlFor={id}> beside it). */
export function ListChoiceSelect({ id, value, allLabel, options, onChange, disabled, className }: ListChoiceSelectProps) {
  // A value the options do not hold (a shared link to a unit the reader does not see) reads as "all".
  const known = value !== null && options.some((option) => option.value === value);
  return (
    <Select value={known ? value : ALL} disabled={disabled ?? false} onValueChange={(next) => onChange(next === ALL ? null : next)}>
      <SelectTrigger id={id} className={className}>
        <SelectValue />
      </SelectTrigger>
      <SelectContent>
        <SelectItem value={ALL}>{allLabel}</SelectItem>
        {options.map((option) => (
          <SelectItem key={option.value} value={option.value}>
            {option.label}
          </SelectItem>
        ))}
      </SelectContent>
    </Select>
  );
}
