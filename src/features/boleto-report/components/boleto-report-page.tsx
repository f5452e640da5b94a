import { Inbox, Printer, TriangleAlert } from 'lucide-react';
import { useCallback, useEffect, useState } from 'react';
import { flushSync } from 'react-dom';
import { Button } from '@/components/ui/button';
import { LoadError } from '@/components/ui/load-error';
import { Skeleton } from '@/components/ui/skeleton';
import { toast } from '@/components/ui/use-toast';
import { preloadable } from '@/lib/preloadable';
import { formatCurrency, formatDateTime, formatDay, toAppDateString } from '@/lib/dates';
import { downloadSpreadsheet, type ExportFormat } from '@/lib/spreadsheet/write';
import { cn } from '@/lib/utils';
import { useBoletosReport } from '@/features/boleto-report/api/get-boletos-report';
import { useReportSuppliers } from '@/features/boleto-report/api/get-report-suppliers';
import { useReportUnits } from '@/features/boleto-report/api/get-report-units';
import { DuplicateCodes } from '@/features/boleto-report/components/duplicate-codes';
import { ReportFiltersBar } from '@/features/boleto-report/components/report-filters';
import { ReportTableCard } from '@/features/boleto-report/components/report-table';
import { SummaryCards } from '@/features/boleto-report/components/summary-cards';
import { TimelineLegend } from '@/features/boleto-report/components/timeline-legend';
import {
  countLabel,
  describeFilters,
  effectivePeriod,
  exportFileName,
  isEmptyReport,
  periodError,
  reportExport,
  reportTable,
  timelineBars,
  timelineSummary,
  type ReportTable,
} from '@/features/boleto-report/logic';
import { boletoReportErrorMessage, boletoReportMessages } from '@/features/boleto-report/messages';
import type { BoletoReport, Option, ReportFilters, ReportTableKind, UnitScope } from '@/features/boleto-report/types';

// recharts is loaded with the chart only: the page paints (cards, tables) without waiting for it, and the
// page starts fetching it once mounted, alongside the report's call.
const DueTimelineChart = preloadable(() => import('@/features/boleto-report/components/due-timeline-chart').then((module) => module.default), {
  fallback: <Skeleton className="h-64 sm:h-72" aria-hidden="true" />,
});

/**
 * Paper: A4 landscape, no sidebar, header, filters or buttons; the theme's light colours even when
 * the screen is dark; tables at full width in a smaller type; the chart scaled to the page.
 */
const PRINT_CSS = `@media print {
  @page { size: A4 landscape; margin: 10mm; }
  html.dark {
    color-scheme: light;
    --background: oklch(1 0 0); --foreground: oklch(0.2 0.02 240);
    --card: oklch(1 0 0); --card-foreground: oklch(0.2 0.02 240);
    --popover: oklch(1 0 0); --popover-foreground: oklch(0.2 0.02 240);
    --primary: oklch(0.5 0.1 185); --muted: oklch(0.955 0.006 220); --muted-foreground: oklch(0.48 0.02 240);
    --accent: oklch(0.94 0.025 185); --destructive: oklch(0.56 0.21 27); --warning-foreground: oklch(0.42 0.09 70);
    --border: oklch(0.91 0.008 220);
  }
  body { background: #fff !important; }
  [data-slot="sidebar"], [data-slot="sidebar-inset"] > header, [data-slot="sidebar-gap"] { display: none !important; }
  [data-slot="sidebar-inset"] > div { padding: 0 !important; }
  .boleto-report-page { gap: 0.75rem !important; font-size: 10pt; }
  .boleto-report-page [data-slot="table-container"] { overflow: visible !important; }
  .boleto-report-page table { font-size: 7.5pt; }
  .boleto-report-page th, .boleto-report-page td { padding: 2px 4px !important; height: auto !important; position: static !important; }
  .boleto-report-page th, .boleto-report-page td span { font-size: inherit !important; }
  .boleto-report-page td span + span { font-size: 0.85em; }
  /* The chart keeps the width it had on screen unless the browser re-measures it: its SVG scales to the page instead. */
  .boleto-report-chart, .boleto-report-chart .recharts-responsive-container, .boleto-report-chart .recharts-responsive-container > div,
  .boleto-report-chart .recharts-wrapper { width: 100% !important; height: auto !important; }
  .boleto-report-chart .recharts-surface { width: 100% !important; height: auto !important; max-height: 70mm; }
  .boleto-report-page .opacity-60 { opacity: 1 !important; }
}`;

