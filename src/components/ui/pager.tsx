import { ChevronLeft, ChevronRight } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { formatNumber } from '@/lib/dates';

interface PagerProps {
  /** Zero-based. */
  page: number;
  pageSize: number;
  total: number;
  /** What the count says when nothing matches. */
  empty: string;
  onPage: (page: number) => void;
  /** Renders nothing when everything fits on the first page. */
  hideWhenSinglePage?: boolean;
}

/** "Mostrando 51–100 de 130 · página 2 de 3" with Anterior / Próxima, for lists paged in the database. */
export function Pager({ page, pageSize, total, empty, onPage, hideWhenSinglePage = false }: PagerProps) {
  const first = page * pageSize;
  const pages = Math.max(1, Math.ceil(total / pageSize));
  if (hideWhenSinglePage && total <= pageSize && page === 0) return null;
  return (
    <nav aria-label="Paginação" className="flex flex-wrap items-center justify-between gap-2 text-sm text-muted-foreground">
      <span aria-live="polite">
        {total === 0 ? empty : `Mostrando ${formatNumber(Math.min(first + 1, total))}–${formatNumber(Math.min(first + pageSize, total))} de ${formatNumber(total)}`}
        {total > 0 ? <span className="hidden sm:inline">{` · página ${formatNumber(page + 1)} de ${formatNumber(pages)}`}</span> : null}
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
