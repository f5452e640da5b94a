import { ChevronDown, ChevronUp, Download, LoaderCircle } from 'lucide-react';
import { useId, useState, type ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { toast } from '@/components/ui/use-toast';
import { usePrinting } from '@/hooks/use-printing';
import { formatFileStamp, formatNumber } from '@/lib/dates';
import { downloadSpreadsheet, type ExportFormat } from '@/lib/spreadsheet/write';
import { cn } from '@/lib/utils';
import { EmptyState, DEFAULT_EMPTY_TEXT } from '@/features/analytics/components/shared/chart-card';
import { InfoTip } from '@/features/analytics/components/shared/info-tip';
import { analyticsMessages } from '@/features/analytics/messages';
import {
  formatCellValue,
  NUMERIC_KINDS as NUMERIC,
  tableExportRows,
  TOTAL_LABEL,
  type AnalysisColumn,
  type CellValue,
  type TableExport,
} from '@/features/analytics/components/shared/table-cells';

export type { AnalysisColumn, CellValue, ColumnKind, TableExport } from '@/features/analytics/components/shared/table-cells';

interface AnalysisTableProps<Row> {
  title: string;
  description?: ReactNode;
  columns: readonly AnalysisColumn<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row) => string;
  /** The totals row, by column key (the first column reads 'Total' unless given): the screen's figures. */
  totals?: Readonly<Record<string, CellValue>> | null;
  /** Exports 'Exportar CSV' and 'Exportar XLSX' with the same rows and totals; omitted: no export buttons. */
  exportAs?: TableExport;
  emptyText?: string;
  /**
   * Lines drawn before 'Mostrar todas' (printing and exports have every line, see `more` for a longer list). Only
   * these are rendered: a period's 1,000 items of 16 columns drawn at once cost the screen most of its first second.
   */
  collapsedRows?: number;
  /** Without its own card frame and heading (inside a ChartCard's 'Tabela' view). */
  bare?: boolean;
  /**
   * `rows` are the first lines of a longer list of `total` lines: 'Mostrar todas' and the exports first load the
   * whole list with `loadAll` (once; other rows, i.e. other filters, start over). Printing prints the lines loaded.
   */
  more?: { total: number; loadAll: () => Promise<readonly Row[]> };
}

