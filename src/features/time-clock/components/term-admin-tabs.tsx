import { zodResolver } from '@hookform/resolvers/zod';
import { FileSignature } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { useSearchParams } from 'react-router-dom';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { DateRangeFilter } from '@/components/ui/date-range-filter';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { LoadError } from '@/components/ui/load-error';
import { Skeleton } from '@/components/ui/skeleton';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { Textarea } from '@/components/ui/textarea';
import { formatDateTime, isValidDay } from '@/lib/dates';
import { useConsents } from '@/features/time-clock/api/get-consents';
import { useTermVersions } from '@/features/time-clock/api/get-term-versions';
import { usePublishTerm } from '@/features/time-clock/api/publish-term';
import { timeClockLoadErrorDetail, timeClockMessages } from '@/features/time-clock/messages';
import { termFormSchema, type TermFormValues } from '@/features/time-clock/schemas';

/** 'Termo LGPD': the active version, publishing a new one, and the history of versions. */
export function TermTab() {
  const versions = useTermVersions();
  const publish = usePublishTerm();
  const active = versions.data?.find((version) => version.active) ?? null;
  const form = useForm({ resolver: zodResolver(termFormSchema), defaultValues: { versao: '', texto: active?.texto ?? '' } satisfies TermFormValues });
  const { errors } = form.formState;
  const submit = form.handleSubmit((values) => publish.mutate(values, { onSuccess: () => form.reset({ versao: '', texto: values.texto }) }));

  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <Card>
        <CardHeader>
          <CardTitle className="flex items-center gap-2 text-base">
            <FileSignature aria-hidden="true" className="size-4" /> Versão ativa
          </CardTitle>
          <CardDescription>{active ? `Versão ${active.versao}, publicada em ${formatDateTime(active.createdAt)}.` : timeClockMessages.noActiveTerm}</CardDescription>
        </CardHeader>
        {active ? (
          <CardContent className="grid gap-2">
            <div className="max-h-72 overflow-y-auto rounded-md border bg-muted/40 p-3 text-sm whitespace-pre-wrap">{active.texto}</div>
            <p className="font-mono text-xs break-all text-muted-foreground">SHA-256: {active.sha256}</p>
          </CardContent>
        ) : null}
      </Card>
      <Card>
        <CardHeader>
          <CardTitle className="text-base">Publicar nova versão</CardTitle>
          <CardDescription>
            Uma versão publicada não muda mais. Ao publicar, todos os funcionários verão o novo texto — com o aviso de que ele mudou — e precisarão
            aceitar de novo antes de usar o ponto.
          </CardDescription>
        </CardHeader>
        <CardContent>
          <form onSubmit={(event) => void submit(event)} noValidate className="grid gap-3">
            <Field label="Versão" error={errors.versao?.message}>
              <Input placeholder="Ex.: 2.0" {...form.register('versao')} />
            </Field>
            <div className="grid gap-2">
              <Label htmlFor="term-text">Texto do termo</Label>
              <Textarea id="term-text" rows={10} aria-invalid={errors.texto ? true : undefined} {...form.register('texto')} />
              {errors.texto ? <p className="text-sm text-destructive">{errors.texto.message}</p> : null}
            </div>
            <Button type="submit" disabled={publish.isPending}>
              Publicar versão
            </Button>
          </form>
        </CardContent>
      </Card>
      <Card className="lg:col-span-2">
        <CardHeader>
          <CardTitle className="text-base">Histórico de versões</CardTitle>
        </CardHeader>
        <CardContent>
          {versions.isLoading ? (
            <Skeleton className="h-16" />
          ) : versions.isError ? (
            <LoadError message={timeClockMessages.termVersionsLoadError} detail={timeClockLoadErrorDetail(versions.error)} onRetry={() => void versions.refetch()} />
          ) : (
            <ul aria-label="Versões do termo" className="grid gap-1 text-sm">
              {versions.data?.map((version) => (
                <li key={version.id} className="flex flex-wrap items-center justify-between gap-2">
                  <span>
                    Versão {version.versao} · {formatDateTime(version.createdAt)} {version.active ? <Badge variant="secondary">Ativa</Badge> : null}
                  </span>
                  <span className="font-mono text-xs text-muted-foreground">{version.sha256.slice(0, 16)}…</span>
                </li>
              ))}
            </ul>
          )}
        </CardContent>
      </Card>
    </div>
  );
}

/** The period of the consents list in the URL (?de=…&ate=…). */
const CONSENT_PARAMS = { from: 'de', to: 'ate' } as const;

/** 'Consentimentos': who accepted the term, in a period. */
export function ConsentsTab() {
  const [params] = useSearchParams();
  const day = (name: string) => {
    const value = params.get(name);
    return isValidDay(value) ? value : '';
  };
  const consents = useConsents(day(CONSENT_PARAMS.from), day(CONSENT_PARAMS.to));
  return (
    <div className="grid gap-4">
      <DateRangeFilter id="consents" label="Período" fromLabel="De" toLabel="Até" fromParam={CONSENT_PARAMS.from} toParam={CONSENT_PARAMS.to} inputClassName="w-44" />
      {consents.isError ? (
        <LoadError message={timeClockMessages.consentsLoadError} detail={timeClockLoadErrorDetail(consents.error)} onRetry={() => void consents.refetch()} />
      ) : null}
      <div className="overflow-x-auto rounded-xl border bg-card shadow-sm">
        <Table aria-label="Consentimentos aceitos">
          <TableHeader>
            <TableRow>
              <TableHead>Funcionário</TableHead>
              <TableHead>Versão</TableHead>
              <TableHead>Data e hora</TableHead>
              <TableHead>Origem</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {consents.isLoading ? (
              <TableRow>
                <TableCell colSpan={4}>
                  <Skeleton className="h-10" />
                </TableCell>
              </TableRow>
            ) : consents.isError ? null : (consents.data ?? []).length === 0 ? (
              <TableRow>
                <TableCell colSpan={4} className="py-6 text-center text-muted-foreground">
                  Nenhum consentimento no período.
                </TableCell>
              </TableRow>
            ) : (
              consents.data?.map((consent) => (
                <TableRow key={consent.id}>
                  <TableCell>{consent.employeeName}</TableCell>
                  <TableCell>{consent.versao ?? '—'}</TableCell>
                  <TableCell className="whitespace-nowrap">{formatDateTime(consent.at)}</TableCell>
                  <TableCell className="font-mono text-xs">{consent.origin ?? '—'}</TableCell>
                </TableRow>
              ))
            )}
          </TableBody>
        </Table>
      </div>
    </div>
  );
}
