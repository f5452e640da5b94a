import { zodResolver } from '@hookform/resolvers/zod';
import { Pencil, Plus } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { formatCnpj } from '@/lib/br-documents';
import { formatDate } from '@/lib/dates';
import { useSaveUnit } from '@/features/users/api/save-unit';
import { unitFormSchema } from '@/features/users/schemas';
import type { UnitEntry } from '@/features/users/types';

/** Units (MANAGE_UNITS): create, rename, set the address, the razão social and the CNPJ. */
export function UnitsTab({ units }: { units: readonly UnitEntry[] }) {
  const [editing, setEditing] = useState<UnitEntry | 'new' | null>(null);
  return (
    <div className="grid gap-4">
      <div className="flex justify-end">
        <Button onClick={() => setEditing('new')}>
          <Plus aria-hidden="true" /> Nova unidade
        </Button>
      </div>
      <div className="overflow-x-auto rounded-xl border bg-card shadow-sm">
        <Table aria-label="Unidades">
          <TableHeader>
            <TableRow>
              <TableHead>Nome</TableHead>
              <TableHead>Endereço</TableHead>
              <TableHead>Razão social</TableHead>
              <TableHead>CNPJ</TableHead>
              <TableHead>Criada em</TableHead>
              <TableHead className="text-right">Ações</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {units.map((unit) => (
              <TableRow key={unit.id}>
                <TableCell className="font-medium">{unit.name}</TableCell>
                <TableCell>{unit.address ?? <span className="text-muted-foreground">Sem endereço</span>}</TableCell>
                <TableCell>{unit.legalName ?? <span className="text-muted-foreground">Sem razão social</span>}</TableCell>
                <TableCell className="font-mono whitespace-nowrap">
                  {unit.cnpj ? formatCnpj(unit.cnpj) : <span className="font-sans text-muted-foreground">Sem CNPJ</span>}
                </TableCell>
                <TableCell>{formatDate(unit.createdAt)}</TableCell>
                <TableCell className="text-right">
                  <Button variant="ghost" size="icon" aria-label={`Editar ${unit.name}`} onClick={() => setEditing(unit)}>
                    <Pencil aria-hidden="true" />
                  </Button>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </div>
      {editing ? <UnitDialog unit={editing === 'new' ? null : editing} onClose={() => setEditing(null)} /> : null}
    </div>
  );
}

function UnitDialog({ unit, onClose }: { unit: UnitEntry | null; onClose: () => void }) {
  const save = useSaveUnit();
  const form = useForm({
    resolver: zodResolver(unitFormSchema),
    defaultValues: { name: unit?.name ?? '', address: unit?.address ?? '', legalName: unit?.legalName ?? '', cnpj: unit?.cnpj ? formatCnpj(unit.cnpj) : '' },
  });
  const cnpj = form.register('cnpj');
  const submit = form.handleSubmit((values) => save.mutate({ unitId: unit?.id ?? null, values }, { onSuccess: onClose }));
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        <form onSubmit={(event) => void submit(event)} noValidate className="grid gap-4">
          <DialogHeader>
            <DialogTitle>{unit ? 'Editar unidade' : 'Nova unidade'}</DialogTitle>
            <DialogDescription>
              O nome aparece no menu, no início e nas listas de faltas. Razão social, CNPJ e endereço vão no comprovante de ponto, no espelho e no AFD.
            </DialogDescription>
          </DialogHeader>
          <Field label="Nome da unidade" error={form.formState.errors.name?.message}>
            <Input autoFocus {...form.register('name')} />
          </Field>
          <Field label="Endereço" error={form.formState.errors.address?.message}>
            <Input {...form.register('address')} />
          </Field>
          <Field label="Razão social" error={form.formState.errors.legalName?.message}>
            <Input {...form.register('legalName')} />
          </Field>
          <Field label="CNPJ" description="Só os números; a pontuação entra sozinha." error={form.formState.errors.cnpj?.message}>
            <Input
              inputMode="numeric"
              autoComplete="off"
              placeholder="00.000.000/0000-00"
              {...cnpj}
              onChange={(event) => {
                event.target.value = formatCnpj(event.target.value);
                void cnpj.onChange(event);
              }}
            />
          </Field>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={onClose}>
              Voltar
            </Button>
            <Button type="submit" disabled={save.isPending}>
              Salvar
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
