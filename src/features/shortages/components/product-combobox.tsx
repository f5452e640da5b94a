import { useId, useState, type KeyboardEvent } from 'react';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { useDebouncedValue } from '@/hooks/use-debounced-value';
import { cn } from '@/lib/utils';
import { useProductSearch } from '@/features/shortages/api/find-products';
import type { ShortageProduct } from '@/features/shortages/types';

interface ProductComboboxProps {
  onSelect: (product: ShortageProduct) => void;
}

/** Search a product by name (ARIA combobox: arrows move, Enter picks, Escape closes). */
export function ProductCombobox({ onSelect }: ProductComboboxProps) {
  const id = useId();
  const listId = `${id}-list`;
  const [term, setTerm] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const debounced = useDebouncedValue(term, 250);
  const search = useProductSearch(debounced);
  const options = search.data ?? [];
  const showList = open && debounced.trim().length >= 2;

  const pick = (product: ShortageProduct) => {
    onSelect(product);
    setTerm('');
    setOpen(false);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      setOpen(true);
      setActive((i) => Math.min(i + 1, options.length - 1));
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      setActive((i) => Math.max(i - 1, 0));
    } else if (event.key === 'Enter' && showList) {
      event.preventDefault();
      const option = options[active];
      if (option) pick(option);
    } else if (event.key === 'Escape') {
      setOpen(false);
    }
  };

  return (
    <div className="relative grid gap-2">
      <Label htmlFor={id}>Buscar produto pelo nome</Label>
      <Input
        id={id}
        role="combobox"
        aria-expanded={showList}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={showList && options[active] ? `${id}-opt-${active}` : undefined}
        autoComplete="off"
        placeholder="Digite ao menos 2 letras"
        value={term}
        onChange={(event) => {
          setTerm(event.target.value);
          setOpen(true);
          setActive(0);
        }}
        onKeyDown={onKeyDown}
        onBlur={() => window.setTimeout(() => setOpen(false), 150)}
      />
      {showList ? (
        <ul
          id={listId}
          role="listbox"
          aria-label="Produtos encontrados"
          className="absolute top-full z-20 mt-1 max-h-72 w-full overflow-y-auto rounded-md border bg-popover p-1 text-popover-foreground shadow-md"
        >
          {search.isFetching && options.length === 0 ? (
            <li className="px-2 py-1.5 text-sm text-muted-foreground">Buscando...</li>
          ) : options.length === 0 ? (
            <li className="px-2 py-1.5 text-sm text-muted-foreground">Nenhum produto encontrado.</li>
          ) : (
            options.map((product, index) => (
              <li
                key={product.id}
                id={`${id}-opt-${index}`}
                role="option"
                aria-selected={index === active}
                className={cn('cursor-pointer rounded-sm px-2 py-1.5 text-sm', index === active && 'bg-accent text-accent-foreground')}
                onMouseEnter={() => setActive(index)}
                onMouseDown={(event) => {
                  event.preventDefault();
                  pick(product);
                }}
              >
                <span className="block truncate">{product.name}</span>
                {product.barcode ? <span className="font-mono text-xs text-muted-foreground">{product.barcode}</span> : null}
              </li>
            ))
          )}
        </ul>
      ) : null}
    </div>
  );
}
