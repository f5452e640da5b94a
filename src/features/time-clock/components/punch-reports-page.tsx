import { BarChart3, Download, FileSearch, FileSpreadsheet, Inbox, Table2 } from 'lucide-react';
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { ChoiceSelect } from '@/components/ui/choice-select';
import { Combobox, type ComboboxOption } from '@/components/ui/combobox';
import { DateRangeFilter } from '@/components/ui/date-range-filter';
import { Label } from '@/components/ui/label';
import { LoadError } from '@/components/ui/load-error';
import { Skeleton } from '@/components/ui/skeleton';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { toast } from '@/components/ui/use-toast';
import { useUrlTab } from '@/hooks/use-url-tab';
import { preloadable } from '@/lib/preloadable';
import { addDays, formatCount, formatDateTime, formatDay, formatShortDay, toAppDateString } from '@/lib/dates';
import { downloadBlob, downloadSpreadsheet, type CellInput, type ExportFormat } from '@/lib/spreadsheet/write';
import { cn } from '@/lib/utils';
import { paths } from '@/config/paths';
import { useReportUnits } from '@/features/time-clock/api/get-punch-dashboard';
import { useTimeClockEmployees } from '@/features/time-clock/api/get-treatment-people';
import { useTimeReport } from '@/features/time-clock/api/get-time-report';
import { timeClockLoadErrorDetail, timeClockMessages } from '@/features/time-clock/messages';
import {
  currentMonthPeriod,
  formatFigure,
  hoursBars,
  isEmptyTimeReport,
  payrollMonth,
  REPORT_PARAMS,
  REPORT_TABS,
  reportExport,
  reportFileName,
  reportPeriodError,
  reportTable,
  totalsHeads,
  type HoursBar,
  type ReportNames,
  type ReportTab,
  type ReportTable,
  type ReportTableKind,
} from '@/features/time-clock/reports/report-view';
import type { ReportFigure, TimeReport } from '@/features/time-clock/reports/schemas';
import type { DailyPoint } from '@/features/time-clock/components/report-charts';

// recharts comes with the charts only: the cards and tables paint without waiting for it.
const loadCharts = () => import('@/features/time-clock/components/report-charts');
const chartFallback = <Skeleton className="h-64" aria-hidden="true" />;
const HoursBarChart = preloadable(() => loadCharts().then((module) => module.HoursBarChart), { fallback: chartFallback });
const DailyLineChart = preloadable(() => loadCharts().then((module) => module.DailyLineChart), { fallback: chartFallback });

/** Bars beyond these make a chart too tall to read: the table lists every line. */
const CHART_MAX_BARS = 30;

/** Figures that break a legal limit: shown in the warning colour when not zero. */
const FLAGGED: ReadonlySet<string> = new Set<ReportFigure>(['overtime_days_over_2h', 'absences', 'short_break_days', 'short_rest_days']);

/** The filters that survive a tab switch (the tab's own parameters are none). */
const KEPT_PARAMS = Object.values(REPORT_PARAMS);

function dayParam(params: URLSearchParams, name: string): string | null {
  const value = params.get(name);
  return value && /^\d{4}-\d{2}-\d{2}$/.test(value) ? value : null;
}

/**
 * /ponto/relatorios 'Relatórios de Ponto': the period's figures per employee, per unit and per day (get_time_report), with a
 * chart and its table view in each tab, a totals row, CSV/XLSX exports of every table and the payroll file. The filters and
 * the tab live in the URL (?de, ate, unidade, funcionario, aba), so a link opens the same report.
 */
/** The filters the detailed report shares with this one (its tabs are its own). */
function detailedSearch(params: URLSearchParams): string {
  const kept = new URLSearchParams();
  for (const key of Object.values(REPORT_PARAMS)) {
    const value = params.get(key);
    if (value) kept.set(key, value);
  }
  const search = kept.toString();
  return search ? `?${search}` : '';
}

