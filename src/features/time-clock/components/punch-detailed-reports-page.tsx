import { ChevronLeft, ChevronRight, Copy, Download, FileText, ShieldAlert } from 'lucide-react';
import { Fragment, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Combobox, type ComboboxOption } from '@/components/ui/combobox';
import { DateRangeFilter } from '@/components/ui/date-range-filter';
import { Field } from '@/components/ui/field';
import { LoadError } from '@/components/ui/load-error';
import { Pager } from '@/components/ui/pager';
import { Skeleton } from '@/components/ui/skeleton';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { toast } from '@/components/ui/use-toast';
import { useUrlTab } from '@/hooks/use-url-tab';
import { formatDate, formatDateTime, formatTime, formatWeekdayShortDay, toAppDateString } from '@/lib/dates';
import { downloadBlob, downloadSpreadsheet, type ExportFormat } from '@/lib/spreadsheet/write';
import { getAejData } from '@/features/time-clock/api/get-aej-data';
import { getAfdData } from '@/features/time-clock/api/get-afd-data';
import { useTimeMarksReport } from '@/features/time-clock/api/get-time-marks-report';
import { useTimeClockEmployees, useTimeClockUnits, type TimeClockEmployee, type TimeClockUnit } from '@/features/time-clock/api/get-treatment-people';
import { EspelhoPrintView } from '@/features/time-clock/components/espelho-print';
import { timeClockLoadErrorDetail, timeClockMessages } from '@/features/time-clock/messages';
import { buildAej } from '@/features/time-clock/reports/aej';
import { buildAfd } from '@/features/time-clock/reports/afd';
import { LEGAL_FILE_NOTICE } from '@/features/time-clock/reports/legal-text';
import { marksExport, marksFileName, marksSummary, periodTooLong, punchLabel } from '@/features/time-clock/reports/marks-export';
import type { ReportMark } from '@/features/time-clock/reports/schemas';
import { MARK_SOURCE_LABELS, monthLabel, shiftMonth } from '@/features/time-clock/treatment';

/** The tabs as `?aba=` names them ('Marcações' is the default, without a parameter). */
const TABS = ['marcacoes', 'espelho', 'arquivos'] as const;
type Tab = (typeof TABS)[number];

/** The filters in the URL; every tab reads the ones it needs, and switching tabs keeps them. */
const PARAMS = { from: 'de', to: 'ate', unit: 'unidade', employee: 'funcionario', month: 'mes' } as const;
const KEPT = Object.values(PARAMS);

const PAGE_SIZE = 200;

function today(): string {
  return toAppDateString(new Date());
}

/** The month so far: what the period shows while the URL has none. */
function defaultPeriod(): { from: string; to: string } {
  const to = today();
  return { from: `${to.slice(0, 7)}-01`, to };
}

const isDay = (value: string | null): value is string => value !== null && /^\d{4}-\d{2}-\d{2}$/.test(value);

function useFilters() {
  const [params, setParams] = useSearchParams();
  const fallback = defaultPeriod();
  const from = isDay(params.get(PARAMS.from)) ? params.get(PARAMS.from)! : fallback.from;
  const to = isDay(params.get(PARAMS.to)) ? params.get(PARAMS.to)! : fallback.to;
  const unitId = params.get(PARAMS.unit) ?? '';
  const userId = params.get(PARAMS.employee) ?? '';
  const monthParam = params.get(PARAMS.month);
  const month = monthParam && /^\d{4}-(0[1-9]|1[0-2])$/.test(monthParam) ? `${monthParam}-01` : `${today().slice(0, 7)}-01`;
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
  return { from, to, unitId, userId, month, fallback, update };
}

/**
 * /ponto/relatorios-detalhados (ADMIN, ANALISTA): every mark with its origin, device, address and NSR ('Marcações'), an
 * employee's month as the printable espelho de ponto ('Espelho de ponto'), and a unit's AFD and AEJ ('Arquivos legais').
 * The tab and the filters live in the URL, so a link or a reload opens the same report.
 */
