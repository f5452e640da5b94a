import { Printer } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { LoadError } from '@/components/ui/load-error';
import { Skeleton } from '@/components/ui/skeleton';
import { formatCount, formatDate, formatDateTime, formatWeekdayShortDay } from '@/lib/dates';
import { useEspelhoPrint } from '@/features/time-clock/api/get-espelho-print';
import { MarkChip } from '@/features/time-clock/components/treated-marks';
import { formatMinutes } from '@/features/time-clock/logic';
import { timeClockLoadErrorDetail, timeClockMessages } from '@/features/time-clock/messages';
import type { EspelhoPrint } from '@/features/time-clock/reports/schemas';
import { ABONO_LABELS, adjustmentOf, adjustmentWhat, DAY_FLAG_LABELS, monthLabel, type TreatedDay } from '@/features/time-clock/treatment';
import { formatCnpj, formatCpf } from '@/lib/br-documents';

/**
 * Printing the espelho: only the sheet goes to paper, on A4 with 10 mm margins, in black on white whatever the screen's
 * theme, small enough that a normal month fits one page. Everything that neither holds the sheet nor is in it is left
 * out (the app's sidebar, the page's filters and tabs), and the sheet's ancestors lose their screen layout (fixed
 * heights, scrolling boxes, the sidebar's offset), so the sheet starts at the top of the page and nothing adds a page.
 */
const PRINT_CSS = `@media print {
  @page { size: A4; margin: 10mm; }
  html, body { background: #fff !important; height: auto !important; overflow: visible !important; }
  body *:not(:has(.espelho-print)):not(.espelho-print):not(.espelho-print *), .espelho-print .no-print { display: none !important; }
  body *:has(.espelho-print) {
    display: block !important; position: static !important; overflow: visible !important; height: auto !important; min-height: 0 !important;
    max-height: none !important; width: auto !important; max-width: none !important; margin: 0 !important; padding: 0 !important;
    border: 0 !important; box-shadow: none !important; transform: none !important; background: #fff !important;
  }
  .espelho-print {
    --foreground: #000; --card: #fff; --card-foreground: #000; --muted: #f1f5f9; --muted-foreground: #374151; --border: #9ca3af;
    background: #fff !important; color: #000 !important; border: 0 !important; border-radius: 0 !important; box-shadow: none !important;
    padding: 0 !important; margin: 0 !important; gap: 6px !important;
  }
  .espelho-print, .espelho-print * { font-size: 7.5pt !important; line-height: 1.3 !important; }
  .espelho-print h2 { font-size: 11pt !important; }
  .espelho-print table, .espelho-print table * { font-size: 7pt !important; }
  .espelho-print th, .espelho-print td { padding: 0.5px 2px !important; height: auto !important; min-width: 0 !important; }
  .espelho-print [data-column] > span { flex-wrap: nowrap !important; gap: 2px !important; }
  .espelho-print [data-source] { padding: 0 2px !important; }
  .espelho-print [data-source="I"] { background: #e0f2fe !important; color: #0c4a6e !important; }
  .espelho-print [data-source="O"] { background: transparent !important; }
  .espelho-print tr { break-inside: avoid; }
}`;

const day = (value: string) => formatDate(`${value}T12:00:00Z`);

/** 12.345.678/0001-90, or that the unit has none. */
function cnpjText(value: string | null): string {
  return value ? formatCnpj(value) : 'não cadastrado';
}

/** 123.456.789-09; a masked one ('***.456.789-**') is shown as it comes. */
function cpfText(value: string | null): string {
  if (!value) return 'não cadastrado';
  return value.includes('*') ? value : formatCpf(value);
}

/** The day's schedule as the contract has it ('08:00–17:00'), or what the day is instead. */
function daySchedule(value: TreatedDay): string {
  if (value.day_kind === 'holiday') return 'Feriado';
  if (value.day_kind === 'rest') return 'Folga';
  if (value.start_time && value.end_time) return `${value.start_time.slice(0, 5)}–${value.end_time.slice(0, 5)}`;
  return value.expected_minutes > 0 ? formatMinutes(value.expected_minutes) : '—';
}

function dayNotes(value: TreatedDay): string {
  return [value.holiday_name, value.abono_tipo ? `Abono: ${ABONO_LABELS[value.abono_tipo]}` : null, ...value.flags.map((flag) => DAY_FLAG_LABELS[flag] ?? flag)].filter(Boolean).join('; ');
}

function Marks({ value, sources }: { value: TreatedDay; sources: readonly ('O' | 'I' | 'D')[] }) {
  const marks = value.marks.filter((mark) => sources.includes(mark.source));
  if (marks.length === 0) return <span className="text-muted-foreground">—</span>;
  return (
    <span className="flex flex-wrap gap-0.5 sm:flex-nowrap">
      {marks.map((mark) => (
        <MarkChip key={`${mark.at}-${mark.source}-${mark.ponto_id ?? mark.ajuste_id ?? ''}`} mark={mark} adjustment={adjustmentOf(value, mark)} />
      ))}
    </span>
  );
}