export function PunchReportsPage({ title }: { title: string }) {
  const [params, setParams] = useSearchParams();
  const [tab, selectTab] = useUrlTab<ReportTab>(REPORT_TABS, 'por-funcionario', KEPT_PARAMS);
  const [browserToday] = useState(() => toAppDateString(new Date()));
  const defaults = currentMonthPeriod(browserToday);
  const period = { from: dayParam(params, REPORT_PARAMS.from) ?? defaults.from, to: dayParam(params, REPORT_PARAMS.to) ?? defaults.to };
  const periodError = reportPeriodError(period);
  const unitId = params.get(REPORT_PARAMS.unit) ?? '';
  const userId = params.get(REPORT_PARAMS.employee) ?? '';
  const units = useReportUnits();
  const employees = useTimeClockEmployees();
  const report = useTimeReport({ ...period, unitId, userId }, periodError === null);
  const data = report.data;

  const update = (changes: Record<string, string | null>) =>
    setParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        for (const [key, value] of Object.entries(changes)) {
          if (value === null || value === '') next.delete(key);
          else next.set(key, value);
        }
        return next;
      },
      { replace: true },
    );

  const unitName = units.data?.find((unit) => unit.id === unitId)?.name ?? null;
  const employeeName = employees.data?.find((employee) => employee.id === userId)?.name ?? null;
  const names: ReportNames = { unit: unitId ? (unitName ?? '—') : null, employee: userId ? (employeeName ?? '—') : null };

  const state = periodError ? 'invalid' : report.isError ? 'error' : !data || report.isPlaceholderData ? 'loading' : isEmptyTimeReport(data) ? 'empty' : 'ready';

  return (
    <div data-testid="punch-reports" data-state={state} className="grid min-w-0 gap-6">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h1 className="text-2xl font-semibold tracking-tight">{title}</h1>
          <p className="text-sm text-muted-foreground">
            Horas esperadas e trabalhadas, extras, faltas, atrasos, intervalos, interjornada, horas noturnas e banco de horas por funcionário, unidade e dia.
          </p>
        </div>
        {/* The same period, unit and employee, mark by mark (the detailed report is not in the menu, spec §2). */}
        <Button asChild variant="outline">
          <Link to={{ pathname: paths.punchDetailedReports, search: detailedSearch(params) }}>
            <FileSearch className="size-4" aria-hidden />
            Relatório detalhado
          </Link>
        </Button>
      </div>

      <ReportFilters
        period={period}
        defaults={defaults}
        periodError={periodError}
        unitId={unitId}
        userId={userId}
        units={units}
        employees={employees}
        onChange={update}
      />

      {periodError ? null : report.isError ? (
        <LoadError message={timeClockMessages.timeReportLoadError} detail={timeClockLoadErrorDetail(report.error)} onRetry={() => void report.refetch()} />
      ) : !data ? (
        <div role="status" aria-label="Carregando relatório..." className="grid gap-4">
          <Skeleton className="h-24" />
          <Skeleton className="h-72" />
        </div>
      ) : isEmptyTimeReport(data) ? (
        <div role="status" className="flex flex-col items-center gap-2 rounded-xl border bg-card px-6 py-12 text-center shadow-sm">
          <Inbox aria-hidden="true" className="size-8 text-muted-foreground" />
          <p className="font-medium">{timeClockMessages.timeReportEmpty}</p>
          <p className="text-sm text-muted-foreground">{timeClockMessages.timeReportEmptyHint}</p>
        </div>
      ) : (
        <div aria-busy={report.isPlaceholderData} className={cn('grid min-w-0 gap-6 transition-opacity', report.isPlaceholderData && 'opacity-60')}>
          <SummaryFigures report={data} />
          <PayrollFile report={data} />
          <Tabs value={tab} onValueChange={selectTab} className="min-w-0">
            <TabsList className="h-auto w-full flex-wrap justify-start sm:w-fit *:h-8 *:flex-none">
              <TabsTrigger value="por-funcionario">Por funcionário</TabsTrigger>
              <TabsTrigger value="por-unidade">Por unidade</TabsTrigger>
              <TabsTrigger value="por-dia">Por dia</TabsTrigger>
            </TabsList>
            <TabsContent value="por-funcionario" className="grid min-w-0 gap-4">
              <ReportTab kind="employee" report={data} names={names} />
            </TabsContent>
            <TabsContent value="por-unidade" className="grid min-w-0 gap-4">
              <ReportTab kind="unit" report={data} names={names} />
            </TabsContent>
            <TabsContent value="por-dia" className="grid min-w-0 gap-4">
              <ReportTab kind="daily" report={data} names={names} />
            </TabsContent>
          </Tabs>
          <p className="text-xs text-muted-foreground">
            Período de {formatDay(data.from)} a {formatDay(data.to)}; dias depois de hoje não contam. Gerado em {formatDateTime(data.generated_at)}. Atraso e saída antecipada
            contam além da tolerância de 5 minutos; horas extras acima de 2 por dia, intervalos abaixo do mínimo e descanso entre jornadas menor que 11 horas aparecem em destaque.
          </p>
        </div>
      )}
    </div>
  );
}

