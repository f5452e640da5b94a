import { Paperclip } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { toast } from '@/components/ui/use-toast';
import { formatDate, formatTime } from '@/lib/dates';
import { cn } from '@/lib/utils';
import { getPunchAttachmentUrl } from '@/features/time-clock/api/get-punch-attachment-url';
import { formatMinutes } from '@/features/time-clock/logic';
import { timeClockErrorMessage, timeClockMessages } from '@/features/time-clock/messages';
import { adjustmentOf, AGREEMENT_LABELS, AGREEMENT_RULES, DAY_FLAG_LABELS, MARK_SOURCE_LABELS, type Adjustment, type HourBank, type PunchRequest, type TreatedDay, type TreatedMark } from '@/features/time-clock/treatment';

/**
 * One mark of a day in the style of its source (Portaria 671): an original as it is, an included one in italics on a blue
 * ground with 'I', a disregarded one struck through with 'D'. A treated mark tells its motive on hover, focus or tap.
 */
export function MarkChip({ mark, adjustment }: { mark: TreatedMark; adjustment: Adjustment | null }) {
  const [open, setOpen] = useState(false);
  const time = formatTime(mark.at);
  const source = MARK_SOURCE_LABELS[mark.source];
  const chip = (
    <span
      data-source={mark.source}
      className={cn(
        'inline-flex items-center gap-1 rounded px-1.5 py-0.5 font-mono text-xs',
        mark.source === 'O' && 'bg-muted text-foreground',
        mark.source === 'I' && 'bg-sky-100 text-sky-900 italic ring-1 ring-sky-400 dark:bg-sky-950 dark:text-sky-100',
        mark.source === 'D' && 'bg-transparent text-muted-foreground line-through decoration-red-500 ring-1 ring-red-300 dark:ring-red-800',
      )}
    >
      {mark.source === 'D' ? <del className="no-underline">{time}</del> : time}
      {mark.source === 'O' ? null : (
        <span aria-hidden="true" className="font-sans text-[10px] font-semibold not-italic">
          {mark.source}
        </span>
      )}
      {mark.fora_da_unidade ? <span className="sr-only">, fora da unidade</span> : null}
    </span>
  );
  if (mark.source === 'O') return <span aria-label={`${time} (${source})`}>{chip}</span>;
  const motive = adjustment ? adjustment.motivo : '';
  const label = `${time} (${source}${motive ? `: ${motive}` : ''})`;
  const details = [
    source,
    motive ? `Motivo: ${motive}` : null,
    adjustment?.created_by_name ? `Por ${adjustment.created_by_name}` : null,
    adjustment?.after_closing ? 'Feito após o fechamento do mês' : null,
  ].filter(Boolean);
  return (
    <span className="inline-flex flex-col items-start gap-0.5">
      {/* A button: the motive shows on hover (title) and on a tap or Enter (phones have no hover). */}
      <button
        type="button"
        aria-label={label}
        aria-expanded={open}
        title={details.join(' · ')}
        onClick={() => setOpen(!open)}
        className="rounded focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
      >
        {chip}
      </button>
      {open ? (
        <span role="note" className="max-w-56 font-sans text-xs whitespace-normal text-muted-foreground">
          {details.join(' · ')}
        </span>
      ) : null}
    </span>
  );
}

/** Every mark of the day by time, the disregarded ones kept (struck through). */
export function DayMarks({ day }: { day: TreatedDay }) {
  if (day.marks.length === 0) return <span className="text-muted-foreground">—</span>;
  return (
    <span className="flex flex-wrap gap-1">
      {day.marks.map((mark) => (
        <MarkChip key={`${mark.at}-${mark.source}-${mark.ponto_id ?? mark.ajuste_id ?? ''}`} mark={mark} adjustment={adjustmentOf(day, mark)} />
      ))}
    </span>
  );
}

