import { AlertTriangle, ClipboardList, Search, Trash2 } from 'lucide-react';
import { useEffect, useMemo, useState } from 'react';
import { Link } from 'react-router-dom';
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '@/components/ui/alert-dialog';
import { Button } from '@/components/ui/button';
import { Card, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Skeleton } from '@/components/ui/skeleton';
import { toast } from '@/components/ui/use-toast';
import { formatNumber } from '@/lib/dates';
import { SHORTAGES_LOAD_ERROR } from '@/lib/errors';
import { useGroups } from '@/features/shortages/api/get-groups';
import { SHORTAGE_LIST_LIMIT, useShortages } from '@/features/shortages/api/get-shortages';
import { useDeleteShortage, useDeleteShortages, useUpdateShortageStatus } from '@/features/shortages/api/mutations';
import { EditShortageDialog } from '@/features/shortages/components/edit-shortage-dialog';
import { RegisterShortageForm } from '@/features/shortages/components/register-shortage-form';
import { ShortagesList } from '@/features/shortages/components/shortages-list';
import { filterShortagesByText } from '@/features/shortages/filter';
import { SHORTAGE_STATUSES, STATUS_LABELS, type Shortage, type ShortageFilters, type ShortageUser } from '@/features/shortages/types';

interface ShortagesPageProps {
  user: ShortageUser;
  /** Where the user picks a unit (the home page). */
  homePath: string;
}

type Confirm = { kind: 'one'; shortage: Shortage } | { kind: 'bulk'; ids: string[] } | null;

