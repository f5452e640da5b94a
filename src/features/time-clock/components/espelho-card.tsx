import { zodResolver } from '@hookform/resolvers/zod';
import { CheckCircle2, FileCheck2, MessageSquareWarning } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Field } from '@/components/ui/field';
import { LoadError } from '@/components/ui/load-error';
import { Skeleton } from '@/components/ui/skeleton';
import { Textarea } from '@/components/ui/textarea';
import { formatDateTime } from '@/lib/dates';
import { useAcknowledgeEspelho } from '@/features/time-clock/api/acknowledge-espelho';
import { useEspelho } from '@/features/time-clock/api/get-espelho';
import { timeClockLoadErrorDetail, timeClockMessages } from '@/features/time-clock/messages';
import { contestFormSchema } from '@/features/time-clock/schemas';
import { monthLabel, type Espelho } from '@/features/time-clock/treatment';

/**
 * A closed month's espelho on /meu-ponto and the employee's acknowledgement ('Li e concordo', or 'Discordo' with a
 * comment), recorded at the server's time with the SHA-256 of the espelho shown. Nothing while the month is open.
 */
export function EspelhoCard({ userId, month }: { userId: string; month: string }) {
  const espelho = useEspelho(userId, month);
  if (espelho.isLoading) return <Skeleton className="h-24" aria-hidden="true" />;
  if (espelho.isError)
    return <LoadError message={timeClockMessages.espelhoLoadError} detail={timeClockLoadErrorDetail(espelho.error)} onRetry={() => void espelho.refetch()} />;
  if (!espelho.data) return null;
  return <ClosedEspelho espelho={espelho.data} month={month} />;
}

function ClosedEspelho({ espelho, month }: { espelho: Espelho; month: string }) {
  const [showText, setShowText] = useState(false);
  const ack = espelho.acknowledgement;
  return (
    <Card role="region" className="min-w-0" aria-label={`Espelho fechado de ${monthLabel(month)}`}>
      <CardHeader>
        <CardTitle className="flex items-center gap-2 text-base">
          <FileCheck2 aria-hidden="true" className="size-4" /> Espelho de {monthLabel(month)} (mês fechado)
        </CardTitle>
        <CardDescription>
          {espelho.unit_name ? `${espelho.unit_name}, fechado` : 'Fechado'}
          {espelho.closed_at ? ` em ${formatDateTime(espelho.closed_at)}` : ''}. Confira o espelho e registre sua ciência.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid min-w-0 gap-3">
        <Button variant="outline" className="no-print w-fit" aria-expanded={showText} onClick={() => setShowText(!showText)}>
          {showText ? 'Ocultar espelho' : 'Ver espelho'}
        </Button>
        {showText ? (
          <pre aria-label="Texto do espelho" className="max-h-96 min-w-0 overflow-auto rounded-md border bg-muted/40 p-3 font-mono text-xs whitespace-pre">
            {espelho.text}
          </pre>
        ) : null}
        <p className="font-mono text-xs break-all text-muted-foreground">SHA-256: {espelho.sha256}</p>
        {ack ? (
          <p role="status" className="flex flex-wrap items-center gap-2 text-sm">
            {ack.concorda ? <CheckCircle2 aria-hidden="true" className="size-4 text-emerald-600" /> : <MessageSquareWarning aria-hidden="true" className="size-4 text-amber-600" />}
            {ack.concorda ? 'Você registrou "Li e concordo"' : 'Você registrou que discorda'} em {formatDateTime(ack.created_at)}
            {ack.comentario ? <span className="w-full break-words text-muted-foreground">Seu comentário: {ack.comentario}</span> : null}
          </p>
        ) : (
          <AcknowledgeForm espelho={espelho} />
        )}
      </CardContent>
    </Card>
  );
}

function AcknowledgeForm({ espelho }: { espelho: Espelho }) {
  const acknowledge = useAcknowledgeEspelho();
  const [contesting, setContesting] = useState(false);
  const form = useForm({ resolver: zodResolver(contestFormSchema), defaultValues: { comentario: '' } });
  const { errors } = form.formState;
  const submit = form.handleSubmit((values) => acknowledge.mutate({ month: espelho.month, agree: false, comment: values.comentario, sha256: espelho.sha256 }));
  if (!contesting)
    return (
      <div className="no-print flex flex-wrap gap-2">
        <Button disabled={acknowledge.isPending} onClick={() => acknowledge.mutate({ month: espelho.month, agree: true, comment: '', sha256: espelho.sha256 })}>
          Li e concordo
        </Button>
        <Button variant="outline" onClick={() => setContesting(true)}>
          Discordo
        </Button>
      </div>
    );
  return (
    <form className="no-print grid gap-3" onSubmit={(event) => void submit(event)} noValidate>
      <Field id="espelho-comment" label="Por que você discorda?" error={errors.comentario?.message} description="O administrador vê o seu comentário no fechamento do mês.">
        <Textarea rows={3} {...form.register('comentario')} />
      </Field>
      <div className="flex flex-wrap gap-2">
        <Button type="button" variant="outline" onClick={() => setContesting(false)}>
          Voltar
        </Button>
        <Button type="submit" disabled={acknowledge.isPending}>
          Registrar discordância
        </Button>
      </div>
    </form>
  );
}