export function PunchDetailedReportsPage() {
  const [tab, select] = useUrlTab<Tab>(TABS, 'marcacoes', KEPT);
  return (
    <div className="grid min-w-0 gap-6">
      <div className="no-print">
        <h1 className="text-2xl font-semibold tracking-tight">Relatórios Detalhados de Ponto</h1>
        <p className="text-sm text-muted-foreground">Cada marcação com sua origem, o espelho de ponto para impressão e os arquivos AFD e AEJ (horário de Brasília).</p>
      </div>
      <Tabs value={tab} onValueChange={select} className="min-w-0">
        <TabsList className="no-print h-auto w-full flex-wrap justify-start sm:w-fit *:h-8 *:flex-none">
          <TabsTrigger value="marcacoes">Marcações</TabsTrigger>
          <TabsTrigger value="espelho">Espelho de ponto</TabsTrigger>
          <TabsTrigger value="arquivos">Arquivos legais</TabsTrigger>
        </TabsList>
        <TabsContent value="marcacoes" className="min-w-0">
          <MarksTab />
        </TabsContent>
        <TabsContent value="espelho" className="min-w-0">
          <EspelhoTab />
        </TabsContent>
        <TabsContent value="arquivos" className="min-w-0">
          <LegalFilesTab />
        </TabsContent>
      </Tabs>
    </div>
  );
}

// ---------------------------------------------------------------------------
// Filters

function UnitFilter({ id, value, onChange, allLabel }: { id: string; value: string; onChange: (unitId: string) => void; allLabel: string | null }) {
  const units = useTimeClockUnits();
  const [search, setSearch] = useState('');
  const selected = units.data?.find((unit) => unit.id === value) ?? null;
  const options = useMemo<ComboboxOption[]>(() => {
    const term = search.trim().toLocaleLowerCase('pt-BR');
    return (units.data ?? []).filter((unit) => unit.name.toLocaleLowerCase('pt-BR').includes(term)).map((unit) => ({ id: unit.id, label: unit.name }));
  }, [units.data, search]);
  return (
    <Field id={id} label="Unidade" className="min-w-0 sm:w-64">
      <Combobox
        options={options}
        value={selected ? { id: selected.id, label: selected.name } : null}
        onChange={(option) => onChange(option?.id ?? '')}
        onSearch={setSearch}
        loading={units.isLoading}
        errorText={units.isError ? timeClockMessages.reportUnitsLoadError : null}
        placeholder={allLabel ?? 'Escolha a unidade'}
        emptyText="Nenhuma unidade encontrada"
        listLabel="Unidades"
      />
    </Field>
  );
}

function EmployeeFilter({ id, value, unitId, onChange, placeholder }: { id: string; value: string; unitId: string; onChange: (userId: string) => void; placeholder: string }) {
  const employees = useTimeClockEmployees();
  const [search, setSearch] = useState('');
  const selected = employees.data?.find((employee) => employee.id === value) ?? null;
  const options = useMemo<ComboboxOption[]>(() => {
    const term = search.trim().toLocaleLowerCase('pt-BR');
    return (employees.data ?? [])
      .filter((employee: TimeClockEmployee) => (!unitId || employee.unitId === unitId) && employee.name.toLocaleLowerCase('pt-BR').includes(term))
      .slice(0, 50)
      .map((employee) => ({ id: employee.id, label: employee.name }));
  }, [employees.data, search, unitId]);
  return (
    <Field id={id} label="Funcionário" className="min-w-0 sm:w-72">
      <Combobox
        options={options}
        value={selected ? { id: selected.id, label: selected.name } : null}
        onChange={(option) => onChange(option?.id ?? '')}
        onSearch={setSearch}
        loading={employees.isLoading}
        errorText={employees.isError ? timeClockMessages.employeesLoadError : null}
        placeholder={placeholder}
        emptyText="Nenhum funcionário encontrado"
        listLabel="Funcionários"
      />
    </Field>
  );
}

function PeriodFilter({ from, to, fallback, onChange }: { from: string; to: string; fallback: { from: string; to: string }; onChange?: () => void }) {
  return (
    <DateRangeFilter
      fromParam={PARAMS.from}
      toParam={PARAMS.to}
      fromLabel="De"
      toLabel="Até"
      label="Período"
      defaults={fallback}
      error={from <= to && periodTooLong(from, to) ? timeClockMessages.periodTooLong : null}
      onChange={onChange}
      fieldClassName="min-w-0"
    />
  );
}

// ---------------------------------------------------------------------------
// 'Marcações'

