import { X } from 'lucide-react';
import { useCallback, useId } from 'react';
import { Button } from '@/components/ui/button';
import { SearchField } from '@/components/ui/search-field';
import { ChoiceSelect } from '@/components/ui/choice-select';
import { Label } from '@/components/ui/label';
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

/** Search (number, units, products, lots, notes), unit and direction: applied in the database, kept in the URL. */
export function ListFilters({ filters, onChange, onClear, units, isAdmin }: ListFiltersProps) {
  const id = useId();
  const onSearchText = useCallback((search: string) => onChange({ search }), [onChange]);

  return (
    <div className="flex flex-wrap items-end gap-3">
      <SearchField id={`${id}-search`} value={filters.search} onSearch={onSearchText} placeholder="Número, unidade, produto, lote ou observação" maxLength={SIGNATURE_SEARCH_MAX} />
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
