import { zodResolver } from '@hookform/resolvers/zod';
import { MonitorCheck, Pencil, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '@/components/ui/alert-dialog';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { LoadError } from '@/components/ui/load-error';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Skeleton } from '@/components/ui/skeleton';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { formatDateTime } from '@/lib/dates';
import { useAuthorizeComputer } from '@/features/time-clock/api/authorize-computer';
import { useComputers } from '@/features/time-clock/api/get-computers';
import { useUpdateComputer } from '@/features/time-clock/api/update-computer';
import { readDeviceToken } from '@/features/time-clock/device-token';
import { timeClockLoadErrorDetail, timeClockMessages } from '@/features/time-clock/messages';
import { computerFormSchema, computerNameSchema, type ComputerFormValues } from '@/features/time-clock/schemas';
import type { AuthorizedComputer } from '@/features/time-clock/types';

interface ComputersPageProps {
  units: readonly { id: string; name: string }[];
  defaultUnitId: string | null;
}

/** /ponto/computadores (ADMIN): authorize the browser in front of you, list, rename and revoke. */
export function ComputersPage({ units, defaultUnitId }: ComputersPageProps) {
  const computers = useComputers();
  const authorize = useAuthorizeComputer();
  const update = useUpdateComputer();
  const [toRevoke, setToRevoke] = useState<AuthorizedComputer | null>(null);
  const [toRename, setToRename] = useState<AuthorizedComputer | null>(null);
  const [thisBrowser, setThisBrowser] = useState(() => readDeviceToken() !== null);
  const form = useForm({ resolver: zodResolver(computerFormSchema), defaultValues: { name: '', unitId: defaultUnitId ?? '' } satisfies ComputerFormValues });

  const submit = form.handleSubmit((values) =>
    authorize.mutate(values, {
      onSuccess: () => {
        setThisBrowser(true);
        form.reset({ name: '', unitId: values.unitId });
      },
    }),
  );

  return (
    <div className="grid gap-6">
      <div>
        <h1 className="text-2xl font-semibold tracking-tight">Computadores Autorizados</h1>
        <p className="text-sm text-muted-foreground">O ponto só é registrado nos navegadores autorizados aqui, por unidade.</p>
      </div>
      <Card className="max-w-2xl">
        <CardHeader>
          <CardTitle className="flex items-center gap-2 text-base">
            <MonitorCheck aria-hidden="true" className="size-4" /> Autorizar este computador
          </CardTitle>
          <CardDescription>
            {thisBrowser
              ? 'Este navegador já está autorizado. Autorizar de novo substitui a autorização dele.'
              : 'Use esta tela no computador da loja: a autorização fica guardada neste navegador.'}
          </CardDescription>
        </CardHeader>
        <CardContent>
          <form onSubmit={(event) => void submit(event)} noValidate className="grid gap-4 sm:grid-cols-[1fr_14rem_auto] sm:items-end">
            <Field label="Nome do computador" error={form.formState.errors.name?.message}>
              <Input placeholder="Ex.: Caixa 1 — Centro" {...form.register('name')} />
            </Field>
            <div className="grid gap-2">
              <Label htmlFor="computer-unit">Unidade</Label>
              <Controller
                control={form.control}
                name="unitId"
                render={({ field }) => (
                  <Select value={field.value} onValueChange={field.onChange}>
                    <SelectTrigger id="computer-unit" aria-label="Unidade">
                      <SelectValue placeholder="Escolha a unidade" />
                    </SelectTrigger>
                    <SelectContent>
                      {units.map((unit) => (
                        <SelectItem key={unit.id} value={unit.id}>
                          {unit.name}
                        </SelectItem>
                      ))}
                    </SelectContent>
                  </Select>
                )}
              />
              {form.formState.errors.unitId ? <p className="text-sm text-destructive">{form.formState.errors.unitId.message}</p> : null}
            </div>
            <Button type="submit" disabled={authorize.isPending}>
              Autorizar
            </Button>
          </form>
        </CardContent>
      </Card>

      {computers.isError ? (
        <LoadError message={timeClockMessages.computersLoadError} detail={timeClockLoadErrorDetail(computers.error)} onRetry={() => void computers.refetch()} />
      ) : null}

      <div className="overflow-x-auto rounded-xl border bg-card shadow-sm">
        <Table aria-label="Computadores autorizados">
          <TableHeader>
            <TableRow>
              <TableHead>Nome</TableHead>
              <TableHead>Unidade</TableHead>
              <TableHead>Autorizado em</TableHead>
              <TableHead>Último uso</TableHead>
              <TableHead>Situação</TableHead>
              <TableHead className="text-right">Ações</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {computers.isLoading ? (
              <TableRow>
                <TableCell colSpan={6}>
                  <Skeleton className="h-10" />
                </TableCell>
              </TableRow>
            ) : (
              (computers.data ?? []).map((computer) => (
                <TableRow key={computer.id}>
                  <TableCell className="font-medium">{computer.name}</TableCell>
                  <TableCell>{computer.unitName ?? '—'}</TableCell>
                  <TableCell className="whitespace-nowrap">{formatDateTime(computer.createdAt)}</TableCell>
                  <TableCell className="whitespace-nowrap">{computer.lastUsedAt ? formatDateTime(computer.lastUsedAt) : 'Nunca'}</TableCell>
                  <TableCell>{computer.revokedAt ? <Badge variant="outline">Revogado</Badge> : <Badge variant="secondary">Ativo</Badge>}</TableCell>
                  <TableCell className="text-right">
                    <Button variant="ghost" size="icon" aria-label={`Renomear ${computer.name}`} onClick={() => setToRename(computer)}>
                      <Pencil aria-hidden="true" />
                    </Button>
                    {computer.revokedAt ? null : (
                      <Button variant="ghost" size="icon" aria-label={`Revogar ${computer.name}`} onClick={() => setToRevoke(computer)}>
                        <Trash2 aria-hidden="true" />
                      </Button>
                    )}
                  </TableCell>
                </TableRow>
              ))
            )}
          </TableBody>
        </Table>
      </div>

      {toRename ? <RenameDialog computer={toRename} onClose={() => setToRename(null)} /> : null}

      <AlertDialog open={toRevoke !== null} onOpenChange={(open) => !open && setToRevoke(null)}>
        <AlertDialogContent>
          <AlertDialogHeader>
            <AlertDialogTitle>Revogar computador</AlertDialogTitle>
            <AlertDialogDescription>
              “{toRevoke?.name}” não poderá mais registrar ponto. As marcações já feitas nele continuam válidas.
            </AlertDialogDescription>
          </AlertDialogHeader>
          <AlertDialogFooter>
            <AlertDialogCancel>Voltar</AlertDialogCancel>
            <Button variant="destructive" disabled={update.isPending} onClick={() => toRevoke && update.mutate({ id: toRevoke.id, revoke: true, currentName: toRevoke.name }, { onSettled: () => setToRevoke(null) })}>
              Revogar
            </Button>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
    </div>
  );
}

function RenameDialog({ computer, onClose }: { computer: AuthorizedComputer; onClose: () => void }) {
  const update = useUpdateComputer();
  const form = useForm({ resolver: zodResolver(computerNameSchema), defaultValues: { name: computer.name } });
  const submit = form.handleSubmit(({ name }) => update.mutate({ id: computer.id, name, currentName: computer.name }, { onSuccess: onClose }));
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        <form onSubmit={(event) => void submit(event)} noValidate className="grid gap-4">
          <DialogHeader>
            <DialogTitle>Renomear computador</DialogTitle>
            <DialogDescription>O nome aparece nesta lista e ajuda a reconhecer o computador da loja.</DialogDescription>
          </DialogHeader>
          <Field label="Nome do computador" error={form.formState.errors.name?.message}>
            <Input autoFocus {...form.register('name')} />
          </Field>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={onClose}>
              Voltar
            </Button>
            <Button type="submit" disabled={update.isPending}>
              Salvar
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
