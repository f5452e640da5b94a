import { ChevronLeft, ChevronRight, Download, Printer, ReceiptText } from 'lucide-react';
import { useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Dialog, DialogContent, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { LoadError } from '@/components/ui/load-error';
import { Skeleton } from '@/components/ui/skeleton';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { toast } from '@/components/ui/use-toast';
import { formatDate, formatDateTime, formatTime, formatWeekdayShortDay, toAppDateString } from '@/lib/dates';
import { downloadSpreadsheet, type ExportFormat } from '@/lib/spreadsheet/write';
import { useMyTimesheet } from '@/features/time-clock/api/get-my-timesheet';
import { useTreatedTimesheet } from '@/features/time-clock/api/get-treated-timesheet';
import { useLiveTreatment } from '@/features/time-clock/api/live-treatment';
import { useRecentReceipts } from '@/features/time-clock/api/get-recent-receipts';
import { ConsentGate } from '@/features/time-clock/components/consent-gate';
import { EspelhoCard } from '@/features/time-clock/components/espelho-card';
import { MyRequestsCard, RequestAdjustmentDialog } from '@/features/time-clock/components/my-requests';
import { HourBankCard, MarkChip } from '@/features/time-clock/components/treated-marks';
import { timesheetExport, timesheetFileName } from '@/features/time-clock/export';
import { OutsideUnitBadge, PrintableReceipt } from '@/features/time-clock/components/punch-page';
import { formatMinutes, PUNCH_LABELS, summarizeTimesheet, type TimesheetLine, type TimesheetMark } from '@/features/time-clock/logic';
import { timeClockLoadErrorDetail, timeClockMessages } from '@/features/time-clock/messages';
import { monthLabel, shiftMonth, type Adjustment, type TreatedMark } from '@/features/time-clock/treatment';
import type { PunchReceipt } from '@/features/time-clock/types';

const PRINT_CSS = `@media print {
  nav, header, aside, .no-print { display: none !important; }
  main { padding: 0 !important; }
}`;

const time = (value: string | null) => (value ? formatTime(value) : '—');

/** A mark of get_my_monthly_timesheet as the treated-mark chip reads it. */
function chipMark(mark: TimesheetMark): TreatedMark {
  return { at: mark.at, source: mark.source, ponto_id: mark.pontoId, ajuste_id: mark.ajusteId, nsr: null, fora_da_unidade: false };
}

/** The adjustments of the month by id (a treated mark's motive on hover or tap). */
type AdjustmentsById = ReadonlyMap<string, Adjustment>;

/** /meu-ponto: the month's timesheet with balances and flags, print and CSV, and the last 48 h of receipts. */
export function MyPunchesPage({ userId, employeeName, mayDecide }: { userId: string; employeeName: string; mayDecide: boolean }) {
  return (
    <div className="grid gap-6">
      <div>
        <h1 className="text-2xl font-semibold tracking-tight">Meu Ponto</h1>
        <p className="text-sm text-muted-foreground">Suas marcações, horas trabalhadas e saldo do mês (horário de Brasília).</p>
      </div>
      <ConsentGate userId={userId} mayDecide={mayDecide}>
        <Timesheet userId={userId} employeeName={employeeName} />
      </ConsentGate>
    </div>
  );
}

function Timesheet({ userId, employeeName }: { userId: string; employeeName: string }) {
  const today = toAppDateString(new Date());
  const [month, setMonth] = useState(`${today.slice(0, 7)}-01`);
  const timesheet = useMyTimesheet(userId, month);
  const receipts = useRecentReceipts(userId, employeeName);
  const [opened, setOpened] = useState<PunchReceipt | null>(null);
  const [requesting, setRequesting] = useState<string | null>(null);
  // The treated month: the adjustments' motives and the hour bank (the table's figures come from the timesheet above).
  const treated = useTreatedTimesheet(userId, month);
  useLiveTreatment();
  const adjustments: AdjustmentsById = new Map((treated.data?.days ?? []).flatMap((day) => day.adjustments.map((adjustment) => [adjustment.id, adjustment] as const)));
  const summary = timesheet.data ? summarizeTimesheet(timesheet.data, today) : null;
  const isCurrentMonth = month === `${today.slice(0, 7)}-01`;

  const exportTimesheet = async (format: ExportFormat) => {
    if (!summary) return;
    try {
      await downloadSpreadsheet(timesheetExport({ summary, employeeName, month, today, generatedAt: new Date() }), timesheetFileName(month, format), format);
    } catch {
      toast({ title: timeClockMessages.timesheetExportError, variant: 'destructive' });
    }
  };

  return (
    <div className="grid gap-4">
      <style>{PRINT_CSS}</style>
      <div className="no-print flex flex-wrap items-center justify-between gap-2">
        <div className="flex items-center gap-2">
          <Button variant="outline" size="icon" aria-label="Mês anterior" onClick={() => setMonth(shiftMonth(month, -1))}>
            <ChevronLeft aria-hidden="true" />
          </Button>
          <span className="min-w-40 text-center font-medium" aria-live="polite">
            {monthLabel(month)}
          </span>
          <Button variant="outline" size="icon" aria-label="Próximo mês" disabled={isCurrentMonth} onClick={() => setMonth(shiftMonth(month, 1))}>
            <ChevronRight aria-hidden="true" />
          </Button>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button variant="outline" onClick={() => window.print()}>
            <Printer aria-hidden="true" /> Imprimir
          </Button>
          <Button variant="outline" disabled={!summary} onClick={() => void exportTimesheet('csv')}>
            <Download aria-hidden="true" /> Exportar CSV
          </Button>
          <Button variant="outline" disabled={!summary} onClick={() => void exportTimesheet('xlsx')}>
            <Download aria-hidden="true" /> Exportar XLSX
          </Button>
        </div>
      </div>

      {summary ? (
        <div className="grid gap-3 sm:grid-cols-3">
          <Figure label="Trabalhadas no mês" value={formatMinutes(summary.worked)} />
          <Figure label="Esperadas até hoje" value={formatMinutes(summary.expected)} />
          <Figure label="Saldo" value={formatMinutes(summary.balance)} tone={summary.balance < 0 ? 'negative' : 'positive'} />
        </div>
      ) : null}

      <div className="overflow-x-auto rounded-xl border bg-card shadow-sm">
        {timesheet.isLoading ? (
          <Skeleton className="h-96" aria-hidden="true" />
        ) : timesheet.isError ? (
          <LoadError message={timeClockMessages.timesheetLoadError} detail={timeClockLoadErrorDetail(timesheet.error)} onRetry={() => void timesheet.refetch()} />
        ) : (
          <Table aria-label={`Espelho de ponto de ${monthLabel(month)}`}>
            <TableHeader>
              <TableRow>
                <TableHead>Dia</TableHead>
                <TableHead>Entrada</TableHead>
                <TableHead>Saída Almoço</TableHead>
                <TableHead>Retorno Almoço</TableHead>
                <TableHead>Saída Final</TableHead>
                <TableHead>Extras</TableHead>
                <TableHead className="text-right">Trabalhadas</TableHead>
                <TableHead className="text-right">Esperadas</TableHead>
                <TableHead className="text-right">Saldo</TableHead>
                <TableHead className="text-right">Acumulado</TableHead>
                <TableHead className="no-print">Ajuste</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {summary?.lines.map((line) => (
                <DayRow key={line.date} line={line} isToday={line.date === today} future={line.date > today} adjustments={adjustments} onRequest={() => setRequesting(line.date)} />
              ))}
              {summary ? (
                <TableRow className="border-t-2 font-medium">
                  <TableCell colSpan={6} className="font-medium">
                    Total do mês
                  </TableCell>
                  <TableCell className="text-right font-mono">{formatMinutes(summary.worked)}</TableCell>
                  <TableCell className="text-right font-mono">{formatMinutes(summary.expected)}</TableCell>
                  <TableCell className="text-right font-mono">{formatMinutes(summary.balance)}</TableCell>
                  <TableCell />
                  <TableCell className="no-print" />
                </TableRow>
              ) : null}
            </TableBody>
          </Table>
        )}
      </div>

      <p className="no-print flex flex-wrap items-center gap-2 text-xs text-muted-foreground">
        Marcações tratadas pelo administrador:
        <span className="rounded bg-sky-100 px-1.5 py-0.5 font-mono text-sky-900 italic ring-1 ring-sky-400 dark:bg-sky-950 dark:text-sky-100">08:00 I</span> incluída
        <span className="rounded px-1.5 py-0.5 font-mono line-through decoration-red-500 ring-1 ring-red-300 dark:ring-red-800">08:00 D</span> desconsiderada
        (toque na marcação para ver o motivo).
      </p>

      <EspelhoCard userId={userId} month={month} />

      <div className="grid min-w-0 gap-4 lg:grid-cols-2">
        {treated.data?.bank ? <HourBankCard bank={treated.data.bank} /> : null}
        <MyRequestsCard userId={userId} />
      </div>

      <RequestAdjustmentDialog userId={userId} day={requesting} onClose={() => setRequesting(null)} />

      <Card className="no-print">
        <CardHeader>
          <CardTitle className="flex items-center gap-2 text-base">
            <ReceiptText aria-hidden="true" className="size-4" /> Comprovantes das últimas 48 horas
          </CardTitle>
          <CardDescription>Abra um comprovante para conferir ou imprimir.</CardDescription>
        </CardHeader>
        <CardContent>
          {(receipts.data ?? []).length === 0 ? (
            <p className="text-sm text-muted-foreground">Nenhuma marcação nas últimas 48 horas.</p>
          ) : (
            <ul aria-label="Comprovantes recentes" className="grid gap-1">
              {receipts.data?.map((receipt) => (
                <li key={receipt.id}>
                  {/* On a phone the line wraps instead of widening the page. */}
                  <Button variant="ghost" className="h-auto w-full flex-wrap justify-between gap-x-2 py-2 text-left whitespace-normal" onClick={() => setOpened(receipt)}>
                    <span>
                      {PUNCH_LABELS[receipt.punchType]} · {formatDateTime(receipt.punchedAt)} {receipt.outsideUnit ? <OutsideUnitBadge /> : null}
                    </span>
                    <span className="font-mono text-xs text-muted-foreground">NSR {receipt.nsr}</span>
                  </Button>
                </li>
              ))}
            </ul>
          )}
        </CardContent>
      </Card>

      <Dialog open={opened !== null} onOpenChange={(open) => !open && setOpened(null)}>
        <DialogContent>
          <DialogHeader>
            <DialogTitle>Comprovante</DialogTitle>
          </DialogHeader>
          {opened ? <PrintableReceipt receipt={opened} /> : null}
          <DialogFooter>
            <Button variant="outline" onClick={() => window.print()}>
              <Printer aria-hidden="true" /> Imprimir
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </div>
  );
}

function Figure({ label, value, tone }: { label: string; value: string; tone?: 'positive' | 'negative' }) {
  return (
    <div className="rounded-xl border bg-card p-4 shadow-sm">
      <p className="text-xs text-muted-foreground uppercase">{label}</p>
      <p className={`font-mono text-2xl font-semibold tabular-nums ${tone === 'negative' ? 'text-destructive' : ''}`}>{value}</p>
    </div>
  );
}

/**
 * One day as the month's totals count it, so the column sums are the summary cards' (and the export's): days to
 * come show no hours yet, and today's expected hours count once the final exit is marked ('em andamento').
 */
function DayRow({
  line,
  isToday,
  future,
  adjustments,
  onRequest,
}: {
  line: TimesheetLine;
  isToday: boolean;
  future: boolean;
  adjustments: AdjustmentsById;
  onRequest: () => void;
}) {
  const marks = line.treatment?.marks ?? [];
  /** A treated column's time: an included mark in its own style (with its motive), an original as plain text. */
  const cell = (value: string | null) => {
    const mark = value ? marks.find((candidate) => candidate.source === 'I' && Date.parse(candidate.at) === Date.parse(value)) : undefined;
    if (!mark) return time(value);
    return <MarkChip mark={chipMark(mark)} adjustment={mark.ajusteId ? (adjustments.get(mark.ajusteId) ?? null) : null} />;
  };
  const disregarded = marks.filter((mark) => mark.source === 'D');
  const open = isToday && line.expectedCounted !== line.expectedMinutes;
  const weekend = [0, 6].includes(new Date(`${line.date}T12:00:00Z`).getUTCDay());
  return (
    <TableRow aria-current={isToday ? 'date' : undefined} className={weekend ? 'bg-muted/40' : isToday ? 'bg-primary/5' : undefined}>
      <TableCell className="whitespace-nowrap">
        {formatWeekdayShortDay(line.date)}
        {line.incomplete ? (
          <Badge variant="outline" className="ml-2 border-amber-400 text-amber-800 dark:text-amber-200">
            Incompleto
          </Badge>
        ) : null}
        {line.outsideUnit ? (
          <span className="ml-2">
            <OutsideUnitBadge />
          </span>
        ) : null}
        {line.missingBreak ? (
          <Badge variant="outline" className="ml-2 border-red-400 text-red-700 dark:text-red-300">
            Sem intervalo
          </Badge>
        ) : null}
      </TableCell>
      <TableCell className="font-mono">{cell(line.entrada)}</TableCell>
      <TableCell className="font-mono">{cell(line.saidaIntervalo)}</TableCell>
      <TableCell className="font-mono">{cell(line.retornoIntervalo)}</TableCell>
      <TableCell className="font-mono">{cell(line.saidaFinal)}</TableCell>
      <TableCell className="font-mono text-xs">
        {line.extras.length === 0 && disregarded.length === 0 ? (
          '—'
        ) : (
          <span className="flex flex-wrap gap-1">
            {line.extras.map((extra) => (
              <span key={extra}>{cell(extra)}</span>
            ))}
            {disregarded.map((mark) => (
              <MarkChip key={`d-${mark.at}`} mark={chipMark(mark)} adjustment={mark.ajusteId ? (adjustments.get(mark.ajusteId) ?? null) : null} />
            ))}
          </span>
        )}
      </TableCell>
      <TableCell className="text-right font-mono">{future ? '—' : formatMinutes(line.workedMinutes)}</TableCell>
      <TableCell className="text-right font-mono">
        {future ? '—' : open ? <span className="font-sans text-xs text-muted-foreground">em andamento</span> : formatMinutes(line.expectedCounted)}
      </TableCell>
      <TableCell className={`text-right font-mono ${line.balance < 0 ? 'text-destructive' : ''}`}>{future ? '—' : formatMinutes(line.balance)}</TableCell>
      <TableCell className="text-right font-mono">{future ? '—' : formatMinutes(line.runningBalance)}</TableCell>
      <TableCell className="no-print">
        {future ? null : (
          <Button size="sm" variant="ghost" aria-label={`Solicitar ajuste de ${formatDate(`${line.date}T12:00:00Z`)}`} onClick={onRequest}>
            Solicitar ajuste
          </Button>
        )}
      </TableCell>
    </TableRow>
  );
}
