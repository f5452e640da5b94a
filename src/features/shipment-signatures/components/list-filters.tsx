import { Search, X } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { ChoiceSelect } from '@/components/ui/choice-select';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { useDebouncedValue } from '@/hooks/use-debounced-value';
import { DIRECTION_OPTIONS, hasActiveFilters, SIGNATURE_SEARCH_MAX } from '@/features/shipment-signatures/logic';
import { signatureMessages } from '@/features/shipment-signatures/messages';
import type { ShipmentDirection, SignatureListFilters, SignatureUnitOption } from '@/features/shipment-signatures/types';

interface ListFiltersProps {
  filters: SignatureListFilters;
  onChange: (patch: Partial<SignatureListFilters>) => void;
  onClear: () => void;
  /** The caller's units; the unit filter shows only with more than one. */
  units: readonly SignatureUnitOption[];
  /** Administrators see every unit; others, theirs. */
  isAdmin: boolean;
}

const SEARCH_DEBOUNCE_MS = 300;

/** Search (number, units, products, lots, notes), unit and direction: applied in the database, kept in the URL. */
export function ListFilters({ filters, onChange, onClear, units, isAdmin }: ListFiltersProps) {
  const id = useId();
  const [text, setText] = useState(filters.search);
  const debounced = useDebouncedValue(text, SEARCH_DEBOUNCE_MS);
  const lastDebounced = useRef(debounced);
  const [seenSearch, setSeenSearch] = useState(filters.search);

  // The URL changed the search from outside ('Limpar filtros', the back button): the box follows.
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

  return (
    <div className="flex flex-wrap items-end gap-3">
      <div className="grid min-w-0 flex-1 basis-64 gap-1.5">
        <Label htmlFor={`${id}-search`}>Buscar</Label>
        <div className="relative">
          <Search aria-hidden="true" className="pointer-events-none absolute top-2.5 left-2.5 size-4 text-muted-foreground" />
          <Input
            id={`${id}-search`}
            type="search"
            className="pl-8"
            placeholder="Número, unidade, produto, lote ou observação"
            maxLength={SIGNATURE_SEARCH_MAX}
            value={text}
            onChange={(event) => setText(event.target.value)}
            onKeyDown={(event) => {
              if (event.key === 'Enter' && text.trim() !== filters.search.trim()) onChange({ search: text });
            }}
          />
        </div>
      </div>
      {units.length > 1 ? (
        <div className="grid w-full gap-1.5 sm:w-auto">
          <Label htmlFor={`${id}-unit`}>Unidade</Label>
          <ChoiceSelect
            id={`${id}-unit`}
            className="w-full sm:w-48"
            value={filters.unitId}
            noneLabel={isAdmin ? 'Todas as unidades' : 'Todas as minhas unidades'}
            options={units.map((unit) => ({ value: unit.id, label: unit.name }))}
            onChange={(unitId) => onChange({ unitId })}
          />
        </div>
      ) : null}
      <div className="grid w-full gap-1.5 sm:w-auto">
        <Label htmlFor={`${id}-direction`}>Direção</Label>
        <ChoiceSelect
          id={`${id}-direction`}
          className="w-full sm:w-64"
          value={filters.direction}
          noneLabel="Enviadas e recebidas"
          options={DIRECTION_OPTIONS}
          onChange={(direction) => onChange({ direction: direction as ShipmentDirection | null })}
        />
      </div>
      {hasActiveFilters(filters) ? (
        <Button type="button" variant="ghost" className="text-muted-foreground" onClick={onClear}>
          <X aria-hidden="true" /> {signatureMessages.clearFilters}
        </Button>
      ) : null}
    </div>
  );
}