/** The day's flags as short badges ('Falta', 'Intervalo curto'…), plus the abono or holiday. */
export function DayFlags({ day }: { day: TreatedDay }) {
  return (
    <span className="flex flex-wrap gap-1">
      {day.holiday_name ? <Badge variant="secondary">Feriado: {day.holiday_name}</Badge> : null}
      {day.abono_tipo ? <Badge variant="secondary">Abonado</Badge> : null}
      {day.flags.map((flag) => (
        <Badge key={flag} variant="outline" className="border-amber-400 text-amber-800 dark:text-amber-200">
          {DAY_FLAG_LABELS[flag] ?? flag}
        </Badge>
      ))}
      {day.tolerance_applied ? (
        <Badge variant="outline" title="Variações dentro de 5 minutos por marcação e 10 por dia (CLT art. 58 §1)">
          Tolerância
        </Badge>
      ) : null}
    </span>
  );
}

/** A balance with its sign, red when negative. */
export function Balance({ minutes, className }: { minutes: number; className?: string }) {
  return <span className={cn('font-mono', minutes < 0 && 'text-destructive', className)}>{formatMinutes(minutes)}</span>;
}

/** Opens a private attachment through a one-minute signed link. */
export function AttachmentLink({ path, label = 'Ver anexo' }: { path: string; label?: string }) {
  const open = async () => {
    // The tab opens on the click (popup blockers allow it) and gets the address once signed.
    const opened = window.open('', '_blank');
    if (opened) opened.opener = null;
    try {
      const url = await getPunchAttachmentUrl(path);
      if (opened) opened.location.href = url;
      else window.location.assign(url);
    } catch (error) {
      opened?.close();
      toast({ title: timeClockMessages.attachmentOpenError, description: timeClockErrorMessage(error), variant: 'destructive' });
    }
  };
  return (
    <Button type="button" variant="link" size="sm" className="h-auto p-0" onClick={() => void open()}>
      <Paperclip aria-hidden="true" /> {label}
    </Button>
  );
}

/** The hour bank: balance, the minutes expiring next, and the agreement in force; a manager's actions go in `actions`. */
export function HourBankCard({ bank, actions }: { bank: HourBank; actions?: ReactNode }) {
  return (
    <Card role="region" className="min-w-0" aria-label="Banco de horas">
      <CardHeader>
        <CardTitle className="text-base">Banco de horas</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-1 text-sm">
        <p>
          Saldo: <Balance minutes={bank.balance_minutes} className="text-lg font-semibold" />
        </p>
        {bank.next_expiry ? (
          <p>
            Vencem em {formatDate(`${bank.next_expiry.expires_on}T12:00:00Z`)}: <span className="font-mono">{formatMinutes(bank.next_expiry.minutes)}</span>
          </p>
        ) : (
          <p className="text-muted-foreground">Nenhum saldo a vencer.</p>
        )}
        {bank.expired_minutes > 0 ? <p className="text-muted-foreground">Já vencidas: {formatMinutes(bank.expired_minutes)}</p> : null}
        <div className="mt-2 grid gap-0.5 border-t pt-2" data-testid="hour-bank-agreement">
          <p className="font-medium">Acordo do banco de horas</p>
          <p>
            {AGREEMENT_LABELS[bank.agreement.tipo]}
            {bank.agreement.valid_from ? <span className="text-muted-foreground"> desde {formatDate(`${bank.agreement.valid_from}T12:00:00Z`)}</span> : null}
          </p>
          <p className="text-xs text-muted-foreground">{AGREEMENT_RULES[bank.agreement.tipo]}</p>
        </div>
        {actions}
      </CardContent>
    </Card>
  );
}


/** A request's status as a badge. */
export function StatusBadge({ status }: { status: PunchRequest['status'] }) {
  if (status === 'APROVADA') return <Badge variant="secondary">Aprovada</Badge>;
  if (status === 'REJEITADA') return <Badge variant="destructive">Rejeitada</Badge>;
  return (
    <Badge variant="outline" className="border-amber-400 text-amber-800 dark:text-amber-200">
      Pendente
    </Badge>
  );
}

