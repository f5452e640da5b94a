import { X } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { DateRangeFilter } from '@/components/ui/date-range-filter';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { hasFilters, REPORT_PARAMS } from '@/features/boleto-report/logic';
import type { Option, ReportFilters } from '@/features/boleto-report/types';

/** Radix Select items cannot have an empty value: this one stands for "all". */
const ALL = '__all__';

interface ReportFiltersBarProps {
  filters: ReportFilters;
  /** The period shown in the date fields (the URL's, or the default the database applies). */
  period: { from: string; to: string };
  /** Why the period cannot be asked for (shown under the date fields), or null. */
  periodError: string | null;
  units: readonly Option[] | undefined;
  suppliers: readonly Option[] | undefined;
  onChange: (next: ReportFilters) => void;
}

/** Unidade, Fornecedor and Período de pagamentos (the shared DateRangeFilter); every change goes to the URL at once. */
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
      <DateRangeFilter
        id="boleto-report-period"
        label="Período de pagamentos"
        showLabel
        fromLabel="De"
        toLabel="Até"
        fromParam={REPORT_PARAMS.from}
        toParam={REPORT_PARAMS.to}
        defaults={period}
        error={periodError}
        inputClassName="w-40"
      />
      {hasFilters(filters) ? (
        <Button variant="ghost" onClick={() => onChange({ unitId: null, supplierId: null, paidFrom: null, paidTo: null })}>
          <X aria-hidden="true" /> Limpar filtros
        </Button>
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