interface ReportFiltersProps {
  period: { from: string; to: string };
  defaults: { from: string; to: string };
  periodError: string | null;
  unitId: string;
  userId: string;
  units: ReturnType<typeof useReportUnits>;
  employees: ReturnType<typeof useTimeClockEmployees>;
  onChange: (changes: Record<string, string | null>) => void;
}

function ReportFilters({ period, defaults, periodError, unitId, userId, units, employees, onChange }: ReportFiltersProps) {
  const [search, setSearch] = useState('');
  const selected = employees.data?.find((employee) => employee.id === userId) ?? null;
  const options = useMemo<ComboboxOption[]>(() => {
    const term = search.trim().toLocaleLowerCase('pt-BR');
    return (employees.data ?? [])
      .filter((employee) => (!unitId || employee.unitId === unitId) && employee.name.toLocaleLowerCase('pt-BR').includes(term))
      .slice(0, 50)
      .map((employee) => ({ id: employee.id, label: employee.name }));
  }, [employees.data, search, unitId]);
  const orderOk = period.from <= period.to;
  const previousMonth = currentMonthPeriod(addDays(defaults.from, -1));

  return (
    <section aria-label="Filtros do relatório" className="grid min-w-0 gap-3 rounded-xl border bg-card p-4 shadow-sm">
      <div className="grid min-w-0 gap-3 md:flex md:flex-wrap md:items-end">
        <DateRangeFilter
          fromParam={REPORT_PARAMS.from}
          toParam={REPORT_PARAMS.to}
          fromLabel="De"
          toLabel="Até"
          label="Período"
          defaults={defaults}
          error={orderOk ? periodError : null}
          className="min-w-0"
          fieldClassName="min-w-0 flex-1 sm:flex-none"
          inputClassName="sm:w-40"
        />
        <div className="flex flex-wrap gap-2">
          <Button variant="outline" size="sm" onClick={() => onChange({ [REPORT_PARAMS.from]: null, [REPORT_PARAMS.to]: null })}>
            Este mês
          </Button>
          <Button variant="outline" size="sm" onClick={() => onChange({ [REPORT_PARAMS.from]: previousMonth.from, [REPORT_PARAMS.to]: previousMonth.to })}>
            Mês anterior
          </Button>
        </div>
      </div>
      <div className="grid min-w-0 gap-3 sm:grid-cols-2 md:flex md:flex-wrap md:items-end">
        <div className="grid min-w-0 gap-1.5 md:w-64">
          <Label htmlFor="report-unit">Unidade</Label>
          <ChoiceSelect
            id="report-unit"
            value={unitId || null}
            noneLabel="Todas as unidades"
            disabled={!units.data}
            options={(units.data ?? []).map((unit) => ({ value: unit.id, label: unit.name }))}
            onChange={(value) => onChange({ [REPORT_PARAMS.unit]: value, [REPORT_PARAMS.employee]: null })}
          />
          {units.isError ? <p className="text-sm text-destructive">{timeClockMessages.reportUnitsLoadError}</p> : null}
        </div>
        <div className="grid min-w-0 gap-1.5 md:w-72">
          <Label htmlFor="report-employee">Funcionário</Label>
          <Combobox
            id="report-employee"
            options={options}
            value={selected ? { id: selected.id, label: selected.name } : null}
            onChange={(option) => onChange({ [REPORT_PARAMS.employee]: option?.id ?? null })}
            onSearch={setSearch}
            loading={employees.isLoading}
            errorText={employees.isError ? timeClockMessages.employeesLoadError : null}
            placeholder="Todos os funcionários"
            emptyText="Nenhum funcionário encontrado"
            listLabel="Funcionários"
          />
        </div>
      </div>
    </section>
  );
}

