import { Button } from '@/components/ui/button';
import { formatNumber } from '@/lib/dates';

/** "Mostrando 1–25 de 130" with Anterior / Próxima, for lists paged in the database. */
export function Pager({ page, pageSize, total, empty, onPage }: { page: number; pageSize: number; total: number; empty: string; onPage: (page: number) => void }) {
  const first = page * pageSize;
  return (
    <div className="flex flex-wrap items-center justify-between gap-2 text-sm text-muted-foreground">
      <span aria-live="polite">{total === 0 ? empty : `Mostrando ${formatNumber(first + 1)}–${formatNumber(Math.min(first + pageSize, total))} de ${formatNumber(total)}`}</span>
      <div className="flex gap-2">
        <Button variant="outline" size="sm" disabled={page === 0} onClick={() => onPage(page - 1)}>
          Anterior
        </Button>
        <Button variant="outline" size="sm" disabled={first + pageSize >= total} onClick={() => onPage(page + 1)}>
          Próxima
        </Button>
      </div>
    </div>
  );
}
