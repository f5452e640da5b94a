import { ShieldCheck } from 'lucide-react';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { Card, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { LoadError } from '@/components/ui/load-error';
import { Skeleton } from '@/components/ui/skeleton';
import { toast } from '@/components/ui/use-toast';
import { formatDateTime } from '@/lib/dates';
import { useActiveTerm } from '@/features/time-clock/api/get-active-term';
import { useMyConsent } from '@/features/time-clock/api/get-my-consent';
import { useRecordConsent } from '@/features/time-clock/api/record-consent';
import { timeClockLoadErrorDetail, timeClockMessages } from '@/features/time-clock/messages';

/**
 * Nothing of the time clock opens before the user decided on the active LGPD term: the full text in a
 * blocking dialog, accept and refuse equally easy (LGPD art. 8; ANPD practice). A refusal keeps the clock
 * closed, says who keeps the hours meanwhile (the administrator) and how to change one's mind (the text
 * again, then accept); a new version asks again and says the text changed. Without an active term, the
 * spec's toast (§8) and, on the page, who unblocks it. Deciding
 * needs PUNCH_CLOCK_ACCESS (`mayDecide`; the database refuses it otherwise); revoking an acceptance one gave
 * never does.
 */
export function ConsentGate({ userId, mayDecide = true, children }: { userId: string; mayDecide?: boolean; children: ReactNode }) {
  const term = useActiveTerm();
  const consent = useMyConsent(userId, term.data?.id ?? null);
  const record = useRecordConsent();
  // A refusal can be reconsidered: the text opens again (never an acceptance without it).
  const [reading, setReading] = useState(false);
  useNoActiveTermToast(!term.isLoading && !term.isError && term.data === null);

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
          <CardTitle>Ponto Digital indisponível</CardTitle>
          <CardDescription role="alert" className="grid gap-1">
            <span className="font-medium text-foreground">{timeClockMessages.noActiveTerm}</span>
            <span>{timeClockMessages.noActiveTermExplained}</span>
          </CardDescription>
        </CardHeader>
      </Card>
    );
  }
  const rereading = consent.data?.decision === 'refused';
  const decide = (accepted: boolean) => record.mutate({ termId: term.data!.id, accepted }, { onSettled: () => setReading(false) });
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
            <CardDescription className="grid gap-2">
              <span>{timeClockMessages.termRefused(consent.data.at ? formatDateTime(consent.data.at) : '—')}</span>
              <span>{timeClockMessages.termRefusedMeanwhile}</span>
              <span>Se mudar de ideia, leia o termo novamente e aceite.</span>
            </CardDescription>
          </CardHeader>
          <div className="px-6 pb-6">
            <Button onClick={() => setReading(true)} disabled={record.isPending}>
              Ler e aceitar o termo
            </Button>
          </div>
        </Card>
      ) : null}
      {/* The first decision blocks (no way out but a decision); re-reading after a refusal can be left with 'Voltar'. */}
      <Dialog open={consent.data?.decision === 'none' || reading} onOpenChange={(open) => !open && rereading && setReading(false)}>
        <DialogContent
          className="max-h-[90vh] overflow-y-auto sm:max-w-2xl"
          onInteractOutside={(event) => event.preventDefault()}
          onEscapeKeyDown={(event) => !rereading && event.preventDefault()}
          hideClose
        >
          <DialogHeader>
            <DialogTitle className="flex items-center gap-2">
              <ShieldCheck aria-hidden="true" className="size-5 text-primary" /> Termo de consentimento LGPD — versão {term.data.versao}
            </DialogTitle>
            <DialogDescription>
              {rereading
                ? 'Leia o termo e decida. Aceitando, o Ponto Digital abre para você; recusando, o administrador continua registrando as suas horas.'
                : consent.data?.acceptedEarlierVersion
                ? 'O texto do termo mudou desde a versão que você aceitou. Leia a nova versão e decida novamente.'
                : 'Antes de usar o Ponto Digital, leia o termo e decida. Você poderá revogar a sua decisão a qualquer momento, com um clique, no próprio Ponto Digital.'}
            </DialogDescription>
          </DialogHeader>
          <div className="rounded-md border bg-muted/40 p-4 text-sm whitespace-pre-wrap" tabIndex={0} aria-label="Texto do termo">
            {term.data.texto}
          </div>
          <p className="font-mono text-xs break-all text-muted-foreground">SHA-256 do texto: {term.data.sha256}</p>
          <DialogFooter className="gap-2 sm:justify-between">
            {rereading ? (
              <Button variant="outline" className="sm:flex-1" disabled={record.isPending} onClick={() => setReading(false)}>
                Voltar
              </Button>
            ) : (
              <Button variant="outline" className="sm:flex-1" disabled={record.isPending} onClick={() => decide(false)}>
                Recusar
              </Button>
            )}
            <Button className="sm:flex-1" disabled={record.isPending} onClick={() => decide(true)}>
              Aceitar
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </>
  );
}

/** Spec §8: 'Nenhuma versão ativa do termo LGPD encontrada' as a toast, once per visit of the page. */
function useNoActiveTermToast(noTerm: boolean) {
  const shown = useRef(false);
  useEffect(() => {
    if (!noTerm || shown.current) return;
    shown.current = true;
    toast({ title: timeClockMessages.noActiveTerm, description: timeClockMessages.noActiveTermExplained, variant: 'destructive' });
  }, [noTerm]);
}
