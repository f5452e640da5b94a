import { ChevronsUpDown, UserPlus } from 'lucide-react';
import { useMemo, useState, type KeyboardEvent, type Ref } from 'react';
import { Input } from '@/components/ui/input';
import { cn } from '@/lib/utils';
import { filterSuppliers, formatCnpj, type SupplierOption } from '@/features/boletos/entry-logic';

interface EntrySupplierComboboxProps {
  id: string;
  suppliers: readonly SupplierOption[];
  value: string | null;
  onChange: (supplierId: string | null) => void;
  /** The payee is not a registered supplier: switch to free text, with what was typed. */
  onOther: (typed: string) => void;
  /** After a choice made from the list (the form moves focus on). */
  onPicked?: () => void;
  inputRef?: Ref<HTMLInputElement>;
  onBlur?: () => void;
  invalid?: boolean;
  describedBy?: string;
}

const OTHER = '__other__';

/**
 * Searchable supplier choice (ARIA combobox: type to filter by name or CNPJ, arrows move, Enter
 * picks, Escape closes), ending with 'Outro beneficiário' for payees that are not registered.
 */
export function EntrySupplierCombobox({ id, suppliers, value, onChange, onOther, onPicked, inputRef, onBlur, invalid, describedBy }: EntrySupplierComboboxProps) {
  const listId = `${id}-list`;
  const selected = useMemo(() => suppliers.find((supplier) => supplier.id === value) ?? null, [suppliers, value]);
  // null: not searching, the input shows the chosen supplier.
  const [query, setQuery] = useState<string | null>(null);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const options = useMemo(() => filterSuppliers(suppliers, query ?? ''), [suppliers, query]);
  const entries: (SupplierOption | typeof OTHER)[] = [...options, OTHER];
  const activeIndex = Math.min(active, entries.length - 1);

  const close = () => {
    setOpen(false);
    setQuery(null);
  };

  const pick = (entry: SupplierOption | typeof OTHER) => {
    const typed = query ?? '';
    close();
    if (entry === OTHER) {
      onOther(typed.trim());
      return;
    }
    onChange(entry.id);
    onPicked?.();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      if (!open) setOpen(true);
      else setActive(Math.min(activeIndex + 1, entries.length - 1));
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      setActive(Math.max(activeIndex - 1, 0));
    } else if (event.key === 'Enter') {
      if (open) {
        event.preventDefault();
        const entry = entries[activeIndex];
        if (entry) pick(entry);
      } else if (!selected) {
        // Nothing chosen yet: Enter opens the list instead of submitting an incomplete form.
        event.preventDefault();
        setOpen(true);
      }
    } else if (event.key === 'Escape' && open) {
      event.preventDefault();
      close();
    }
  };

  return (
    <div className="relative">
      <Input
        id={id}
        ref={inputRef}
        role="combobox"
        aria-expanded={open}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={open ? `${id}-opt-${activeIndex}` : undefined}
        aria-invalid={invalid ? true : undefined}
        aria-describedby={describedBy}
        autoComplete="off"
        placeholder="Busque pelo nome ou CNPJ"
        className="pr-9"
        value={query ?? selected?.name ?? ''}
        onChange={(event) => {
          setQuery(event.target.value);
          setOpen(true);
          setActive(0);
          if (value !== null) onChange(null);
        }}
        onClick={() => setOpen(true)}
        onKeyDown={onKeyDown}
        onBlur={() => {
          window.setTimeout(close, 150);
          onBlur?.();
        }}
      />
      <ChevronsUpDown aria-hidden="true" className="pointer-events-none absolute top-2.5 right-3 size-4 opacity-50" />
      {selected?.cnpj && !open ? <p className="mt-1 font-mono text-xs text-muted-foreground">CNPJ {formatCnpj(selected.cnpj)}</p> : null}
      {open ? (
        <ul
          id={listId}
          role="listbox"
          aria-label="Fornecedores"
          className="absolute top-full z-30 mt-1 max-h-72 w-full overflow-y-auto rounded-md border bg-popover p-1 text-popover-foreground shadow-md"
        >
          {options.length === 0 ? <li className="px-2 py-1.5 text-sm text-muted-foreground">Nenhum fornecedor encontrado.</li> : null}
          {entries.map((entry, index) => (
            <li
              key={entry === OTHER ? OTHER : entry.id}
              id={`${id}-opt-${index}`}
              role="option"
              aria-selected={index === activeIndex}
              className={cn(
                'cursor-pointer rounded-sm px-2 py-1.5 text-sm',
                index === activeIndex && 'bg-accent text-accent-foreground',
                entry === OTHER && 'mt-1 border-t pt-2',
              )}
              onMouseEnter={() => setActive(index)}
              onMouseDown={(event) => {
                event.preventDefault();
                pick(entry);
              }}
            >
              {entry === OTHER ? (
                <span className="flex items-center gap-2">
                  <UserPlus aria-hidden="true" className="size-4" />
                  Outro beneficiário (não cadastrado)
                </span>
              ) : (
                <>
                  <span className="block truncate">{entry.name}</span>
                  {entry.cnpj ? <span className="font-mono text-xs text-muted-foreground">{formatCnpj(entry.cnpj)}</span> : null}
                </>
              )}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