/** The period at a glance: the totals row's main figures. */
function SummaryFigures({ report }: { report: TimeReport }) {
  const { totals } = report;
  const items: { label: string; value: string; tone?: 'negative' | 'warning' }[] = [
    { label: 'Funcionários', value: formatFigure(totals.employees, 'count') },
    { label: 'Esperadas', value: formatFigure(totals.expected_minutes, 'duration') },
    { label: 'Trabalhadas', value: formatFigure(totals.worked_minutes, 'duration') },
    { label: 'Saldo', value: formatFigure(totals.balance_minutes, 'duration'), ...(totals.balance_minutes < 0 ? { tone: 'negative' as const } : {}) },
    { label: 'Horas extras', value: formatFigure(totals.overtime_minutes, 'duration') },
    { label: 'Faltas', value: formatFigure(totals.absences, 'count'), ...(totals.absences > 0 ? { tone: 'warning' as const } : {}) },
    { label: 'Atrasos', value: formatFigure(totals.late_count, 'count') },
    { label: 'Noturnas', value: formatFigure(totals.night_minutes, 'duration') },
  ];
  return (
    <dl aria-label="Totais do período" className="grid grid-cols-2 gap-3 sm:grid-cols-4">
      {items.map((item) => (
        <div key={item.label} className="min-w-0 rounded-xl border bg-card p-3 shadow-sm">
          <dt className="text-xs text-muted-foreground uppercase">{item.label}</dt>
          <dd
            className={cn(
              'font-mono text-xl font-semibold tabular-nums',
              item.tone === 'negative' && 'text-destructive',
              item.tone === 'warning' && 'text-amber-700 dark:text-amber-300',
            )}
          >
            {item.value}
          </dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * 'Arquivo da folha (CSV)': the month's payroll events per employee (layout in docs/time-clock-reports.md#folha). It
 * carries whole CPFs, so it is offered only when the report came with every CPF whole (managers of these units).
 */
function PayrollFile({ report }: { report: TimeReport }) {
  const month = payrollMonth(report);
  const masked = report.employees.some((employee) => employee.cpf_masked);
  const reason = masked ? timeClockMessages.payrollMasked : month === null ? timeClockMessages.payrollOneMonth : null;
  return (
    <section aria-label="Arquivo da folha" className="flex flex-wrap items-center gap-3 text-sm">
      {reason ? <p className="text-muted-foreground">{reason}</p> : <PayrollButton report={report} month={month ?? ''} />}
    </section>
  );
}

function PayrollButton({ report, month }: { report: TimeReport; month: string }) {
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      const { buildPayrollCsv } = await import('@/features/time-clock/reports/payroll');
      const file = buildPayrollCsv(report, month);
      downloadBlob(new Blob([file.text], { type: 'text/csv;charset=utf-8' }), file.fileName);
      toast({ title: timeClockMessages.reportExported(file.fileName) });
    } catch (error) {
      // The builder refuses in Portuguese (an employee without CPF, named); anything else gets the plain title.
      toast({ title: timeClockMessages.payrollError, ...(error instanceof Error && !(error instanceof TypeError) && error.message ? { description: error.message } : {}), variant: 'destructive' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button variant="outline" disabled={busy} onClick={() => void download()}>
      <FileSpreadsheet aria-hidden="true" /> Arquivo da folha (CSV)
    </Button>
  );
}

/** A tab: its chart (or the chart's table view) and the full table with its totals row and exports. */
function ReportTab({ kind, report, names }: { kind: ReportTableKind; report: TimeReport; names: ReportNames }) {
  const table = reportTable(kind, report);
  return (
    <>
      <ChartCard kind={kind} report={report} />
      <FiguresTable table={table} report={report} names={names} />
    </>
  );
}

const CHART_TITLES: Record<ReportTableKind, string> = {
  employee: 'Horas esperadas e trabalhadas por funcionário',
  unit: 'Horas esperadas e trabalhadas por unidade',
  daily: 'Horas por dia',
};

function ChartCard({ kind, report }: { kind: ReportTableKind; report: TimeReport }) {
  const [view, setView] = useState<'chart' | 'table'>('chart');
  useEffect(() => {
    // A failed prefetch is tried again when a chart mounts.
    void HoursBarChart.preload().catch(() => undefined);
    void DailyLineChart.preload().catch(() => undefined);
  }, []);
  const headingId = `report-chart-${kind}`;
  const bars: HoursBar[] =
    kind === 'employee'
      ? hoursBars(report.employees.map((row) => ({ key: row.user_id, name: row.full_name, expected_minutes: row.expected_minutes, worked_minutes: row.worked_minutes })))
      : hoursBars(report.units.map((row) => ({ key: row.unit_id, name: row.unit_name, expected_minutes: row.expected_minutes, worked_minutes: row.worked_minutes })));
  const points: DailyPoint[] = report.daily.map((day) => ({ date: day.date, expected: day.expected_minutes / 60, worked: day.worked_minutes / 60, overtime: day.overtime_minutes / 60 }));
  const shownBars = bars.slice(0, CHART_MAX_BARS);

  return (
    <section aria-labelledby={headingId} className="grid min-w-0 gap-3 rounded-xl border bg-card p-4 shadow-sm">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id={headingId} className="text-base font-semibold">
          {CHART_TITLES[kind]}
        </h2>
        <div role="group" aria-label="Modo de exibição" className="flex gap-1">
          <Button size="sm" variant={view === 'chart' ? 'secondary' : 'ghost'} aria-pressed={view === 'chart'} onClick={() => setView('chart')}>
            <BarChart3 aria-hidden="true" /> Gráfico
          </Button>
          <Button size="sm" variant={view === 'table' ? 'secondary' : 'ghost'} aria-pressed={view === 'table'} onClick={() => setView('table')}>
            <Table2 aria-hidden="true" /> Tabela
          </Button>
        </div>
      </div>
      {view === 'chart' ? (
        <>
          {kind === 'daily' ? <DailyLineChart points={points} /> : <HoursBarChart bars={shownBars} title={CHART_TITLES[kind]} />}
          {kind !== 'daily' && bars.length > CHART_MAX_BARS ? (
            <p className="text-xs text-muted-foreground">
              O gráfico mostra os {CHART_MAX_BARS} primeiros de {formatCount(bars.length, 'funcionário', 'funcionários')}; a tabela lista todos.
            </p>
          ) : null}
        </>
      ) : kind === 'daily' ? (
        <ChartDataTable
          label={CHART_TITLES[kind]}
          headers={['Dia', 'Esperadas', 'Trabalhadas', 'Horas extras']}
          rows={report.daily.map((day) => ({ key: day.date, name: formatShortDay(day.date), values: [day.expected_minutes, day.worked_minutes, day.overtime_minutes] }))}
        />
      ) : (
        <ChartDataTable
          label={CHART_TITLES[kind]}
          headers={[kind === 'employee' ? 'Funcionário' : 'Unidade', 'Esperadas', 'Trabalhadas', 'Saldo']}
          rows={bars.map((bar) => {
            const expected = Math.round(bar.expected * 60);
            const worked = Math.round(bar.worked * 60);
            return { key: bar.key, name: bar.name, values: [expected, worked, worked - expected] };
          })}
        />
      )}
    </section>
  );
}

/** The chart's numbers as a table (the same series, in hours and minutes). */
function ChartDataTable({ label, headers, rows }: { label: string; headers: string[]; rows: { key: string; name: string; values: number[] }[] }) {
  return (
    <div className="max-h-96 min-w-0 overflow-auto rounded-md border">
      <Table aria-label={`${label} (tabela)`} className="text-[13px]">
        <TableHeader>
          <TableRow>
            {headers.map((header, index) => (
              <TableHead key={header} className={index > 0 ? 'text-right' : undefined}>
                {header}
              </TableHead>
            ))}
          </TableRow>
        </TableHeader>
        <TableBody>
          {rows.map((row) => (
            <TableRow key={row.key}>
              <TableCell className="font-medium">{row.name}</TableCell>
              {row.values.map((value, index) => (
                <TableCell key={index} className={cn('text-right font-mono tabular-nums', value < 0 && 'text-destructive')}>
                  {formatFigure(value, 'duration')}
                </TableCell>
              ))}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </div>
  );
}

function headText(input: CellInput): string {
  if (input === null) return '';
  if (typeof input === 'string') return input;
  if (typeof input === 'number') return formatFigure(input, 'count');
  if (input.kind === 'date') return formatDay(input.value);
  if (input.kind === 'number') return formatFigure(input.value, 'count');
  if (input.kind === 'duration') return formatFigure(input.minutes, 'duration');
  if (input.kind === 'text') return input.value;
  return String(input.value);
}

/** Every figure of the tab, one line per employee, unit or day, the totals row, and its CSV/XLSX export. */
function FiguresTable({ table, report, names }: { table: ReportTable; report: TimeReport; names: ReportNames }) {
  const [exporting, setExporting] = useState<ExportFormat | null>(null);
  const headingId = `report-table-${table.kind}`;
  const flagged = (index: number) => table.kind !== 'daily' && FLAGGED.has(table.columns[index]?.key ?? '');

  const exportAs = async (format: ExportFormat) => {
    setExporting(format);
    try {
      const fileName = reportFileName(table.kind, report, format);
      await downloadSpreadsheet(reportExport(table, report, names, new Date()), fileName, format);
    } catch {
      toast({ title: timeClockMessages.reportExportError, variant: 'destructive' });
    } finally {
      setExporting(null);
    }
  };

  return (
    <section aria-labelledby={headingId} className="grid min-w-0 gap-3 rounded-xl border bg-card py-4 shadow-sm">
      <div className="flex flex-wrap items-center justify-between gap-2 px-4">
        <div>
          <h2 id={headingId} className="text-base font-semibold">
            {table.title}
          </h2>
          <p className="text-xs text-muted-foreground">{formatCount(table.lines.length, 'linha', 'linhas')}</p>
        </div>
        <div className="flex gap-2">
          <Button variant="outline" size="sm" disabled={exporting !== null} onClick={() => void exportAs('csv')} aria-label={`Exportar ${table.title.toLowerCase()} em CSV`}>
            <Download aria-hidden="true" /> CSV
          </Button>
          <Button variant="outline" size="sm" disabled={exporting !== null} onClick={() => void exportAs('xlsx')} aria-label={`Exportar ${table.title.toLowerCase()} em XLSX`}>
            <Download aria-hidden="true" /> XLSX
          </Button>
        </div>
      </div>
      <div className="min-w-0 overflow-x-auto">
        <Table aria-labelledby={headingId} className="text-[13px]">
          <TableHeader>
            <TableRow className="hover:bg-transparent">
              {table.headColumns.map((header, index) => (
                <TableHead key={header} scope="col" className={cn(index === 0 && 'sticky left-0 z-[1] bg-card pl-4')}>
                  {header}
                </TableHead>
              ))}
              {table.columns.map((column) => (
                <TableHead key={column.label} scope="col" title={column.description} className="min-w-20 px-1.5 text-right whitespace-normal">
                  {column.label}
                </TableHead>
              ))}
            </TableRow>
          </TableHeader>
          <TableBody>
            {table.lines.map((line) => (
              <TableRow key={line.key}>
                {line.heads.map((head, index) => (
                  <Cell key={index} first={index === 0}>
                    {headText(head)}
                  </Cell>
                ))}
                {line.values.map((value, index) => (
                  <FigureCell key={index} value={value} kind={table.columns[index]!.kind} flagged={flagged(index)} />
                ))}
              </TableRow>
            ))}
          </TableBody>
          <tfoot className="border-t-2 bg-muted/40 font-semibold" data-testid={`report-totals-${table.kind}`}>
            <TableRow className="hover:bg-transparent">
              {totalsHeads(table, report).map((head, index) =>
                index === 0 ? (
                  <TableHead key={index} scope="row" className="sticky left-0 z-[1] bg-muted pl-4">
                    {headText(head)}
                  </TableHead>
                ) : (
                  <TableCell key={index}>{headText(head)}</TableCell>
                ),
              )}
              {table.totals.map((value, index) => (
                <FigureCell key={index} value={value} kind={table.columns[index]!.kind} flagged={flagged(index)} />
              ))}
            </TableRow>
          </tfoot>
        </Table>
      </div>
    </section>
  );
}

function Cell({ first, children }: { first: boolean; children: ReactNode }) {
  return <TableCell className={cn(first ? 'sticky left-0 z-[1] min-w-40 bg-card pl-4 font-medium whitespace-normal' : 'whitespace-nowrap text-muted-foreground')}>{children}</TableCell>;
}

function FigureCell({ value, kind, flagged }: { value: number; kind: 'duration' | 'count'; flagged: boolean }) {
  return (
    <TableCell
      className={cn(
        'px-1.5 text-right font-mono tabular-nums',
        value === 0 && 'text-muted-foreground',
        value < 0 && 'text-destructive',
        flagged && value > 0 && 'font-semibold text-amber-700 dark:text-amber-300',
      )}
    >
      {formatFigure(value, kind)}
    </TableCell>
  );
}
