import { ShieldCheck } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { Card, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { LoadError } from '@/components/ui/load-error';
import { Skeleton } from '@/components/ui/skeleton';
import { formatDateTime } from '@/lib/dates';
import { useActiveTerm } from '@/features/time-clock/api/get-active-term';
import { useMyConsent } from '@/features/time-clock/api/get-my-consent';
import { useRecordConsent } from '@/features/time-clock/api/record-consent';
import { timeClockLoadErrorDetail, timeClockMessages } from '@/features/time-clock/messages';

/**
 * Nothing of the time clock opens before the user decided on the active LGPD term: the full text in a
 * blocking dialog, accept and refuse equally easy (LGPD art. 8; ANPD practice). A refusal keeps the clock
 * closed and says how to change one's mind; a new version asks again and says the text changed. Deciding
 * needs PUNCH_CLOCK_ACCESS (`mayDecide`; the database refuses it otherwise); revoking an acceptance one gave
 * never does.
 */
export function ConsentGate({ userId, mayDecide = true, children }: { userId: string; mayDecide?: boolean; children: ReactNode }) {
  const term = useActiveTerm();
  const consent = useMyConsent(userId, term.data?.id ?? null);
  const record = useRecordConsent();

  if (term.isLoading || (term.data && consent.isLoading)) return <Skeleton className="h-64" aria-hidden="true" />;
  if (term.isError || consent.isError) {
    return (
      <LoadError
        message={timeClockMessages.termLoadError}
        detail={timeClockLoadErrorDetail(term.error ?? consent.error)}
        onRetry={() => void (term.isError ? term.refetch() : consent.refetch())}
      />
    );
  }
  if (!term.data) {
    return (
      <Card className="max-w-xl">
        <CardHeader>
          <CardTitle>Termo LGPD</CardTitle>
          <CardDescription role="alert">{timeClockMessages.noActiveTerm}</CardDescription>
        </CardHeader>
      </Card>
    );
  }
  const decide = (accepted: boolean) => record.mutate({ termId: term.data!.id, accepted });
  if (consent.data?.decision === 'accepted') {
    return (
      <>
        {children}
        <p className="flex flex-wrap items-center gap-x-2 text-xs text-muted-foreground">
          Você aceitou o termo LGPD versão {term.data.versao} em {consent.data.at ? formatDateTime(consent.data.at) : '—'}.
          <Button variant="link" size="sm" className="h-auto p-0 text-xs" disabled={record.isPending} onClick={() => decide(false)}>
            Revogar consentimento
          </Button>
        </p>
      </>
    );
  }

  if (!mayDecide) {
    return (
      <Card className="max-w-xl">
        <CardHeader>
          <CardTitle>Ponto Digital indisponível</CardTitle>
          <CardDescription>{timeClockMessages.noPunchAccess}</CardDescription>
        </CardHeader>
      </Card>
    );
  }

  return (
    <>
      {consent.data?.decision === 'refused' ? (
        <Card className="max-w-xl">
          <CardHeader>
            <CardTitle>Ponto Digital indisponível</CardTitle>
            <CardDescription>
              Você recusou (ou revogou) o termo LGPD em {consent.data.at ? formatDateTime(consent.data.at) : '—'}. Para usar o ponto, leia e aceite o
              termo.
            </CardDescription>
          </CardHeader>
          <div className="px-6 pb-6">
            <Button onClick={() => decide(true)} disabled={record.isPending}>
              Ler e aceitar o termo
            </Button>
          </div>
        </Card>
      ) : null}
      <Dialog open={consent.data?.decision === 'none'}>
        <DialogContent className="max-h-[90vh] overflow-y-auto sm:max-w-2xl" onInteractOutside={(event) => event.preventDefault()} onEscapeKeyDown={(event) => event.preventDefault()} hideClose>
          <DialogHeader>
            <DialogTitle className="flex items-center gap-2">
              <ShieldCheck aria-hidden="true" className="size-5 text-primary" /> Termo de consentimento LGPD — versão {term.data.versao}
            </DialogTitle>
            <DialogDescription>
              {consent.data?.acceptedEarlierVersion
                ? 'O texto do termo mudou desde a versão que você aceitou. Leia a nova versão e decida novamente.'
                : 'Antes de usar o Ponto Digital, leia o termo e decida. Você poderá revogar a sua decisão a qualquer momento, com um clique, no próprio Ponto Digital.'}
            </DialogDescription>
          </DialogHeader>
          <div className="rounded-md border bg-muted/40 p-4 text-sm whitespace-pre-wrap" tabIndex={0} aria-label="Texto do termo">
            {term.data.texto}
          </div>
          <p className="font-mono text-xs break-all text-muted-foreground">SHA-256 do texto: {term.data.sha256}</p>
          <DialogFooter className="gap-2 sm:justify-between">
            <Button variant="outline" className="sm:flex-1" disabled={record.isPending} onClick={() => decide(false)}>
              Recusar
            </Button>
            <Button className="sm:flex-1" disabled={record.isPending} onClick={() => decide(true)}>
              Aceitar
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </>
  );
}