const SOURCE_BADGE: Record<ReportMark['source'], string> = {
  O: 'bg-muted text-foreground',
  I: 'bg-sky-100 text-sky-900 italic ring-1 ring-sky-400 dark:bg-sky-950 dark:text-sky-100',
  D: 'text-muted-foreground line-through decoration-red-500 ring-1 ring-red-300 dark:ring-red-800',
};

/** The first and last characters of a hash: enough to tell two apart on screen (the whole one is copied). */
function shortHash(hash: string): string {
  return hash.length > 16 ? `${hash.slice(0, 8)}…${hash.slice(-6)}` : hash;
}

async function copyHash(hash: string) {
  try {
    await navigator.clipboard.writeText(hash);
    toast({ title: timeClockMessages.hashCopied });
  } catch {
    toast({ title: timeClockMessages.copyError, variant: 'destructive' });
  }
}

function nameOf<T extends { id: string; name: string }>(list: readonly T[] | undefined, id: string, all: string): string {
  if (!id) return all;
  return list?.find((item) => item.id === id)?.name ?? id;
}

function MarksTab() {
  const filters = useFilters();
  const { from, to, unitId, userId } = filters;
  const valid = from <= to && !periodTooLong(from, to);
  const report = useTimeMarksReport({ from, to, unitId, userId }, valid);
  const units = useTimeClockUnits();
  const employees = useTimeClockEmployees();
  const [page, setPage] = useState(0);
  const marks = report.data?.marks ?? [];
  const shown = marks.slice(page * PAGE_SIZE, (page + 1) * PAGE_SIZE);

  const exportMarks = async (format: ExportFormat) => {
    if (!report.data) return;
    try {
      const names = { unit: nameOf<TimeClockUnit>(units.data, unitId, 'Todas as unidades'), employee: nameOf(employees.data, userId, 'Todos os funcionários') };
      await downloadSpreadsheet(marksExport(report.data, names, new Date()), marksFileName(from, to, format), format);
    } catch {
      toast({ title: timeClockMessages.marksExportError, variant: 'destructive' });
    }
  };

  return (
    <div className="grid min-w-0 gap-4">
      <div className="grid gap-3 sm:flex sm:flex-wrap sm:items-end">
        <PeriodFilter from={from} to={to} fallback={filters.fallback} onChange={() => setPage(0)} />
        <UnitFilter
          id="marks-unit"
          value={unitId}
          allLabel="Todas as unidades"
          onChange={(next) => {
            setPage(0);
            filters.update({ [PARAMS.unit]: next, [PARAMS.employee]: null });
          }}
        />
        <EmployeeFilter
          id="marks-employee"
          value={userId}
          unitId={unitId}
          placeholder="Todos os funcionários"
          onChange={(next) => {
            setPage(0);
            filters.update({ [PARAMS.employee]: next });
          }}
        />
      </div>
      {!valid ? null : report.isLoading ? (
        <Skeleton className="h-96" aria-hidden="true" />
      ) : report.isError ? (
        <LoadError message={timeClockMessages.marksReportLoadError} detail={timeClockLoadErrorDetail(report.error)} onRetry={() => void report.refetch()} />
      ) : (
        <>
          <div className="flex flex-wrap items-center justify-between gap-2">
            <p className="text-sm" role="status" data-testid="marks-summary">
              {marksSummary(marks)}
            </p>
            <div className="flex flex-wrap gap-2">
              <Button variant="outline" disabled={marks.length === 0} onClick={() => void exportMarks('csv')}>
                <Download aria-hidden="true" /> Exportar CSV
              </Button>
              <Button variant="outline" disabled={marks.length === 0} onClick={() => void exportMarks('xlsx')}>
                <Download aria-hidden="true" /> Exportar XLSX
              </Button>
            </div>
          </div>
          {marks.length === 0 ? (
            <p className="text-sm text-muted-foreground">Nenhuma marcação no período.</p>
          ) : (
            <>
              <MarksTable marks={shown} />
              <Pager page={page} pageSize={PAGE_SIZE} total={marks.length} empty="Nenhuma marcação" onPage={setPage} hideWhenSinglePage />
            </>
          )}
        </>
      )}
    </div>
  );
}

