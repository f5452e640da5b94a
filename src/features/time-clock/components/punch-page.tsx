import { Clock, Fingerprint, MapPinOff, Monitor, MonitorX, Printer } from 'lucide-react';
import { useEffect, useState, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Skeleton } from '@/components/ui/skeleton';
import { formatCnpj, formatCpf, maskCpf } from '@/lib/br-documents';
import { formatCount, formatDate, formatFullDate, formatTime } from '@/lib/dates';
import { usePunchComputer } from '@/features/time-clock/api/get-punch-computer';
import { useTodayPunches } from '@/features/time-clock/api/get-today-punches';
import { useRegisterPunch } from '@/features/time-clock/api/register-punch';
import { ConsentGate } from '@/features/time-clock/components/consent-gate';
import { dayStatus, nextExpectedPunch, PUNCH_LABELS } from '@/features/time-clock/logic';
import { timeClockErrorMessage, timeClockMessages } from '@/features/time-clock/messages';
import type { PunchReceipt } from '@/features/time-clock/types';

/** The clock face: São Paulo time, ticking each second (spec §9). Display only: punches take the server's time. */
function LiveClock() {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(new Date()), 1000);
    return () => window.clearInterval(timer);
  }, []);
  return (
    <div className="grid gap-1 text-center">
      <time dateTime={now.toISOString()} aria-label="Hora atual" className="font-mono text-5xl font-semibold tabular-nums sm:text-6xl">
        {formatTime(now, true)}
      </time>
      {/* pt-BR writes weekdays and months in lower case: 'quinta-feira, 26 de novembro de 2026'. */}
      <p className="text-sm text-muted-foreground">{formatFullDate(now)}</p>
    </div>
  );
}

const PRINT_CSS = `.receipt-print-root { display: none; }
@media print {
  body > *:not(.receipt-print-root) { display: none !important; }
  .receipt-print-root { display: block !important; padding: 1cm; }
}`;

/** The flag of a punch made at a unit the employee is not assigned to (receipts, lists, the timesheet). */
export function OutsideUnitBadge() {
  return (
    <Badge variant="outline" className="border-amber-400 text-amber-800 dark:text-amber-200">
      {timeClockMessages.outsideUnit}
    </Badge>
  );
}

/**
 * 'Comprovante de Registro de Ponto do Trabalhador': what Portaria 671 art. 79 lists (employer, CNPJ, workplace,
 * worker and CPF, date and time, NSR, hash). On screen the CPF is masked (anyone may be looking); `printed` is the copy
 * the worker keeps, with the CPF whole.
 */
export function PunchReceiptView({ receipt, printed = false }: { receipt: PunchReceipt; printed?: boolean }) {
  const cpf = receipt.cpf ? (printed ? formatCpf(receipt.cpf) : maskCpf(receipt.cpf)) : null;
  return (
    <article aria-label="Comprovante de Registro de Ponto" className="grid gap-2 rounded-md border p-4 text-sm">
      <h3 className="text-base font-semibold">{timeClockMessages.receiptTitle}</h3>
      <dl className="grid grid-cols-[7rem_1fr] gap-x-3 gap-y-1 sm:grid-cols-[9rem_1fr]">
        <dt className="text-muted-foreground">NSR</dt>
        <dd className="font-mono">{String(receipt.nsr).padStart(9, '0')}</dd>
        <dt className="text-muted-foreground">Empregador</dt>
        <dd>{receipt.employerName ?? '—'}</dd>
        <dt className="text-muted-foreground">CNPJ</dt>
        <dd className="font-mono">{receipt.cnpj ? formatCnpj(receipt.cnpj) : '—'}</dd>
        <dt className="text-muted-foreground">Trabalhador</dt>
        <dd>{receipt.employeeName ?? '—'}</dd>
        <dt className="text-muted-foreground">CPF</dt>
        <dd className="font-mono" data-testid="receipt-cpf">
          {cpf ?? '—'}
        </dd>
        <dt className="text-muted-foreground">Local</dt>
        <dd>
          {receipt.unitName ?? '—'}
          {receipt.unitAddress ? <span className="block text-xs text-muted-foreground">{receipt.unitAddress}</span> : null}
          {receipt.outsideUnit ? (
            <span role="note" className="mt-1 block">
              <OutsideUnitBadge /> <span className="text-xs text-muted-foreground">{timeClockMessages.outsideUnitNote}</span>
            </span>
          ) : null}
        </dd>
        <dt className="text-muted-foreground">Data e hora</dt>
        <dd className="font-mono">
          {formatDate(receipt.punchedAt)} {formatTime(receipt.punchedAt, true)}
        </dd>
        <dt className="text-muted-foreground">Marcação</dt>
        <dd>{PUNCH_LABELS[receipt.punchType]}</dd>
        <dt className="text-muted-foreground">Jornada de</dt>
        <dd>{formatDate(`${receipt.workDate}T12:00:00Z`)}</dd>
        <dt className="text-muted-foreground">Endereço IP</dt>
        <dd className="font-mono text-xs break-all">{receipt.ipAddress ?? '—'}</dd>
        <dt className="text-muted-foreground">Hash</dt>
        <dd className="font-mono text-xs break-all">{receipt.receiptHash}</dd>
      </dl>
      <p className="text-xs text-muted-foreground">{timeClockMessages.receiptNotice}.</p>
    </article>
  );
}

/**
 * The receipt on screen (CPF masked) and, out of sight, the copy `window.print()` prints alone (CPF whole): the
 * worker's own printed receipt.
 */
export function PrintableReceipt({ receipt }: { receipt: PunchReceipt }) {
  return (
    <>
      <style>{PRINT_CSS}</style>
      <PunchReceiptView receipt={receipt} />
      {createPortal(
        <div className="receipt-print-root">
          <PunchReceiptView receipt={receipt} printed />
        </div>,
        document.body,
      )}
    </>
  );
}

