import { ChevronLeft, ChevronRight } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { formatNumber } from '@/lib/dates';

/** "Mostrando 51–100 de 130" with Anterior / Próxima, for the list paged in the database. */
export function ListPager({ page, pageSize, total, onPage }: { page: number; pageSize: number; total: number; onPage: (page: number) => void }) {
  const first = page * pageSize;
  const pages = Math.max(1, Math.ceil(total / pageSize));
  if (total <= pageSize && page === 0) return null;
  return (
    <nav aria-label="Paginação" className="flex flex-wrap items-center justify-between gap-2 text-sm text-muted-foreground">
      <span aria-live="polite">
        {total === 0 ? 'Nenhum boleto' : `Mostrando ${formatNumber(Math.min(first + 1, total))}–${formatNumber(Math.min(first + pageSize, total))} de ${formatNumber(total)}`}
        <span className="hidden sm:inline">{` · página ${formatNumber(page + 1)} de ${formatNumber(pages)}`}</span>
      </span>
      <div className="flex gap-2">
        <Button variant="outline" size="sm" disabled={page === 0} onClick={() => onPage(page - 1)}>
          <ChevronLeft aria-hidden="true" /> Anterior
        </Button>
        <Button variant="outline" size="sm" disabled={first + pageSize >= total} onClick={() => onPage(page + 1)}>
          Próxima <ChevronRight aria-hidden="true" />
        </Button>
      </div>
    </nav>
  );
}
