import { SlidersHorizontal, X } from 'lucide-react';
import { useCallback, useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { SearchField } from '@/components/ui/search-field';
import { ChoiceSelect } from '@/components/ui/choice-select';
import { DateRangeFilter } from '@/components/ui/date-range-filter';
import { Label } from '@/components/ui/label';
import { cn } from '@/lib/utils';
import { DIRECTION_OPTIONS, hasActiveFilters, LIST_PARAMS, SHIPMENT_SEARCH_MAX, STATUS_OPTIONS } from '@/features/shipments/url-params';
import { shipmentMessages } from '@/features/shipments/messages';
import type { ShipmentListFilters, UnitOption } from '@/features/shipments/types';

interface ListFiltersProps {
  filters: ShipmentListFilters;
  onChange: (patch: Partial<ShipmentListFilters>) => void;
  onClear: () => void;
  /** The caller's units; the unit filter shows only with more than one. */
  units: readonly UnitOption[];
  /** An administrator's units are every unit. */
  isAdmin: boolean;
}

/** A row of toggle buttons (one pressed), for direction and status. */
function Toggles<T extends string | null>({ label, options, value, onChange }: { label: string; options: readonly { value: T; param: string; label: string }[]; value: T; onChange: (value: T) => void }) {
  return (
    <div role="group" aria-label={label} className="flex min-w-0 flex-wrap gap-1.5">
      {options.map((option) => {
        const active = option.value === value;
        return (
          <Button
            key={option.param}
            type="button"
            size="sm"
            variant={active ? 'default' : 'outline'}
            aria-pressed={active}
            className="rounded-full"
            onClick={() => onChange(option.value)}
          >
            {option.label}
          </Button>
        );
      })}
    </div>
  );
}

/**
 * The list's filters, kept in the URL by the caller: direction, status, unit, creation period and
 * a text search (debounced). On a phone unit and period fold behind 'Filtros'.
 */
export function ListFilters({ filters, onChange, onClear, units, isAdmin }: ListFiltersProps) {
  const id = useId();
  const onSearchText = useCallback((search: string) => onChange({ search }), [onChange]);
  const [expanded, setExpanded] = useState(false);

  const showUnits = units.length > 1;
  const folded = [showUnits ? filters.unitId : null, filters.from, filters.to].filter(Boolean).length;

  return (
    <div className="grid min-w-0 grid-cols-1 gap-3">
      <div className="flex flex-wrap items-end gap-3">
        <SearchField id={`${id}-search`} value={filters.search} onSearch={onSearchText} placeholder="Número (42 ou REM-000042), unidade, produto, lote ou observação" maxLength={SHIPMENT_SEARCH_MAX} />
        <Button
          type="button"
          variant="outline"
          className="md:hidden"
          aria-expanded={expanded}
          aria-controls={`${id}-more`}
          onClick={() => setExpanded((value) => !value)}
        >
          <SlidersHorizontal aria-hidden="true" />
          Filtros{folded > 0 ? ` (${folded})` : ''}
        </Button>
        <div id={`${id}-more`} className={cn('w-full flex-wrap items-end gap-3 md:flex md:w-auto', expanded ? 'grid grid-cols-2' : 'hidden')}>
          {showUnits ? (
            <div className="col-span-2 grid gap-1.5 sm:col-span-1">
              <Label htmlFor={`${id}-unit`}>Unidade</Label>
              <ChoiceSelect
                id={`${id}-unit`}
                className="w-full md:w-48"
                value={filters.unitId}
                noneLabel={isAdmin ? 'Todas as unidades' : 'Todas as minhas unidades'}
                options={units.map((unit) => ({ value: unit.id, label: unit.name }))}
                onChange={(unitId) => onChange({ unitId })}
              />
            </div>
          ) : null}
          <DateRangeFilter
            id={`${id}-created`}
            label="Período de criação"
            fromLabel="Criadas de"
            toLabel="até"
            fromParam={LIST_PARAMS.from}
            toParam={LIST_PARAMS.to}
            pageParam={LIST_PARAMS.page}
            className="col-span-2 grid grid-cols-2 md:flex"
            inputClassName="w-full md:w-38"
          />
        </div>
      </div>

      <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
        <Toggles label="Direção" options={DIRECTION_OPTIONS} value={filters.direction} onChange={(direction) => onChange({ direction })} />
        <span aria-hidden="true" className="hidden h-6 w-px bg-border sm:block" />
        <Toggles label="Situação" options={STATUS_OPTIONS} value={filters.status} onChange={(status) => onChange({ status })} />
        {hasActiveFilters(filters) ? (
          <Button type="button" variant="ghost" size="sm" className="text-muted-foreground" onClick={onClear}>
            <X aria-hidden="true" /> {shipmentMessages.clearFilters}
          </Button>
        ) : null}
      </div>
    </div>
  );
}