interface BoletoReportPageProps {
  title: string;
  filters: ReportFilters;
  onFiltersChange: (next: ReportFilters) => void;
  unitScope: UnitScope;
}

/** /relatorio-boletos: the payables report (one RPC), its calendar, tables, exports and print view. */
export function BoletoReportPage({ title, filters, onFiltersChange, unitScope }: BoletoReportPageProps) {
  const units = useReportUnits(unitScope);
  const suppliers = useReportSuppliers();
  // The browser's day only spares the database a period it would refuse (it checks again, with its own today);
  // the default period shown in the fields is the database's once the report arrived.
  const [browserToday] = useState(() => toAppDateString(new Date()));
  const invalidPeriod = periodError(filters, browserToday);
  const report = useBoletosReport(filters, invalidPeriod === null);
  const data = report.data;
  const today = data?.today || browserToday;
  const period = effectivePeriod(filters, today);
  const printedAt = usePrintTime();
  const [exporting, setExporting] = useState<{ kind: ReportTableKind; format: ExportFormat } | null>(null);
  const [chartShown, setChartShown] = useState(false);
  const onChartShown = useCallback(() => setChartShown(true), []);

  useEffect(() => {
    void DueTimelineChart.preload().catch(() => undefined); // a failed prefetch is tried again when the chart mounts
  }, []);

  const nameOf = (options: readonly Option[] | undefined, id: string | null) => (id ? (options?.find((option) => option.id === id)?.name ?? '—') : null);
  const filterNames = { unit: nameOf(units.data, filters.unitId), supplier: nameOf(suppliers.data, filters.supplierId) };

  const exportTable = async (table: ReportTable, format: ExportFormat) => {
    if (!data) return;
    setExporting({ kind: table.kind, format });
    try {
      await downloadSpreadsheet(reportExport(table, data, filterNames, new Date()), exportFileName(table.kind, data.today, format), format);
    } catch {
      toast({ title: boletoReportMessages.exportError, variant: 'destructive' });
    } finally {
      setExporting(null);
    }
  };

  // For tests and the bench: 'ready' once the figures, the tables and the chart are on screen.
  const state = invalidPeriod
    ? 'invalid'
    : report.isError
      ? 'error'
      : !data || report.isPlaceholderData
        ? 'loading'
        : isEmptyReport(data)
          ? 'empty'
          : timelineSummary(data).count > 0 && !chartShown
            ? 'loading'
            : 'ready';

  return (
    <div data-testid="boleto-report" data-state={state} className="boleto-report-page grid gap-6">
      <style>{PRINT_CSS}</style>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h1 className="text-2xl font-semibold tracking-tight">{title}</h1>
          <p className="text-sm text-muted-foreground print:hidden">{boletoReportMessages.subtitle}</p>
        </div>
        <Button variant="outline" className="print:hidden" disabled={!data || report.isError} onClick={() => window.print()}>
          <Printer aria-hidden="true" /> Imprimir
        </Button>
      </div>

      <dl aria-label="Filtros impressos" className="hidden flex-wrap gap-x-6 gap-y-1 border-b pb-2 text-xs print:flex">
        {describeFilters({ today, paidFrom: period.from, paidTo: period.to }, filterNames).map((item) => (
          <div key={item.label} className="flex gap-1">
            <dt className="text-muted-foreground">{item.label}:</dt>
            <dd className="font-medium">{item.value}</dd>
          </div>
        ))}
        <div className="flex gap-1">
          <dt className="text-muted-foreground">Gerado em:</dt>
          <dd className="font-medium">{formatDateTime(printedAt)} (horário de Brasília)</dd>
        </div>
      </dl>

      {units.isError || suppliers.isError ? (
        <div className="print:hidden">
          <LoadError
            message={boletoReportMessages.optionsError}
            detail={boletoReportErrorMessage(units.error ?? suppliers.error)}
            onRetry={() => {
              if (units.isError) void units.refetch();
              if (suppliers.isError) void suppliers.refetch();
            }}
          />
        </div>
      ) : null}

      <ReportFiltersBar
        filters={filters}
        period={period}
        periodError={invalidPeriod}
        units={units.data}
        suppliers={suppliers.data}
        onChange={onFiltersChange}
      />

      {invalidPeriod ? (
        <Notice icon={TriangleAlert} title={boletoReportMessages.periodFix} />
      ) : report.isError ? (
        <LoadError message={boletoReportMessages.loadError} detail={boletoReportErrorMessage(report.error)} onRetry={() => void report.refetch()} />
      ) : !data ? (
        <ReportSkeleton />
      ) : (
        <div aria-busy={report.isPlaceholderData} className={cn('grid gap-6 transition-opacity', report.isPlaceholderData && 'opacity-60')}>
          {report.isPlaceholderData ? (
            <p role="status" className="sr-only">
              {boletoReportMessages.updating}
            </p>
          ) : null}
          {isEmptyReport(data) ? (
            <Notice icon={Inbox} title={boletoReportMessages.empty} hint={boletoReportMessages.emptyHint} />
          ) : (
            <>
              <DuplicateCodes codes={data.duplicateCodes} />
              <SummaryCards report={data} filters={filters} />
              <DueCalendar report={data} onChartShown={onChartShown} />
              {(['unit', 'supplier'] as const).map((kind) => {
                const table = reportTable(kind, data);
                return (
                  <ReportTableCard
                    key={kind}
                    table={table}
                    exporting={exporting?.kind === kind ? exporting.format : null}
                    onExport={(format) => void exportTable(table, format)}
                  />
                );
              })}
              <p className="text-xs text-muted-foreground">
                “30 dias” inclui os vencimentos dos próximos 7 dias; nenhum dos dois inclui o que vence hoje. Vencidos, hoje, 30 dias e após 30 dias
                somam o total pendente. “Pago no período” soma os pagamentos
                de {formatDay(data.paidFrom)} a {formatDay(data.paidTo)}.
              </p>
            </>
          )}
        </div>
      )}
    </div>
  );
}

