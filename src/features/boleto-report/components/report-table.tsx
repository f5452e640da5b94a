import { ChevronDown, ChevronUp, Download } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { formatCount, formatCurrency } from '@/lib/dates';
import type { ExportFormat } from '@/lib/spreadsheet/write';
import { cn } from '@/lib/utils';
import { countLabel, TABLE_MEASURES, TOTAL_ROW_LABEL, type ReportTable } from '@/features/boleto-report/logic';
import type { Measure, MeasureKey, Measures } from '@/features/boleto-report/types';

/** Lines shown before 'Mostrar todos' (printing always shows every line). */
const COLLAPSED_LINES = 15;

const OVERDUE_KEYS: readonly MeasureKey[] = ['overdue_1_7', 'overdue_8_30', 'overdue_over_30', 'overdue'];

/** The second header row, under 'A vencer' and 'Vencidos'. */
const SUB_HEADERS: { key: MeasureKey; label: string; title: string }[] = [
  { key: 'due_today', label: 'Hoje', title: 'Vence hoje' },
  { key: 'next_7', label: '7 dias', title: 'Vence nos próximos 7 dias (sem hoje)' },
  { key: 'next_30', label: '30 dias', title: 'Vence nos próximos 30 dias (sem hoje; inclui os 7 dias)' },
  { key: 'after_30', label: 'Após 30 dias', title: 'Vence depois dos próximos 30 dias' },
  { key: 'overdue_1_7', label: '1–7 dias', title: 'Vencidos há 1 a 7 dias' },
  { key: 'overdue_8_30', label: '8–30 dias', title: 'Vencidos há 8 a 30 dias' },
  { key: 'overdue_over_30', label: '> 30 dias', title: 'Vencidos há mais de 30 dias' },
  { key: 'overdue', label: 'Total', title: 'Total vencido' },
];

interface ReportTableCardProps {
  table: ReportTable;
  exporting: ExportFormat | null;
  onExport: (format: ExportFormat) => void;
}

/** 'Por unidade' / 'Por fornecedor': the measures per line, and a totals row equal to the cards. */
export function ReportTableCard({ table, exporting, onExport }: ReportTableCardProps) {
  const [expanded, setExpanded] = useState(false);
  const headingId = `boleto-report-table-${table.kind}`;
  const collapsible = table.lines.length > COLLAPSED_LINES;
  return (
    <section aria-labelledby={headingId} className="grid gap-3 rounded-xl border bg-card py-4 shadow-sm print:break-inside-auto print:border-0 print:py-2 print:shadow-none">
      <div className="flex flex-wrap items-center justify-between gap-2 px-4 print:px-1">
        <div>
          <h2 id={headingId} className="text-base font-semibold">
            {table.title}
          </h2>
          <p className="text-xs text-muted-foreground">
            {formatCount(table.lines.length, 'linha', 'linhas')}
            {table.kind === 'supplier' ? ', do maior para o menor valor pendente' : ''}
          </p>
        </div>
        <div className="flex gap-2 print:hidden">
          <Button variant="outline" size="sm" disabled={exporting !== null} onClick={() => onExport('csv')} aria-label={`Exportar ${table.title.toLowerCase()} em CSV`}>
            <Download aria-hidden="true" /> CSV
          </Button>
          <Button variant="outline" size="sm" disabled={exporting !== null} onClick={() => onExport('xlsx')} aria-label={`Exportar ${table.title.toLowerCase()} em XLSX`}>
            <Download aria-hidden="true" /> XLSX
          </Button>
        </div>
      </div>
      <Table aria-labelledby={headingId} className="text-[13px]">
        <TableHeader>
          <TableRow className="hover:bg-transparent">
            <TableHead rowSpan={2} scope="col" className="sticky left-0 z-[1] bg-card pl-4 align-bottom whitespace-normal">
              {table.nameHeader}
            </TableHead>
            <TableHead colSpan={4} scope="colgroup" className="h-8 border-l text-center text-xs text-muted-foreground">
              A vencer
            </TableHead>
            <TableHead colSpan={4} scope="colgroup" className="h-8 border-l text-center text-xs text-muted-foreground">
              Vencidos
            </TableHead>
            <TableHead rowSpan={2} scope="col" className="border-l px-1.5 text-right align-bottom whitespace-normal">
              Total pendente
            </TableHead>
            <TableHead rowSpan={2} scope="col" className="border-l pr-4 pl-1.5 text-right align-bottom whitespace-normal">
              Pago no período
            </TableHead>
          </TableRow>
          <TableRow className="hover:bg-transparent">
            {SUB_HEADERS.map((header) => (
              <TableHead key={header.key} scope="col" title={header.title} className={cn('h-8 px-1.5 text-right', (header.key === 'due_today' || header.key === 'overdue_1_7') && 'border-l')}>
                <span aria-hidden="true">{header.label}</span>
                <span className="sr-only">{header.title}</span>
              </TableHead>
            ))}
          </TableRow>
        </TableHeader>
        <TableBody>
          {table.lines.map((line, index) => (
            <TableRow key={line.key} className={cn(collapsible && !expanded && index >= COLLAPSED_LINES && 'hidden print:table-row')}>
              <TableCell className="sticky left-0 z-[1] min-w-36 bg-card pl-4 font-medium whitespace-normal [overflow-wrap:anywhere]">
                {line.name}
              </TableCell>
              <MeasureCells measures={line.measures} />
            </TableRow>
          ))}
        </TableBody>
        <tfoot className="border-t-2 bg-muted/40 font-semibold">
          <TableRow className="hover:bg-transparent">
            <TableHead scope="row" className="sticky left-0 z-[1] bg-card pl-4">
              {TOTAL_ROW_LABEL}
            </TableHead>
            <MeasureCells measures={table.totals} />
          </TableRow>
        </tfoot>
      </Table>
      {collapsible ? (
        <div className="px-4 print:hidden">
          <Button variant="ghost" size="sm" aria-expanded={expanded} onClick={() => setExpanded(!expanded)}>
            {expanded ? <ChevronUp aria-hidden="true" /> : <ChevronDown aria-hidden="true" />}
            {expanded ? `Mostrar só os ${COLLAPSED_LINES} primeiros` : `Mostrar todos (${table.lines.length})`}
          </Button>
        </div>
      ) : null}
    </section>
  );
}

const GROUP_START: ReadonlySet<MeasureKey> = new Set(['due_today', 'overdue_1_7', 'pending', 'paid']);

function MeasureCells({ measures }: { measures: Measures }) {
  return TABLE_MEASURES.map((key) => <MeasureCell key={key} measure={measures[key]} danger={OVERDUE_KEYS.includes(key)} groupStart={GROUP_START.has(key)} last={key === 'paid'} />);
}

function MeasureCell({ measure, danger, groupStart, last }: { measure: Measure; danger: boolean; groupStart: boolean; last: boolean }) {
  return (
    <TableCell className={cn('px-1.5 text-right align-top tabular-nums', groupStart && 'border-l', last && 'pr-4')}>
      {measure.count === 0 && measure.amount === 0 ? (
        <>
          <span aria-hidden="true" className="text-muted-foreground">
            —
          </span>
          <span className="sr-only">{formatCurrency(0)}</span>
        </>
      ) : (
        <>
          <span className={cn('block', danger && 'text-destructive')}>{formatCurrency(measure.amount)}</span>
          <span className="block text-xs font-normal text-muted-foreground">{countLabel(measure.count)}</span>
        </>
      )}
    </TableCell>
  );
}
