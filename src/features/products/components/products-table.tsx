import { useVirtualizer } from '@tanstack/react-virtual';
import { Pencil, Trash2 } from 'lucide-react';
import { useRef } from 'react';
import { Button } from '@/components/ui/button';
import { NO_GROUP_LABEL, type Product } from '@/features/products/types';

const ROW_HEIGHT = 48;
/**
 * Four columns from `sm` up; on a phone the name (with the barcode and group under it) and the actions, so the
 * page never scrolls sideways.
 */
const COLUMNS =
  'grid grid-cols-[minmax(0,1fr)_6rem] sm:grid-cols-[minmax(9rem,11rem)_minmax(12rem,1fr)_minmax(8rem,14rem)_6rem] items-center gap-2 px-3';
/** Cells a phone leaves out (their text is under the name there). */
const WIDE_ONLY = 'hidden sm:block';

interface ProductsTableProps {
  products: readonly Product[];
  /** The search the rows reflect (exposed as data-query, so a benchmark can tell when a keystroke is shown). */
  query: string;
  canManage: boolean;
  onEdit: (product: Product) => void;
  onDelete: (product: Product) => void;
}

/** The catalogue as an ARIA table whose rows are virtualised (only the visible ones are in the DOM). */
export function ProductsTable({ products, query, canManage, onEdit, onDelete }: ProductsTableProps) {
  const scrollRef = useRef<HTMLDivElement>(null);
  // eslint-disable-next-line react-hooks/incompatible-library -- TanStack Virtual returns fresh functions by design
  const virtualizer = useVirtualizer({
    count: products.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 12,
  });

  return (
    <div role="table" aria-label="Produtos" aria-rowcount={products.length + 1} data-query={query} className="rounded-lg border bg-card text-sm">
      <div role="rowgroup" className="border-b bg-muted/40">
        <div role="row" aria-rowindex={1} className={`${COLUMNS} h-10 font-medium`}>
          <span role="columnheader" className={WIDE_ONLY}>
            Código de barras
          </span>
          <span role="columnheader">Nome</span>
          <span role="columnheader" className={WIDE_ONLY}>
            Grupo
          </span>
          <span role="columnheader" className="text-right">
            {canManage ? 'Ações' : ''}
          </span>
        </div>
      </div>
      <div ref={scrollRef} role="rowgroup" className="h-[60vh] min-h-80 overflow-y-auto" tabIndex={-1}>
        <div className="relative w-full" style={{ height: virtualizer.getTotalSize() }}>
          {virtualizer.getVirtualItems().map((item) => {
            const product = products[item.index];
            if (!product) return null;
            return (
              // Keyed by position, not by product: a keystroke that changes which products fill the visible rows updates
              // those rows' text instead of removing and creating them (bench:catalog's keystroke figure).
              <div
                key={item.index}
                role="row"
                aria-rowindex={item.index + 2}
                className={`${COLUMNS} absolute inset-x-0 border-b hover:bg-muted/50`}
                style={{ height: ROW_HEIGHT, transform: `translateY(${item.start}px)` }}
              >
                <span role="cell" className={`${WIDE_ONLY} truncate font-mono text-xs tabular-nums`}>
                  {product.barcode ?? '—'}
                </span>
                <span role="cell" className="min-w-0" title={product.description ?? product.name}>
                  <span className="block truncate">{product.name}</span>
                  <span className="block truncate text-xs text-muted-foreground sm:hidden">
                    <span className="font-mono tabular-nums">{product.barcode ?? '—'}</span> · {product.groupName}
                  </span>
                </span>
                <span role="cell" className={`${WIDE_ONLY} truncate ${product.groupName === NO_GROUP_LABEL ? 'text-muted-foreground' : ''}`}>
                  {product.groupName}
                </span>
                <span role="cell" className="flex justify-end gap-1">
                  {canManage ? (
                    <>
                      <Button variant="ghost" size="icon" aria-label={`Editar ${product.name}`} onClick={() => onEdit(product)}>
                        <Pencil aria-hidden="true" />
                      </Button>
                      <Button
                        variant="ghost"
                        size="icon"
                        className="text-destructive hover:text-destructive"
                        aria-label={`Excluir ${product.name}`}
                        onClick={() => onDelete(product)}
                      >
                        <Trash2 aria-hidden="true" />
                      </Button>
                    </>
                  ) : null}
                </span>
              </div>
            );
          })}
        </div>
      </div>
    </div>
  );
}