/** The marks grouped by employee and day (a heading row when either changes), one row per mark. */
function MarksTable({ marks }: { marks: readonly ReportMark[] }) {
  return (
    <div className="min-w-0 overflow-x-auto rounded-xl border bg-card shadow-sm">
      <Table aria-label="Marcações do período">
        <TableHeader>
          <TableRow>
            <TableHead>Hora</TableHead>
            <TableHead>Origem</TableHead>
            <TableHead>Tipo</TableHead>
            <TableHead>Motivo e autor</TableHead>
            <TableHead>Dispositivo</TableHead>
            <TableHead>IP</TableHead>
            <TableHead className="text-right">NSR</TableHead>
            <TableHead>Hash</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {marks.map((mark, index) => {
            const previous = marks[index - 1];
            const newGroup = !previous || previous.user_id !== mark.user_id || previous.work_date !== mark.work_date;
            return (
              <Fragment key={`${mark.user_id}-${mark.at}-${mark.source}-${mark.ajuste_id ?? mark.nsr ?? index}`}>
                {newGroup ? (
                  <TableRow className="bg-muted/40 hover:bg-muted/40">
                    <TableCell colSpan={8} className="py-1.5 font-medium">
                      {mark.full_name} <span className="font-normal text-muted-foreground">· {formatWeekdayShortDay(mark.work_date)}{mark.unit_name ? ` · ${mark.unit_name}` : ''}</span>
                    </TableCell>
                  </TableRow>
                ) : null}
                <MarkRow mark={mark} />
              </Fragment>
            );
          })}
        </TableBody>
      </Table>
    </div>
  );
}

function MarkRow({ mark }: { mark: ReportMark }) {
  const source = MARK_SOURCE_LABELS[mark.source];
  return (
    <TableRow data-source={mark.source}>
      <TableCell className="font-mono whitespace-nowrap">
        {mark.source === 'D' ? <del>{formatTime(mark.at, true)}</del> : formatTime(mark.at, true)}
      </TableCell>
      <TableCell>
        <span className={`inline-flex rounded px-1.5 py-0.5 text-xs ${SOURCE_BADGE[mark.source]}`}>{source}</span>
        {mark.fora_da_unidade ? (
          <Badge variant="outline" className="ml-1 border-amber-400 text-amber-800 dark:text-amber-200">
            {timeClockMessages.outsideUnit}
          </Badge>
        ) : null}
      </TableCell>
      <TableCell className="whitespace-nowrap">{punchLabel(mark)}</TableCell>
      <TableCell className="min-w-48 text-xs">
        {mark.motivo ? (
          <span className="grid gap-0.5">
            <span className="break-words">{mark.motivo}</span>
            <span className="text-muted-foreground">
              por {mark.author_name ?? 'usuário removido'}
              {mark.adjusted_at ? ` em ${formatDateTime(mark.adjusted_at)}` : ''}
            </span>
          </span>
        ) : (
          <span className="text-muted-foreground">—</span>
        )}
      </TableCell>
      <TableCell className="max-w-48 text-xs">
        <span className="block truncate" title={mark.user_agent ?? undefined}>
          {mark.computer_name ?? '—'}
        </span>
      </TableCell>
      <TableCell className="font-mono text-xs whitespace-nowrap">{mark.ip_origem ?? '—'}</TableCell>
      <TableCell className="text-right font-mono text-xs">{mark.nsr ?? '—'}</TableCell>
      <TableCell className="font-mono text-xs whitespace-nowrap">
        {mark.receipt_hash ? (
          <span className="inline-flex items-center gap-1">
            <span title={mark.receipt_hash}>{shortHash(mark.receipt_hash)}</span>
            <Button type="button" variant="ghost" size="icon" className="size-7" aria-label={`Copiar hash da marcação de ${formatTime(mark.at)}`} onClick={() => void copyHash(mark.receipt_hash!)}>
              <Copy aria-hidden="true" className="size-3.5" />
            </Button>
          </span>
        ) : (
          '—'
        )}
      </TableCell>
    </TableRow>
  );
}

// ---------------------------------------------------------------------------
// 'Espelho de ponto'