/** The moment the page was printed (updated by the browser's beforeprint, Ctrl+P included). */
function usePrintTime(): Date {
  const [printedAt, setPrintedAt] = useState(() => new Date());
  useEffect(() => {
    const update = () => flushSync(() => setPrintedAt(new Date()));
    window.addEventListener('beforeprint', update);
    return () => window.removeEventListener('beforeprint', update);
  }, []);
  return printedAt;
}

function DueCalendar({ report, onChartShown }: { report: BoletoReport; onChartShown: () => void }) {
  const summary = timelineSummary(report);
  return (
    <section aria-labelledby="boleto-report-calendar" className="grid gap-3 rounded-xl border bg-card p-4 shadow-sm print:break-inside-avoid">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="grid gap-0.5">
          <h2 id="boleto-report-calendar" className="text-base font-semibold">
            Calendário de vencimentos
          </h2>
          <p className="text-xs text-muted-foreground">
            Valor pendente por dia de vencimento
            {summary.from && summary.to ? `, de ${formatDay(summary.from)} a ${formatDay(summary.to)}` : ''}: {formatCurrency(summary.amount)} (
            {countLabel(summary.count).toLowerCase()}).
            {summary.outsideCount > 0
              ? ` Fora do gráfico: ${formatCurrency(summary.outsideAmount)} (${countLabel(summary.outsideCount).toLowerCase()}) vencidos há mais de 30 dias ou com vencimento depois de ${summary.to ? formatDay(summary.to) : 'o período'}.`
              : ''}
          </p>
        </div>
        <TimelineLegend />
      </div>
      {summary.count === 0 ? (
        <p className="py-8 text-center text-sm text-muted-foreground">{boletoReportMessages.noPendingInWindow}</p>
      ) : (
        <DueTimelineChart bars={timelineBars(report.timeline, report.today)} today={report.today} onShown={onChartShown} />
      )}
    </section>
  );
}

function Notice({ icon: Icon, title, hint }: { icon: typeof Inbox; title: string; hint?: string }) {
  return (
    <div role="status" className="flex flex-col items-center gap-2 rounded-xl border bg-card px-6 py-12 text-center shadow-sm">
      <Icon aria-hidden="true" className="size-8 text-muted-foreground" />
      <p className="font-medium">{title}</p>
      {hint ? <p className="text-sm text-muted-foreground">{hint}</p> : null}
    </div>
  );
}

function ReportSkeleton() {
  return (
    <div role="status" aria-label="Carregando relatório..." className="grid gap-6">
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {Array.from({ length: 3 }, (_, index) => (
          <Skeleton key={index} className="h-32" />
        ))}
        <Skeleton className="h-44 sm:col-span-2" />
        <Skeleton className="h-44" />
      </div>
      <Skeleton className="h-80" />
      <Skeleton className="h-56" />
      <Skeleton className="h-72" />
    </div>
  );
}
