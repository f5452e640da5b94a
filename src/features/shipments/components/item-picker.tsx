import { useQueryClient } from '@tanstack/react-query';
import { Barcode, Search } from 'lucide-react';
import { useId, useMemo, useRef, useState } from 'react';
import { Combobox } from '@/components/ui/combobox';
import { Field } from '@/components/ui/field';
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

/** Search a product by name (the shared combobox, fed by this feature's accent-insensitive search). */
function ProductSearch({ onPick }: { onPick: (product: ProductOption) => void }) {
  const [term, setTerm] = useState('');
  const debounced = useDebouncedValue(term, 250);
  const search = useProductSearch(debounced);
  const options = useMemo(
    () => rankProducts(search.data ?? [], debounced).map((product) => ({ id: product.id, label: product.name, description: product.barcode, product })),
    [search.data, debounced],
  );

  return (
    <Field label="Buscar produto pelo nome" className="content-start gap-1.5">
      <Combobox
        options={options}
        onChange={(option) => {
          if (option) onPick(option.product);
        }}
        onSearch={setTerm}
        loading={search.isFetching || term.trim() !== debounced.trim()}
        errorText={search.isError ? shipmentMessages.productLookupError : null}
        minSearchLength={2}
        placeholder="Digite ao menos 2 letras (ex.: dipirona)"
        emptyText="Nenhum produto encontrado."
        listLabel="Produtos encontrados"
        descriptionClassName="font-mono"
        startIcon={<Search aria-hidden="true" />}
      />
    </Field>
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
