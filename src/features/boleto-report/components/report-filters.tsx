import { X } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { isValidDay, MAX_DAY, MIN_DAY } from '@/lib/dates';
import { hasFilters } from '@/features/boleto-report/logic';
import type { Option, ReportFilters } from '@/features/boleto-report/types';

/** Radix Select items cannot have an empty value: this one stands for "all". */
const ALL = '__all__';

interface ReportFiltersBarProps {
  filters: ReportFilters;
  /** The period shown in the date fields (the URL's, or the default the database applies). */
  period: { from: string; to: string };
  periodError: string | null;
  units: readonly Option[] | undefined;
  suppliers: readonly Option[] | undefined;
  onChange: (next: ReportFilters) => void;
}

/** Unidade, Fornecedor and Período de pagamentos; every change goes to the URL at once. */
export function ReportFiltersBar({ filters, period, periodError, units, suppliers, onChange }: ReportFiltersBarProps) {
  const set = (patch: Partial<ReportFilters>) => onChange({ ...filters, ...patch });
  return (
    <div role="group" aria-label="Filtros do relatório" className="flex flex-wrap items-end gap-3 print:hidden">
      <FilterSelect
        id="boleto-report-unit"
        label="Unidade"
        allLabel="Todas as unidades"
        unknownLabel="Unidade não disponível"
        value={filters.unitId}
        options={units}
        onChange={(unitId) => set({ unitId })}
      />
      <FilterSelect
        id="boleto-report-supplier"
        label="Fornecedor"
        allLabel="Todos os fornecedores"
        unknownLabel="Fornecedor não disponível"
        value={filters.supplierId}
        options={suppliers}
        onChange={(supplierId) => set({ supplierId })}
      />
      <fieldset className="grid gap-1.5">
        <legend className="mb-1.5 text-sm leading-none font-medium">Período de pagamentos</legend>
        <div className="flex flex-wrap items-center gap-2">
          <DayInput
            key={`from-${period.from}`}
            id="boleto-report-from"
            label="De"
            value={period.from}
            invalid={periodError !== null}
            describedBy={periodError ? 'boleto-report-period-error' : undefined}
            onCommit={(paidFrom) => set({ paidFrom })}
          />
          <DayInput
            key={`to-${period.to}`}
            id="boleto-report-to"
            label="Até"
            value={period.to}
            invalid={periodError !== null}
            describedBy={periodError ? 'boleto-report-period-error' : undefined}
            onCommit={(paidTo) => set({ paidTo })}
          />
        </div>
      </fieldset>
      {hasFilters(filters) ? (
        <Button variant="ghost" onClick={() => onChange({ unitId: null, supplierId: null, paidFrom: null, paidTo: null })}>
          <X aria-hidden="true" /> Limpar filtros
        </Button>
      ) : null}
      {periodError ? (
        <p id="boleto-report-period-error" role="alert" className="basis-full text-sm text-destructive">
          {periodError}
        </p>
      ) : null}
    </div>
  );
}

function FilterSelect({
  id,
  label,
  allLabel,
  unknownLabel,
  value,
  options,
  onChange,
}: {
  id: string;
  label: string;
  allLabel: string;
  unknownLabel: string;
  value: string | null;
  options: readonly Option[] | undefined;
  onChange: (value: string | null) => void;
}) {
  // A shared link may name a unit or supplier the list does not (yet) have: keep it selectable.
  const known = value === null || options === undefined || options.some((option) => option.id === value);
  return (
    <div className="grid w-full gap-1.5 sm:w-56">
      <Label htmlFor={id}>{label}</Label>
      <Select value={value ?? ALL} disabled={options === undefined} onValueChange={(next) => onChange(next === ALL ? null : next)}>
        <SelectTrigger id={id} aria-label={label} className="w-full [&>span]:min-w-0 [&>span]:truncate">
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          <SelectItem value={ALL}>{allLabel}</SelectItem>
          {known || value === null ? null : <SelectItem value={value}>{unknownLabel}</SelectItem>}
          {options?.map((option) => (
            <SelectItem key={option.id} value={option.id}>
              {option.name}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
    </div>
  );
}

/**
 * A date field that reaches the URL only with a whole day between 2000 and 2100 (typing a year
 * passes through 0002, 0020, 0202…); emptied and left, it goes back to the default.
 */
function DayInput({
  id,
  label,
  value,
  invalid,
  describedBy,
  onCommit,
}: {
  id: string;
  label: string;
  value: string;
  invalid: boolean;
  describedBy: string | undefined;
  onCommit: (day: string | null) => void;
}) {
  const [draft, setDraft] = useState(value);
  return (
    <div className="flex items-center gap-2">
      <Label htmlFor={id} className="font-normal text-muted-foreground">
        {label}
      </Label>
      <Input
        id={id}
        type="date"
        className="w-40"
        min={MIN_DAY}
        max={MAX_DAY}
        value={draft}
        aria-invalid={invalid ? true : undefined}
        aria-describedby={describedBy}
        onChange={(event) => {
          const next = event.target.value;
          setDraft(next);
          if (isValidDay(next) && next !== value) onCommit(next);
        }}
        onBlur={() => {
          if (draft === '') onCommit(null);
          if (!isValidDay(draft)) setDraft(value);
        }}
      />
    </div>
  );
}