/** An employee's month as the espelho de ponto (Portaria 671 art. 84), ready to print on A4. */
export function EspelhoPrintView({ userId, month }: { userId: string; month: string }) {
  const espelho = useEspelhoPrint(userId, month);
  if (espelho.isLoading) return <Skeleton className="h-96" aria-hidden="true" />;
  if (espelho.isError)
    return <LoadError message={timeClockMessages.espelhoPrintLoadError} detail={timeClockLoadErrorDetail(espelho.error)} onRetry={() => void espelho.refetch()} />;
  if (!espelho.data) return null;
  return <EspelhoSheet data={espelho.data} />;
}

export function EspelhoSheet({ data }: { data: EspelhoPrint }) {
  const { employer, employee, totals } = data;
  const adjustments = data.days.flatMap((value) => value.adjustments.map((adjustment) => ({ date: value.date, adjustment })));
  const ack = data.acknowledgement;
  return (
    <div className="grid min-w-0 gap-3">
      <style>{PRINT_CSS}</style>
      <div className="no-print flex flex-wrap items-center gap-2">
        <Button onClick={() => window.print()}>
          <Printer aria-hidden="true" /> Imprimir
        </Button>
        <p className="text-sm text-muted-foreground">Uma folha A4 por mês; o tema escuro não vai para o papel.</p>
      </div>
      <article aria-label={`Espelho de ponto de ${employee.full_name}, ${monthLabel(data.month)}`} className="espelho-print grid min-w-0 gap-3 rounded-xl border bg-card p-4 text-sm text-card-foreground shadow-sm">
        <div className="grid gap-1 border-b pb-2">
          <h2 className="text-lg font-semibold">Espelho de Ponto — {monthLabel(data.month)}</h2>
          <p className="text-xs text-muted-foreground">Controle interno de jornada da rede — não é um REP-P certificado. Emitido em {formatDateTime(data.emitted_at)}.</p>
        </div>
        <dl className="grid gap-x-6 gap-y-0.5 sm:grid-cols-2 [&_dt]:inline [&_dt]:font-medium [&_dd]:inline">
          <div className="grid content-start gap-0.5">
            <p className="text-xs font-semibold uppercase text-muted-foreground">Empregador</p>
            <div>
              <dt>Razão social: </dt>
              <dd>{employer.legal_name ?? 'não cadastrada'}</dd>
            </div>
            <div>
              <dt>CNPJ: </dt>
              <dd className="font-mono">{cnpjText(employer.cnpj)}</dd>
            </div>
            <div>
              <dt>Unidade: </dt>
              <dd>{employer.unit_name ?? '—'}</dd>
            </div>
            <div>
              <dt>Endereço: </dt>
              <dd className="break-words">{employer.address ?? 'não cadastrado'}</dd>
            </div>
          </div>
          <div className="grid content-start gap-0.5">
            <p className="text-xs font-semibold uppercase text-muted-foreground">Empregado</p>
            <div>
              <dt>Nome: </dt>
              <dd>{employee.full_name}</dd>
            </div>
            <div>
              <dt>CPF: </dt>
              <dd className="font-mono" data-testid="espelho-cpf">
                {cpfText(employee.cpf)}
              </dd>
            </div>
            <div>
              <dt>Admissão: </dt>
              <dd>{employee.admission_date ? day(employee.admission_date) : 'não cadastrada'}</dd>
            </div>
            <div>
              <dt>Cargo: </dt>
              <dd>{employee.job_title ?? 'não cadastrado'}</dd>
            </div>
          </div>
        </dl>
        <div className="grid gap-0.5">
          <p>
            <span className="font-medium">Período: </span>
            {day(data.days[0]?.date ?? data.month)} a {day(data.days.at(-1)?.date ?? data.month)}
            {' · '}
            {data.closed ? `Mês fechado${data.closed_at ? ` em ${formatDateTime(data.closed_at)}` : ''}` : 'Mês aberto (valores sujeitos a tratamento)'}
          </p>
          <p className="font-medium">Horário contratual:</p>
          {data.schedules.length === 0 ? (
            <p className="text-muted-foreground">Nenhuma escala no mês.</p>
          ) : (
            <ul className="grid gap-0.5 pl-4">
              {data.schedules.map((schedule) => (
                <li key={`${schedule.template_name}-${schedule.valid_from}`} className="list-disc">
                  {schedule.template_name}: {schedule.description} (desde {day(schedule.valid_from)}
                  {schedule.valid_to ? ` até ${day(schedule.valid_to)}` : ''})
                </li>
              ))}
            </ul>
          )}
        </div>
        <div className="min-w-0 overflow-x-auto">
          <table aria-label={`Dias de ${monthLabel(data.month)}`} className="w-full border-collapse text-xs [&_td]:border-b [&_td]:px-1.5 [&_td]:py-0.5 [&_td]:align-top [&_th]:border-b [&_th]:px-1.5 [&_th]:py-1 [&_th]:text-left">
            <thead>
              <tr>
                <th>Dia</th>
                <th>Horário</th>
                <th>Marcações originais</th>
                <th>Marcações tratadas</th>
                <th className="text-right">Trabalhadas</th>
                <th className="text-right">Noturnas (reduzidas)</th>
                <th className="text-right">Saldo</th>
                <th>Ocorrências</th>
              </tr>
            </thead>
            <tbody>
              {data.days.map((value) => {
                const future = value.future;
                return (
                  <tr key={value.date} data-day={value.date} className={value.day_kind === 'work' ? undefined : 'bg-muted/40'}>
                    <td className="whitespace-nowrap">{formatWeekdayShortDay(value.date)}</td>
                    <td className="whitespace-nowrap">{daySchedule(value)}</td>
                    <td data-column="originais">
                      <Marks value={value} sources={['O', 'D']} />
                    </td>
                    <td data-column="tratadas">
                      <Marks value={value} sources={['O', 'I']} />
                    </td>
                    <td className="text-right font-mono whitespace-nowrap">{future ? '—' : formatMinutes(value.worked_minutes)}</td>
                    <td className="text-right font-mono whitespace-nowrap">{value.night_reduced_minutes > 0 ? formatMinutes(value.night_reduced_minutes) : '—'}</td>
                    <td className={`text-right font-mono whitespace-nowrap ${value.balance_minutes < 0 && !future ? 'text-destructive' : ''}`}>{future ? '—' : formatMinutes(value.balance_minutes)}</td>
                    <td className="min-w-24">{dayNotes(value)}</td>
                  </tr>
                );
              })}
            </tbody>
            <tfoot>
              <tr className="font-semibold">
                <td colSpan={4}>Totais do mês (esperadas {formatMinutes(totals.expected_minutes)})</td>
                <td className="text-right font-mono" data-testid="espelho-total-worked">
                  {formatMinutes(totals.worked_minutes)}
                </td>
                <td className="text-right font-mono">{formatMinutes(totals.night_reduced_minutes)}</td>
                <td className="text-right font-mono">{formatMinutes(totals.balance_minutes)}</td>
                <td>{totals.absences > 0 ? formatCount(totals.absences, 'falta', 'faltas') : 'Sem faltas'}</td>
              </tr>
            </tfoot>
          </table>
        </div>
        <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-muted-foreground">
          <span>Legenda: original; <em>I</em> incluída; <s>D</s> desconsiderada (mantida no registro).</span>
          {data.bank ? <span>Banco de horas: saldo {formatMinutes(data.bank.balance_minutes)}.</span> : null}
        </p>
        {adjustments.length > 0 ? (
          <div className="grid gap-0.5">
            <p className="font-medium">Tratamentos do mês</p>
            <ul aria-label="Tratamentos do mês" className="grid gap-0.5 text-xs">
              {adjustments.map(({ date, adjustment }) => (
                <li key={adjustment.id} className={adjustment.revoked ? 'text-muted-foreground line-through' : undefined}>
                  {formatDate(`${date}T12:00:00Z`).slice(0, 5)} — {adjustmentWhat(adjustment)}: {adjustment.motivo} (por {adjustment.created_by_name ?? 'usuário removido'} em{' '}
                  {formatDateTime(adjustment.created_at)}
                  {adjustment.revoked ? ', revogado' : ''})
                </li>
              ))}
            </ul>
          </div>
        ) : null}
        <div className="grid gap-0.5 border-t pt-2" data-testid="espelho-acknowledgement">
          <p>
            <span className="font-medium">Ciência do empregado: </span>
            {!data.closed
              ? 'o mês ainda não foi fechado.'
              : ack
                ? `${ack.concorda ? 'concordou' : 'discordou'} em ${formatDateTime(ack.created_at)}${ack.comentario ? ` — "${ack.comentario}"` : ''}.`
                : 'pendente.'}
          </p>
          {data.sha256 ? <p className="font-mono text-[10px] break-all text-muted-foreground">SHA-256 do espelho fechado: {data.sha256}</p> : null}
        </div>
        <div className="mt-4 grid grid-cols-2 gap-8 text-center text-xs">
          <p className="border-t border-foreground pt-1">Empregador</p>
          <p className="border-t border-foreground pt-1">Empregado</p>
        </div>
      </article>
    </div>
  );
}
