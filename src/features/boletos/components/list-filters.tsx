import { Search, SlidersHorizontal, X } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { useDebouncedValue } from '@/hooks/use-debounced-value';
import { cn } from '@/lib/utils';
import { ChoiceSelect } from '@/components/ui/choice-select';
import { BOLETO_SEARCH_MAX, hasActiveFilters, SITUATION_FILTERS, SORT_OPTIONS, type BoletoSort } from '@/features/boletos/logic';
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

const SEARCH_DEBOUNCE_MS = 300;

/**
 * The list's filters, all kept in the URL by the caller: text search (debounced), situation,
 * unit, supplier, due period and sort. On a phone the less used ones fold behind 'Filtros'.
 */
export function ListFilters({ filters, onChange, onClear, units, suppliers }: ListFiltersProps) {
  const id = useId();
  const [text, setText] = useState(filters.search);
  const debounced = useDebouncedValue(text, SEARCH_DEBOUNCE_MS);
  const lastDebounced = useRef(debounced);
  const [seenSearch, setSeenSearch] = useState(filters.search);
  const [expanded, setExpanded] = useState(false);

  // The URL changed the search from outside ('Limpar filtros', back button): the box follows.
  if (filters.search !== seenSearch) {
    setSeenSearch(filters.search);
    if (filters.search !== debounced) setText(filters.search);
  }

  // Typing reaches the URL (and the query) once it pauses.
  useEffect(() => {
    if (debounced === lastDebounced.current) return;
    lastDebounced.current = debounced;
    if (debounced.trim() !== filters.search.trim()) onChange({ search: debounced });
  }, [debounced, filters.search, onChange]);

  const folded = [filters.unitId, filters.supplierId, filters.dueFrom, filters.dueTo].filter(Boolean).length + (filters.sort !== 'due_asc' ? 1 : 0);
  const showUnits = units.length > 1;

  return (
    <div className="grid min-w-0 grid-cols-1 gap-3">
      <div className="flex flex-wrap items-end gap-3">
        <div className="grid min-w-0 flex-1 basis-64 gap-1.5">
          <Label htmlFor={`${id}-search`}>Buscar</Label>
          <div className="relative">
            <Search aria-hidden="true" className="pointer-events-none absolute top-2.5 left-2.5 size-4 text-muted-foreground" />
            <Input
              id={`${id}-search`}
              type="search"
              className="pl-8"
              placeholder="Fornecedor, beneficiário, NF, observação ou dígitos do código"
              maxLength={BOLETO_SEARCH_MAX}
              value={text}
              onChange={(event) => setText(event.target.value)}
              onKeyDown={(event) => {
                if (event.key === 'Enter' && text.trim() !== filters.search.trim()) onChange({ search: text });
              }}
            />
          </div>
        </div>
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
          <div className="grid gap-1.5">
            <Label htmlFor={`${id}-from`}>Vencimento de</Label>
            <Input
              id={`${id}-from`}
              type="date"
              className="w-full md:w-38"
              min="2000-01-01"
              max={filters.dueTo ?? '2100-12-31'}
              value={filters.dueFrom ?? ''}
              onChange={(event) => onChange({ dueFrom: event.target.value || null })}
            />
          </div>
          <div className="grid gap-1.5">
            <Label htmlFor={`${id}-to`}>até</Label>
            <Input
              id={`${id}-to`}
              type="date"
              className="w-full md:w-38"
              min={filters.dueFrom ?? '2000-01-01'}
              max="2100-12-31"
              value={filters.dueTo ?? ''}
              onChange={(event) => onChange({ dueTo: event.target.value || null })}
            />
          </div>
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