/** A table of an analysis with pt-BR figures, a totals row and its CSV / XLSX export. */
export function AnalysisTable<Row>({ title, description, columns, rows, rowKey, totals, exportAs, emptyText = DEFAULT_EMPTY_TEXT, collapsedRows = 50, bare = false, more }: AnalysisTableProps<Row>) {
  const headingId = useId();
  // A longer list stays expanded for the rows whose rest it loaded (other filters collapse it); a whole list, always.
  const [expansion, setExpansion] = useState<{ rows: readonly Row[] } | null>(null);
  const expanded = expansion !== null && (more === undefined || expansion.rows === rows);
  const [exporting, setExporting] = useState<ExportFormat | null>(null);
  const [loadingAll, setLoadingAll] = useState(false);
  // The whole list, for the rows it was loaded for (new rows, from other filters, leave it behind).
  const [loaded, setLoaded] = useState<{ from: readonly Row[]; rows: readonly Row[] } | null>(null);
  const printing = usePrinting();
  const allRows = loaded?.from === rows ? loaded.rows : rows;
  const needsLoad = more !== undefined && loaded?.from !== rows && rows.length < more.total;
  const lineCount = needsLoad ? more.total : allRows.length;
  const collapsible = lineCount > collapsedRows;
  const shownRows = collapsible && !expanded && !printing ? allRows.slice(0, collapsedRows) : allRows;

  const loadAll = async (): Promise<readonly Row[]> => {
    if (!needsLoad) return allRows;
    const whole = await more.loadAll();
    setLoaded({ from: rows, rows: whole });
    return whole;
  };

  const toggle = async () => {
    if (expanded || !needsLoad) {
      setExpansion(expanded ? null : { rows });
      return;
    }
    setLoadingAll(true);
    try {
      await loadAll();
      setExpansion({ rows });
    } catch {
      toast({ title: analyticsMessages.loadAllError, variant: 'destructive' });
    } finally {
      setLoadingAll(false);
    }
  };

  const exportTable = async (format: ExportFormat) => {
    if (!exportAs) return;
    setExporting(format);
    try {
      const body = tableExportRows(columns, await loadAll(), totals);
      const generatedAt = new Date();
      await downloadSpreadsheet(
        { title: exportAs.title, details: exportAs.details, generatedAt, ...body, sheetName: title },
        `${exportAs.fileName}-${formatFileStamp(generatedAt)}`,
        format,
      );
    } catch {
      toast({ title: analyticsMessages.exportError, variant: 'destructive' });
    } finally {
      setExporting(null);
    }
  };

  const table = (
    <Table aria-labelledby={bare ? undefined : headingId} aria-label={bare ? title : undefined} className="text-[13px]">
      <TableHeader>
        <TableRow className="hover:bg-transparent">
          {columns.map((column, index) => (
            <TableHead key={column.key} scope="col" className={cn('whitespace-normal', NUMERIC.has(column.kind) && 'text-right', index === 0 && 'pl-4')}>
              <span className={cn('inline-flex items-center gap-1', NUMERIC.has(column.kind) && 'justify-end')}>
                {column.header}
                <InfoTip subject={column.header} hint={column.hint} grain={column.grain} />
              </span>
            </TableHead>
          ))}
        </TableRow>
      </TableHeader>
      <TableBody>
        {shownRows.map((row) => (
          <TableRow key={rowKey(row)}>
            {columns.map((column, index) => (
              <TableCell key={column.key} className={cn('align-top', NUMERIC.has(column.kind) && 'text-right tabular-nums', index === 0 && 'pl-4 font-medium whitespace-normal')}>
                {column.render ? column.render(row) : formatCellValue(column.kind, column.value(row))}
              </TableCell>
            ))}
          </TableRow>
        ))}
      </TableBody>
      {totals ? (
        <tfoot className="border-t-2 bg-muted/40 font-semibold" data-testid="analysis-table-totals">
          <TableRow className="hover:bg-transparent">
            {columns.map((column, index) => {
              const value = totals[column.key];
              const text = value === undefined ? (index === 0 ? TOTAL_LABEL : '') : formatCellValue(column.kind, value);
              return index === 0 ? (
                <TableHead key={column.key} scope="row" className="pl-4">
                  {text}
                </TableHead>
              ) : (
                <TableCell key={column.key} className={cn(NUMERIC.has(column.kind) && 'text-right tabular-nums')}>
                  {text}
                </TableCell>
              );
            })}
          </TableRow>
        </tfoot>
      ) : null}
    </Table>
  );

  const body =
    rows.length === 0 ? (
      <EmptyState text={emptyText} />
    ) : (
      <>
        {table}
        {collapsible ? (
          <div className="px-4 print:hidden">
            <Button type="button" variant="ghost" size="sm" aria-expanded={expanded} disabled={loadingAll} onClick={() => void toggle()}>
              {loadingAll ? <LoaderCircle aria-hidden="true" className="animate-spin" /> : expanded ? <ChevronUp aria-hidden="true" /> : <ChevronDown aria-hidden="true" />}
              {expanded ? `Mostrar só as ${formatNumber(collapsedRows)} primeiras linhas` : `Mostrar todas (${formatNumber(lineCount)})`}
            </Button>
          </div>
        ) : null}
        {needsLoad ? <p className="hidden px-4 text-xs text-muted-foreground print:block">{analyticsMessages.printedFirstLines(formatNumber(allRows.length), formatNumber(lineCount))}</p> : null}
      </>
    );

  const exportButtons = exportAs ? (
    <div className="flex gap-2 print:hidden">
      <Button type="button" variant="outline" size="sm" disabled={exporting !== null || rows.length === 0} onClick={() => void exportTable('csv')} aria-label={`Exportar CSV: ${title}`}>
        <Download aria-hidden="true" /> Exportar CSV
      </Button>
      <Button type="button" variant="outline" size="sm" disabled={exporting !== null || rows.length === 0} onClick={() => void exportTable('xlsx')} aria-label={`Exportar XLSX: ${title}`}>
        <Download aria-hidden="true" /> Exportar XLSX
      </Button>
    </div>
  ) : null;

  if (bare) {
    return (
      <div className="grid gap-2">
        {exportButtons ? <div className="flex justify-end">{exportButtons}</div> : null}
        {body}
      </div>
    );
  }

  return (
    <section aria-labelledby={headingId} className="grid min-w-0 gap-3 rounded-xl border bg-card py-4 shadow-sm print:border-0 print:shadow-none">
      <div className="flex flex-wrap items-center justify-between gap-2 px-4">
        <div>
          <h2 id={headingId} className="text-base font-semibold">
            {title}
          </h2>
          {description ? <div className="text-xs text-muted-foreground">{description}</div> : null}
        </div>
        {exportButtons}
      </div>
      {body}
    </section>
  );
}
