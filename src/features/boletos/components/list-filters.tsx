import { SlidersHorizontal, X } from 'lucide-react';
import { useCallback, useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { SearchField } from '@/components/ui/search-field';
import { DateRangeFilter } from '@/components/ui/date-range-filter';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { cn } from '@/lib/utils';
import { ChoiceSelect } from '@/components/ui/choice-select';
import { BOLETO_SEARCH_MAX, hasActiveFilters, LIST_PARAMS, SITUATION_FILTERS, SORT_OPTIONS, type BoletoSort } from '@/features/boletos/logic';
import { boletoListMessages } from '@/features/boletos/messages';
import type { BoletoListFilters } from '@/features/boletos/types';

interface ListFiltersProps {
  filters: BoletoListFilters;
  onChange: (patch: Partial<BoletoListFilters>) => void;
  onClear: () => void;
  /** The caller's units; the unit filter shows only with more than one. */
  units: readonly { id: string; name: string }[];
  suppliers: readonly { id: string; name: string }[];
}

/**
 * The list's filters, all kept in the URL by the caller: text search (debounced), situation,
 * unit, supplier, due period and sort. On a phone the less used ones fold behind 'Filtros'.
 */
export function ListFilters({ filters, onChange, onClear, units, suppliers }: ListFiltersProps) {
  const id = useId();
  const onSearchText = useCallback((search: string) => onChange({ search }), [onChange]);
  const [expanded, setExpanded] = useState(false);

  const folded = [filters.unitId, filters.supplierId, filters.dueFrom, filters.dueTo].filter(Boolean).length + (filters.sort !== 'due_asc' ? 1 : 0);
  const showUnits = units.length > 1;

  return (
    <div className="grid min-w-0 grid-cols-1 gap-3">
      <div className="flex flex-wrap items-end gap-3">
        <SearchField id={`${id}-search`} value={filters.search} onSearch={onSearchText} placeholder="Fornecedor, beneficiário, NF, observação ou dígitos do código" maxLength={BOLETO_SEARCH_MAX} />
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
                className="w-full md:w-44"
                value={filters.unitId}
                noneLabel="Todas as unidades"
                options={units.map((unit) => ({ value: unit.id, label: unit.name }))}
                onChange={(unitId) => onChange({ unitId })}
              />
            </div>
          ) : null}
          <div className="col-span-2 grid gap-1.5 sm:col-span-1">
            <Label htmlFor={`${id}-supplier`}>Fornecedor</Label>
            <ChoiceSelect
              id={`${id}-supplier`}
              className="w-full md:w-52"
              value={filters.supplierId}
              noneLabel="Todos os fornecedores"
              options={suppliers.map((supplier) => ({ value: supplier.id, label: supplier.name }))}
              onChange={(supplierId) => onChange({ supplierId })}
            />
          </div>
          <DateRangeFilter
            id={`${id}-due`}
            label="Período de vencimento"
            fromLabel="Vencimento de"
            toLabel="até"
            fromParam={LIST_PARAMS.dueFrom}
            toParam={LIST_PARAMS.dueTo}
            pageParam={LIST_PARAMS.page}
            className="col-span-2 grid grid-cols-2 md:flex"
            inputClassName="w-full md:w-38"
          />
          <div className="col-span-2 grid gap-1.5 sm:col-span-1">
            <Label htmlFor={`${id}-sort`}>Ordenar por</Label>
            <Select value={filters.sort} onValueChange={(sort) => onChange({ sort: sort as BoletoSort })}>
              <SelectTrigger id={`${id}-sort`} className="w-full md:w-56">
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                {SORT_OPTIONS.map((option) => (
                  <SelectItem key={option.value} value={option.value}>
                    {option.label}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          </div>
        </div>
      </div>

      <div className="flex flex-wrap items-center gap-2">
        <div role="group" aria-label="Situação" className="flex min-w-0 flex-wrap gap-1.5">
          {SITUATION_FILTERS.map((option) => {
            const active = filters.situation === option.value;
            return (
              <Button
                key={option.param}
                type="button"
                size="sm"
                variant={active ? 'default' : 'outline'}
                aria-pressed={active}
                className="rounded-full"
                onClick={() => onChange({ situation: option.value })}
              >
                {option.label}
              </Button>
            );
          })}
        </div>
        {hasActiveFilters(filters) ? (
          <Button type="button" variant="ghost" size="sm" className="text-muted-foreground" onClick={onClear}>
            <X aria-hidden="true" /> {boletoListMessages.clearFilters}
          </Button>
        ) : null}
      </div>
    </div>
  );
}