/**
 * /ponto: the live clock, today's status and next punch, one big button, and the receipt at once.
 * `afterPunch` (other features' notices, composed by the route) shows only once the day has a punch:
 * nothing ever stands between the employee and the button (domain §7).
 */
export function PunchPage({ userId, afterPunch }: { userId: string; afterPunch?: ReactNode }) {
  return (
    <div className="mx-auto grid w-full max-w-3xl gap-6">
      <div>
        <h1 className="text-2xl font-semibold tracking-tight">Registrar Ponto</h1>
        <p className="text-sm text-muted-foreground">O horário registrado é o do servidor, não o deste computador.</p>
      </div>
      <ConsentGate userId={userId}>
        <PunchPanel userId={userId} afterPunch={afterPunch} />
      </ConsentGate>
    </div>
  );
}

function PunchPanel({ userId, afterPunch }: { userId: string; afterPunch?: ReactNode }) {
  const today = useTodayPunches(userId);
  const punch = useRegisterPunch();
  const computer = usePunchComputer(userId);
  const [receipt, setReceipt] = useState<PunchReceipt | null>(null);
  // Known before the punch: this browser is no authorized computer (no token, or one unknown or revoked).
  const authorized = computer.isSuccess ? computer.data !== null : true;
  const punches = today.data ?? [];
  const status = dayStatus(punches);
  const next = nextExpectedPunch(punches);
  const refused = punch.isError ? timeClockErrorMessage(punch.error) : null;

  return (
    <div className="grid gap-4">
      <Card>
        <CardContent className="grid gap-6 pt-6">
          <LiveClock />
          <div className="flex flex-wrap items-center justify-center gap-3 text-sm">
            <span>
              Situação: <Badge variant="secondary">{today.isLoading ? '…' : status}</Badge>
            </span>
            <span>
              Próxima marcação: <span className="font-medium">{PUNCH_LABELS[next]}</span>
            </span>
          </div>
          <Button
            size="lg"
            className="mx-auto h-16 w-full max-w-sm text-lg"
            disabled={punch.isPending || today.isLoading}
            onClick={() => punch.mutate(undefined, { onSuccess: setReceipt })}
          >
            <Fingerprint aria-hidden="true" className="size-6" /> Registrar {PUNCH_LABELS[next]}
          </Button>
          {computer.data && !computer.data.assigned ? (
            <div role="alert" className="flex items-start gap-3 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100">
              <MapPinOff aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
              <p>
                <span className="font-medium">{timeClockMessages.outsideUnit}.</span> {timeClockMessages.outsideUnitBefore(computer.data.unitName ?? computer.data.name)}
              </p>
            </div>
          ) : computer.data ? (
            <p className="flex items-center justify-center gap-2 text-center text-sm text-muted-foreground">
              <Monitor aria-hidden="true" className="size-4 shrink-0" />
              {timeClockMessages.computerOf(computer.data.name, computer.data.unitName ?? '—')}
            </p>
          ) : null}
          {refused === timeClockMessages.computerNotAuthorized || !authorized ? (
            <div role="alert" className="flex items-start gap-3 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100">
              <MonitorX aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
              <p>
                <span className="font-medium">{timeClockMessages.computerNotAuthorized}</span> Peça a um administrador para autorizar este navegador em Ponto Digital →
                Computadores Autorizados (o ponto só é registrado nos computadores da loja).
              </p>
            </div>
          ) : refused ? (
            <p role="alert" className="text-center text-sm text-destructive">
              {refused}
            </p>
          ) : null}
        </CardContent>
      </Card>

      {punches.length > 0 ? afterPunch : null}

      <Card>
        <CardHeader>
          <CardTitle className="flex items-center gap-2 text-base">
            <Clock aria-hidden="true" className="size-4" /> Marcações da jornada
          </CardTitle>
          <CardDescription>{punches.length === 0 ? 'Nenhuma marcação ainda.' : `${formatCount(punches.length, 'marcação', 'marcações')}.`}</CardDescription>
        </CardHeader>
        {today.isLoading ? (
          <CardContent>
            <Skeleton className="h-16" />
          </CardContent>
        ) : punches.length > 0 ? (
          <CardContent>
            <ol aria-label="Marcações da jornada" className="grid gap-1 text-sm">
              {punches.map((item) => (
                <li key={item.id} className="flex justify-between gap-3">
                  <span>
                    {PUNCH_LABELS[item.punchType]} {item.outsideUnit ? <OutsideUnitBadge /> : null}
                  </span>
                  <span className="font-mono tabular-nums">
                    {formatTime(item.punchedAt, true)} · NSR {item.nsr}
                  </span>
                </li>
              ))}
            </ol>
          </CardContent>
        ) : null}
      </Card>

      <Dialog open={receipt !== null} onOpenChange={(open) => !open && setReceipt(null)}>
        {/* Its own 'Fechar' button closes it (Esc too): no second close control. */}
        <DialogContent hideClose>
          <DialogHeader>
            <DialogTitle>{receipt?.repeated ? 'Marcação já registrada' : 'Ponto registrado'}</DialogTitle>
            <DialogDescription>
              {receipt?.repeated
                ? 'Você marcou há menos de um minuto: este é o comprovante daquela marcação.'
                : 'Guarde ou imprima o comprovante.'}
            </DialogDescription>
          </DialogHeader>
          {receipt ? <PrintableReceipt receipt={receipt} /> : null}
          <DialogFooter>
            <Button variant="outline" onClick={() => window.print()}>
              <Printer aria-hidden="true" /> Imprimir
            </Button>
            <Button onClick={() => setReceipt(null)}>Fechar</Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </div>
  );
}