export function ShortagesPage({ user, homePath }: ShortagesPageProps) {
  const [filters, setFilters] = useState<ShortageFilters>({ status: 'ALL', from: '', to: '' });
  const [text, setText] = useState('');
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [editing, setEditing] = useState<Shortage | null>(null);
  const [confirm, setConfirm] = useState<Confirm>(null);

  const shortages = useShortages(filters);
  const groups = useGroups();
  const updateStatus = useUpdateShortageStatus();
  const deleteOne = useDeleteShortage();
  const deleteMany = useDeleteShortages();

  useEffect(() => {
    if (shortages.isError) toast({ title: SHORTAGES_LOAD_ERROR, variant: 'destructive' });
  }, [shortages.isError]);

  const visible = useMemo(() => filterShortagesByText(shortages.data ?? [], text), [shortages.data, text]);
  const selectedVisible = visible.filter((s) => selected.has(s.id)).map((s) => s.id);

  const editById = (id: string) => {
    const found = shortages.data?.find((s) => s.id === id);
    if (found) setEditing(found);
  };

  const unitId = user.unitId;

  return (
    <div className="mx-auto flex w-full max-w-7xl flex-col gap-6">
      <header className="grid gap-1">
        <h1 className="text-2xl font-semibold tracking-tight">Lançar Falta</h1>
        <p className="text-muted-foreground">Registre os produtos em falta na sua unidade e acompanhe o andamento.</p>
      </header>

      {unitId ? (
        <RegisterShortageForm user={{ ...user, unitId }} groups={groups.data ?? []} onEditExisting={editById} />
      ) : (
        <Card className="border-warning">
          <CardHeader className="flex-row items-start gap-3">
            <AlertTriangle aria-hidden="true" className="size-6 shrink-0 text-warning-foreground" />
            <div className="grid gap-1.5">
              <CardTitle>Nenhuma unidade selecionada</CardTitle>
              <CardDescription>
                Para registrar faltas, escolha a sua unidade na{' '}
                <Link to={homePath} className="font-medium text-primary underline-offset-4 hover:underline">
                  página inicial
                </Link>
                .
              </CardDescription>
            </div>
          </CardHeader>
        </Card>
      )}

      <section className="grid gap-3" aria-labelledby="shortages-list-title">
        <div className="flex flex-wrap items-end justify-between gap-3">
          <h2 id="shortages-list-title" className="text-lg font-medium">
            Faltas registradas{user.isAdmin ? '' : user.unitName ? ` · ${user.unitName}` : ''}
          </h2>
          {selectedVisible.length > 0 ? (
            <Button variant="destructive" onClick={() => setConfirm({ kind: 'bulk', ids: selectedVisible })}>
              <Trash2 aria-hidden="true" />
              Excluir selecionadas ({selectedVisible.length})
            </Button>
          ) : null}
        </div>
        <div className="flex flex-wrap items-end gap-3">
          <div className="grid gap-2">
            <Label htmlFor="filter-status">Status</Label>
            <Select value={filters.status} onValueChange={(value) => setFilters((f) => ({ ...f, status: value as ShortageFilters['status'] }))}>
              <SelectTrigger id="filter-status" className="w-48" aria-label="Filtrar por status">
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                <SelectItem value="ALL">Todos</SelectItem>
                {SHORTAGE_STATUSES.map((status) => (
                  <SelectItem key={status} value={status}>
                    {STATUS_LABELS[status]}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          </div>
          <div className="grid gap-2">
            <Label htmlFor="filter-from">De</Label>
            <Input id="filter-from" type="date" className="w-40" value={filters.from} onChange={(e) => setFilters((f) => ({ ...f, from: e.target.value }))} />
          </div>
          <div className="grid gap-2">
            <Label htmlFor="filter-to">Até</Label>
            <Input id="filter-to" type="date" className="w-40" value={filters.to} onChange={(e) => setFilters((f) => ({ ...f, to: e.target.value }))} />
          </div>
          <div className="relative grid min-w-56 flex-1 gap-2">
            <Label htmlFor="filter-text">Buscar</Label>
            <Search aria-hidden="true" className="pointer-events-none absolute bottom-2.5 left-3 size-4 text-muted-foreground" />
            <Input
              id="filter-text"
              type="search"
              className="pl-9"
              placeholder="Produto, código, criador, observação"
              value={text}
              onChange={(e) => setText(e.target.value)}
            />
          </div>
        </div>
        <p className="text-sm text-muted-foreground" aria-live="polite">
          {shortages.isPending
            ? 'Carregando faltas...'
            : `${formatNumber(visible.length)} falta(s)${(shortages.data?.length ?? 0) >= SHORTAGE_LIST_LIMIT ? ` (as ${formatNumber(SHORTAGE_LIST_LIMIT)} mais recentes; use os filtros de período)` : ''}`}
        </p>

        {shortages.isPending ? (
          <div className="grid gap-2" aria-hidden="true">
            {Array.from({ length: 6 }, (_, i) => (
              <Skeleton key={i} className="h-12" />
            ))}
          </div>
        ) : shortages.isError ? (
          <Card className="max-w-xl">
            <CardHeader>
              <CardTitle>{SHORTAGES_LOAD_ERROR}</CardTitle>
              <Button className="mt-2 w-fit" variant="outline" onClick={() => void shortages.refetch()}>
                Tentar novamente
              </Button>
            </CardHeader>
          </Card>
        ) : visible.length === 0 ? (
          <Card>
            <CardHeader className="flex-row items-center gap-3">
              <ClipboardList aria-hidden="true" className="size-6 text-muted-foreground" />
              <CardDescription className="text-base">Nenhuma falta encontrada.</CardDescription>
            </CardHeader>
          </Card>
        ) : (
          <ShortagesList
            shortages={visible}
            selected={selected}
            onToggle={(id, checked) =>
              setSelected((current) => {
                const next = new Set(current);
                if (checked) next.add(id);
                else next.delete(id);
                return next;
              })
            }
            onToggleAll={(checked) => setSelected(checked ? new Set(visible.map((s) => s.id)) : new Set())}
            onEdit={setEditing}
            onDelete={(shortage) => setConfirm({ kind: 'one', shortage })}
            onStatusChange={(shortage, status) => updateStatus.mutate({ id: shortage.id, status })}
          />
        )}
      </section>

      <EditShortageDialog shortage={editing} groups={groups.data ?? []} isBuyer={user.isAdmin} onClose={() => setEditing(null)} />
      <AlertDialog open={confirm !== null} onOpenChange={(open) => !open && setConfirm(null)}>
        <AlertDialogContent>
          <AlertDialogHeader>
            <AlertDialogTitle>{confirm?.kind === 'bulk' ? 'Excluir faltas selecionadas' : 'Excluir falta'}</AlertDialogTitle>
            <AlertDialogDescription>
              {confirm?.kind === 'bulk'
                ? `Deseja excluir ${confirm.ids.length} falta(s)? Faltas em lotes, cotações ou pedidos não serão excluídas.`
                : confirm
                  ? `Deseja excluir a falta de "${confirm.shortage.product?.name ?? ''}"? Esta ação não pode ser desfeita.`
                  : ''}
            </AlertDialogDescription>
          </AlertDialogHeader>
          <AlertDialogFooter>
            <AlertDialogCancel>Cancelar</AlertDialogCancel>
            <AlertDialogAction
              className="bg-destructive text-destructive-foreground hover:bg-destructive/90"
              onClick={() => {
                if (confirm?.kind === 'one') deleteOne.mutate(confirm.shortage.id);
                if (confirm?.kind === 'bulk') deleteMany.mutate(confirm.ids, { onSuccess: () => setSelected(new Set()) });
                setConfirm(null);
              }}
            >
              Excluir
            </AlertDialogAction>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
    </div>
  );
}
