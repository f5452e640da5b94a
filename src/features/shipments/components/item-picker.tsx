import { useQueryClient } from '@tanstack/react-query';
import { Barcode, Search } from 'lucide-react';
import { useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Spinner } from '@/components/ui/spinner';
import { useDebouncedValue } from '@/hooks/use-debounced-value';
import { cn } from '@/lib/utils';
import { productByBarcodeQueryOptions } from '@/features/shipments/api/find-product-by-barcode';
import { useProductSearch } from '@/features/shipments/api/search-products';
import { cleanScannedCode, rankProducts } from '@/features/shipments/product-search';
import { shipmentMessages } from '@/features/shipments/messages';
import type { ProductOption } from '@/features/shipments/types';

interface ItemPickerProps {
  /** 'search': picked by name (focus moves to the line's quantity); 'scan': read by a scanner (focus stays for the next code). */
  onAdd: (product: ProductOption, source: 'search' | 'scan') => void;
  /** What happened with the last product (announced politely to screen readers). */
  status: string;
}

/** Adds products to the shipment: a name search (accent-insensitive) and a field for a barcode scanner. */
export function ItemPicker({ onAdd, status }: ItemPickerProps) {
  return (
    <div className="grid gap-3 md:grid-cols-[minmax(0,1fr)_16rem]">
      <ProductSearch onPick={(product) => onAdd(product, 'search')} />
      <BarcodeField onFound={(product) => onAdd(product, 'scan')} />
      <p role="status" aria-live="polite" className="text-sm text-muted-foreground md:col-span-2 empty:hidden">
        {status}
      </p>
    </div>
  );
}

/** Search a product by name (ARIA combobox: arrows move, Enter picks, Escape closes). */
function ProductSearch({ onPick }: { onPick: (product: ProductOption) => void }) {
  const id = useId();
  const listId = `${id}-list`;
  const [term, setTerm] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const debounced = useDebouncedValue(term, 250);
  const search = useProductSearch(debounced);
  const options = useMemo(() => rankProducts(search.data ?? [], debounced), [search.data, debounced]);
  const showList = open && debounced.trim().length >= 2 && term.trim().length >= 2;
  const activeIndex = Math.min(active, Math.max(options.length - 1, 0));

  const pick = (product: ProductOption) => {
    onPick(product);
    setTerm('');
    setOpen(false);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      setOpen(true);
      setActive(Math.min(activeIndex + 1, options.length - 1));
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      setActive(Math.max(activeIndex - 1, 0));
    } else if (event.key === 'Enter') {
      // Enter never submits the form from here.
      event.preventDefault();
      const option = showList ? options[activeIndex] : undefined;
      if (option) pick(option);
    } else if (event.key === 'Escape' && open) {
      event.preventDefault();
      setOpen(false);
    }
  };

  return (
    <div className="grid content-start gap-1.5">
      <Label htmlFor={id}>Buscar produto pelo nome</Label>
      <div className="relative">
        <Search aria-hidden="true" className="pointer-events-none absolute top-2.5 left-2.5 size-4 text-muted-foreground" />
        <Input
          id={id}
          role="combobox"
          className="pl-8"
          aria-expanded={showList}
          aria-controls={listId}
          aria-autocomplete="list"
          aria-activedescendant={showList && options[activeIndex] ? `${id}-opt-${activeIndex}` : undefined}
          autoComplete="off"
          placeholder="Digite ao menos 2 letras (ex.: dipirona)"
          value={term}
          onChange={(event) => {
            setTerm(event.target.value);
            setOpen(true);
            setActive(0);
          }}
          onKeyDown={onKeyDown}
          onFocus={() => setOpen(true)}
          onBlur={() => window.setTimeout(() => setOpen(false), 150)}
        />
        {showList ? (
          <ul
            id={listId}
            role="listbox"
            aria-label="Produtos encontrados"
            className="absolute top-full z-30 mt-1 max-h-72 w-full overflow-y-auto rounded-md border bg-popover p-1 text-popover-foreground shadow-md"
          >
            {search.isError ? (
              <li className="px-2 py-1.5 text-sm text-destructive">{shipmentMessages.productLookupError}</li>
            ) : search.isFetching && options.length === 0 ? (
              <li className="flex items-center gap-2 px-2 py-1.5 text-sm text-muted-foreground">
                <Spinner className="size-3.5" label="Buscando..." /> Buscando...
              </li>
            ) : options.length === 0 ? (
              <li className="px-2 py-1.5 text-sm text-muted-foreground">Nenhum produto encontrado.</li>
            ) : (
              options.map((product, index) => (
                <li
                  key={product.id}
                  id={`${id}-opt-${index}`}
                  role="option"
                  aria-selected={index === activeIndex}
                  className={cn('cursor-pointer rounded-sm px-2 py-1.5 text-sm', index === activeIndex && 'bg-accent text-accent-foreground')}
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
    </div>
  );
}

/**
 * The scanner's field: a USB scanner types the EAN and Enter. An exact match on the catalogue's
 * barcode adds the product (a second scan adds one more); an unknown code says so and stays
 * selected, so the next scan replaces it.
 */
function BarcodeField({ onFound }: { onFound: (product: ProductOption) => void }) {
  const id = useId();
  const messageId = `${id}-message`;
  const queryClient = useQueryClient();
  const inputRef = useRef<HTMLInputElement>(null);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [looking, setLooking] = useState(false);

  const lookUp = async () => {
    const ean = cleanScannedCode(code);
    if (!ean) return;
    setLooking(true);
    setError(null);
    try {
      const product = await queryClient.fetchQuery(productByBarcodeQueryOptions(ean));
      if (product) {
        onFound(product);
        setCode('');
      } else {
        setError(shipmentMessages.productNotFound(ean));
        inputRef.current?.select();
      }
    } catch {
      setError(shipmentMessages.productLookupError);
    } finally {
      setLooking(false);
    }
  };

  return (
    <div className="grid content-start gap-1.5">
      <Label htmlFor={id}>Código de barras (leitor)</Label>
      <div className="relative">
        <Barcode aria-hidden="true" className="pointer-events-none absolute top-2.5 left-2.5 size-4 text-muted-foreground" />
        <Input
          ref={inputRef}
          id={id}
          className="pl-8 font-mono placeholder:font-sans"
          inputMode="numeric"
          autoComplete="off"
          placeholder="Escaneie e tecle Enter"
          value={code}
          aria-invalid={error ? true : undefined}
          aria-describedby={messageId}
          onChange={(event) => {
            setCode(event.target.value);
            if (error) setError(null);
          }}
          onKeyDown={(event) => {
            if (event.key !== 'Enter') return;
            event.preventDefault();
            if (!looking) void lookUp();
          }}
        />
        {looking ? (
          <span className="absolute top-2 right-2.5">
            <Spinner className="size-4" label="Buscando produto..." />
          </span>
        ) : null}
      </div>
      <p id={messageId} className={cn('text-xs', error ? 'text-sm text-destructive' : 'text-muted-foreground')} role={error ? 'alert' : undefined}>
        {error ?? 'Ler o mesmo código de novo soma 1 à quantidade.'}
      </p>
    </div>
  );
}
