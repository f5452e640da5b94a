import { ChevronsUpDown, UserPlus } from 'lucide-react';
import { useMemo, useState, type Ref } from 'react';
import { Combobox } from '@/components/ui/combobox';
import { filterSuppliers, formatCnpj, type SupplierOption } from '@/features/boletos/entry-logic';

interface EntrySupplierComboboxProps {
  /** Given by Field (the label's target, its state and its message). */
  id?: string;
  'aria-invalid'?: boolean;
  'aria-describedby'?: string;
  suppliers: readonly SupplierOption[];
  value: string | null;
  onChange: (supplierId: string | null) => void;
  /** The payee is not a registered supplier: switch to free text, with what was typed. */
  onOther: (typed: string) => void;
  /** After a choice made from the list (the form moves focus on). */
  onPicked?: () => void;
  inputRef?: Ref<HTMLInputElement>;
  onBlur?: () => void;
}

/**
 * Searchable supplier choice (the shared combobox: type to filter by name or CNPJ, arrows move,
 * Enter picks, Escape closes), ending with 'Outro beneficiário' for payees that are not registered.
 */
export function EntrySupplierCombobox({
  id,
  'aria-invalid': invalid,
  'aria-describedby': describedBy,
  suppliers,
  value,
  onChange,
  onOther,
  onPicked,
  inputRef,
  onBlur,
}: EntrySupplierComboboxProps) {
  const [query, setQuery] = useState('');
  const toOption = (supplier: SupplierOption) => ({ id: supplier.id, label: supplier.name, description: supplier.cnpj ? formatCnpj(supplier.cnpj) : null, supplier });
  const options = useMemo(() => filterSuppliers(suppliers, query).map(toOption), [suppliers, query]);
  const selected = useMemo(() => {
    const supplier = suppliers.find((candidate) => candidate.id === value);
    return supplier ? toOption(supplier) : null;
  }, [suppliers, value]);
  const [open, setOpen] = useState(false);

  return (
    <div>
      <Combobox
        id={id}
        inputRef={inputRef}
        options={options}
        value={selected}
        onChange={(option) => {
          if (option) {
            onChange(option.supplier.id);
            onPicked?.();
          } else if (value !== null) onChange(null);
        }}
        onSearch={setQuery}
        onOpenChange={setOpen}
        onBlur={onBlur}
        aria-invalid={invalid}
        aria-describedby={describedBy}
        placeholder="Busque pelo nome ou CNPJ"
        emptyText="Nenhum fornecedor encontrado."
        listLabel="Fornecedores"
        descriptionClassName="font-mono"
        endIcon={<ChevronsUpDown aria-hidden="true" />}
        action={{
          label: (
            <span className="flex items-center gap-2">
              <UserPlus aria-hidden="true" className="size-4" />
              Outro beneficiário (não cadastrado)
            </span>
          ),
          onSelect: onOther,
        }}
      />
      {selected?.supplier.cnpj && !open ? <p className="mt-1 font-mono text-xs text-muted-foreground">CNPJ {formatCnpj(selected.supplier.cnpj)}</p> : null}
    </div>
  );
}