function EspelhoTab() {
  const filters = useFilters();
  const { userId, month } = filters;
  const isCurrentMonth = month === `${today().slice(0, 7)}-01`;
  return (
    <div className="grid min-w-0 gap-4">
      <div className="no-print grid gap-3 sm:flex sm:flex-wrap sm:items-end">
        <EmployeeFilter id="espelho-employee" value={userId} unitId="" placeholder="Digite o nome" onChange={(next) => filters.update({ [PARAMS.employee]: next })} />
        <div className="flex items-center gap-2">
          <Button variant="outline" size="icon" aria-label="Mês anterior" onClick={() => filters.update({ [PARAMS.month]: shiftMonth(month, -1).slice(0, 7) })}>
            <ChevronLeft aria-hidden="true" />
          </Button>
          <span className="min-w-36 text-center font-medium" aria-live="polite" data-testid="espelho-month">
            {monthLabel(month)}
          </span>
          <Button variant="outline" size="icon" aria-label="Próximo mês" disabled={isCurrentMonth} onClick={() => filters.update({ [PARAMS.month]: shiftMonth(month, 1).slice(0, 7) })}>
            <ChevronRight aria-hidden="true" />
          </Button>
        </div>
      </div>
      {userId ? <EspelhoPrintView userId={userId} month={month} /> : <p className="text-sm text-muted-foreground">Escolha um funcionário para ver o espelho de ponto do mês.</p>}
    </div>
  );
}

// ---------------------------------------------------------------------------
// 'Arquivos legais'

type LegalKind = 'AFD' | 'AEJ';

/** Asks the database for the unit's data (it refuses, in Portuguese, whoever may not or what is missing) and builds the file. */
async function buildLegalFile(kind: LegalKind, unitId: string, from: string, to: string): Promise<{ fileName: string; bytes: Uint8Array }> {
  if (kind === 'AFD') return buildAfd(await getAfdData(unitId, from, to));
  return buildAej(await getAejData(unitId, from, to));
}

function LegalFilesTab() {
  const filters = useFilters();
  const { from, to, unitId } = filters;
  const [busy, setBusy] = useState<LegalKind | null>(null);
  const [refusal, setRefusal] = useState<{ kind: LegalKind; message: string } | null>(null);
  const valid = from <= to && !periodTooLong(from, to);

  const generate = async (kind: LegalKind) => {
    setBusy(kind);
    setRefusal(null);
    try {
      const file = await buildLegalFile(kind, unitId, from, to);
      downloadBlob(new Blob([file.bytes as BlobPart], { type: 'text/plain;charset=iso-8859-1' }), file.fileName);
      toast({ title: timeClockMessages.legalFileReady(kind, file.fileName) });
    } catch (error) {
      const message = timeClockLoadErrorDetail(error);
      setRefusal({ kind, message });
      toast({ title: timeClockMessages.legalFileError(kind), description: message, variant: 'destructive' });
    } finally {
      setBusy(null);
    }
  };

  return (
    <div className="grid min-w-0 gap-4">
      <p role="note" className="flex items-start gap-2 rounded-xl border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-100">
        <ShieldAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
        {LEGAL_FILE_NOTICE}
      </p>
      <div className="grid gap-3 sm:flex sm:flex-wrap sm:items-end">
        <UnitFilter
          id="legal-unit"
          value={unitId}
          allLabel={null}
          onChange={(next) => {
            setRefusal(null);
            filters.update({ [PARAMS.unit]: next, [PARAMS.employee]: null });
          }}
        />
        <PeriodFilter from={from} to={to} fallback={filters.fallback} />
      </div>
      <p className="text-sm text-muted-foreground">
        AFD: as marcações originais da unidade em ordem de NSR (Portaria 671, REP-P). AEJ: a jornada tratada, com as inclusões e desconsiderações. Período de{' '}
        {formatDate(`${from}T12:00:00Z`)} a {formatDate(`${to}T12:00:00Z`)}
        .
      </p>
      {unitId ? null : <p className="text-sm">{timeClockMessages.legalFileChooseUnit}</p>}
      <div className="flex flex-wrap gap-2">
        {(['AFD', 'AEJ'] as const).map((kind) => (
          <Button key={kind} disabled={!unitId || !valid || busy !== null} onClick={() => void generate(kind)}>
            <FileText aria-hidden="true" /> {busy === kind ? `Gerando ${kind}…` : `Gerar ${kind}`}
          </Button>
        ))}
      </div>
      {refusal ? (
        <p role="alert" className="rounded-xl border border-destructive/40 bg-destructive/5 p-3 text-sm">
          <span className="font-medium text-destructive">{timeClockMessages.legalFileError(refusal.kind)}: </span>
          {refusal.message}
        </p>
      ) : null}
    </div>
  );
}
