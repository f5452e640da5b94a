import { useQueryClient } from '@tanstack/react-query';
import { AlertTriangle, ClipboardList, Search, Trash2 } from 'lucide-react';
import { useCallback, useMemo, useState } from 'react';
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
import { LoadError } from '@/components/ui/load-error';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Skeleton } from '@/components/ui/skeleton';
import { toast } from '@/components/ui/use-toast';
import { useDebouncedValue } from '@/hooks/use-debounced-value';
import { formatCount, formatNumber } from '@/lib/dates';
import { shortageErrorMessage, shortageMessages } from '@/features/shortages/messages';
import { shortageQueryOptions, useShortageCount, useShortages } from '@/features/shortages/api/get-shortages';
import { useDeleteShortage } from '@/features/shortages/api/delete-shortage';
import { useDeleteShortages } from '@/features/shortages/api/delete-shortages';
import { useUpdateShortageStatus } from '@/features/shortages/api/update-shortage-status';
import { EditShortageDialog } from '@/features/shortages/components/edit-shortage-dialog';
import { RegisterShortageForm } from '@/features/shortages/components/register-shortage-form';
import { ShortagesList, type ShortagesListProps } from '@/features/shortages/components/shortages-list';
import {
  EMPTY_SHORTAGE_FILTERS,
  SHORTAGE_STATUSES,
  STATUS_LABELS,
  type Shortage,
  type ShortageFilters,
  type ShortageGroup,
  type ShortageUnit,
  type ShortageUser,
} from '@/features/shortages/types';

const ALL_UNITS = 'all';
const SEARCH_DELAY_MS = 300;

interface ShortagesPageProps {
  user: ShortageUser;
  /** Where the user picks a unit (the home page). */
  homePath: string;
  /** The categories offered as the shortage's group (the catalogue's own query, composed by the route). */
  groups: readonly ShortageGroup[];
  /** Whether that query failed, why, and how to ask again (the page shows it as a LoadError). */
  groupsLoad: { failed: boolean; error: unknown; retry: () => void };
  /** Admins list every unit and filter by one; everybody else sees only their own unit. */
  units?: readonly ShortageUnit[];
  /** An extra per-row action the route composes from another feature (e.g. 'Transferir de outra unidade'). */
  rowAction?: ShortagesListProps['rowAction'];
}

type Confirm = { kind: 'one'; shortage: Shortage } | { kind: 'bulk'; ids: string[] } | null;

export function ShortagesPage({ user, homePath, groups, groupsLoad, units, rowAction }: ShortagesPageProps) {
  const queryClient = useQueryClient();
  const [form, setForm] = useState<Omit<ShortageFilters, 'text'>>(EMPTY_SHORTAGE_FILTERS);
  const [text, setText] = useState('');
  const searchText = useDebouncedValue(text.trim(), SEARCH_DELAY_MS);
  const filters = useMemo<ShortageFilters>(() => ({ ...form, text: searchText }), [form, searchText]);
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [editing, setEditing] = useState<Shortage | null>(null);
  const [confirm, setConfirm] = useState<Confirm>(null);

  const shortages = useShortages(filters);
  const count = useShortageCount(filters);
  const updateStatus = useUpdateShortageStatus();
  const deleteOne = useDeleteShortage();
  const deleteMany = useDeleteShortages();

  const rows = useMemo(() => shortages.data?.pages.flat() ?? [], [shortages.data]);
  const selectedVisible = rows.filter((s) => selected.has(s.id)).map((s) => s.id);
  const total = count.data;
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = shortages;
  const loadMore = useCallback(() => {
    if (hasNextPage && !isFetchingNextPage) void fetchNextPage();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);

  const editById = async (id: string) => {
    try {
      const found = await queryClient.fetchQuery(shortageQueryOptions(id));
      if (found) setEditing(found);
    } catch {
      toast({ title: shortageMessages.shortagesLoadError, variant: 'destructive' });
    }
  };

  const unitId = user.unitId;
  const searching = text.trim() !== searchText || (shortages.isFetching && !shortages.isFetchingNextPage) || count.isFetching;

  return (
    <div className="mx-auto flex w-full max-w-7xl flex-col gap-6">
      <header className="grid gap-1">
        <h1 className="text-2xl font-semibold tracking-tight">Lançar Falta</h1>
        <p className="text-muted-foreground">Registre os produtos em falta na sua unidade e acompanhe o andamento.</p>
      </header>

      {groupsLoad.failed ? (
        <LoadError message={shortageMessages.categoriesLoadError} detail={shortageErrorMessage(groupsLoad.error)} onRetry={groupsLoad.retry} />
      ) : null}

      {unitId ? (
        <RegisterShortageForm user={{ ...user, unitId }} groups={groups} onEditExisting={(id) => void editById(id)} />
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
            <Select value={form.status} onValueChange={(value) => setForm((f) => ({ ...f, status: value as ShortageFilters['status'] }))}>
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
            <Input id="filter-from" type="date" className="w-40" value={form.from} onChange={(e) => setForm((f) => ({ ...f, from: e.target.value }))} />
          </div>
          <div className="grid gap-2">
            <Label htmlFor="filter-to">Até</Label>
            <Input id="filter-to" type="date" className="w-40" value={form.to} onChange={(e) => setForm((f) => ({ ...f, to: e.target.value }))} />
          </div>
          {units ? (
            <div className="grid gap-2">
              <Label htmlFor="filter-unit">Unidade</Label>
              <Select value={form.unitId ?? ALL_UNITS} onValueChange={(value) => setForm((f) => ({ ...f, unitId: value === ALL_UNITS ? null : value }))}>
                <SelectTrigger id="filter-unit" className="w-48" aria-label="Filtrar por unidade">
                  <SelectValue />
                </SelectTrigger>
                <SelectContent>
                  <SelectItem value={ALL_UNITS}>Todas as unidades</SelectItem>
                  {units.map((unit) => (
                    <SelectItem key={unit.id} value={unit.id}>
                      {unit.name}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
            </div>
          ) : null}
          <div className="relative grid min-w-56 flex-1 gap-2">
            <Label htmlFor="filter-text">Buscar</Label>
            <Search aria-hidden="true" className="pointer-events-none absolute bottom-2.5 left-3 size-4 text-muted-foreground" />
            <Input
              id="filter-text"
              type="search"
              className="pl-9"
              placeholder="Produto, código de barras ou observação"
              value={text}
              onChange={(e) => setText(e.target.value)}
            />
          </div>
        </div>
        <p className="text-sm text-muted-foreground" aria-live="polite" aria-busy={searching}>
          {shortages.isPending
            ? 'Carregando faltas...'
            : total === undefined || total === rows.length
              ? formatCount(rows.length, 'falta', 'faltas')
              : `${formatNumber(rows.length)} de ${formatCount(total, 'falta carregada', 'faltas carregadas')}`}
          {searching && !shortages.isPending ? ' · Buscando...' : ''}
        </p>

        {shortages.isPending ? (
          <div className="grid gap-2" aria-hidden="true">
            {Array.from({ length: 6 }, (_, i) => (
              <Skeleton key={i} className="h-12" />
            ))}
          </div>
        ) : shortages.isError ? (
          <LoadError message={shortageMessages.shortagesLoadError} detail={shortageErrorMessage(shortages.error)} onRetry={() => void shortages.refetch()} />
        ) : rows.length === 0 ? (
          <Card>
            <CardHeader className="flex-row items-center gap-3">
              <ClipboardList aria-hidden="true" className="size-6 text-muted-foreground" />
              <CardDescription className="text-base">Nenhuma falta encontrada.</CardDescription>
            </CardHeader>
          </Card>
        ) : (
          <ShortagesList
            shortages={rows}
            selected={selected}
            onToggle={(id, checked) =>
              setSelected((current) => {
                const next = new Set(current);
                if (checked) next.add(id);
                else next.delete(id);
                return next;
              })
            }
            onToggleAll={(checked) => setSelected(checked ? new Set(rows.map((s) => s.id)) : new Set())}
            onEdit={setEditing}
            onDelete={(shortage) => setConfirm({ kind: 'one', shortage })}
            onStatusChange={(shortage, status) => updateStatus.mutate({ id: shortage.id, status })}
            onEndReached={loadMore}
            {...(rowAction ? { rowAction } : {})}
          />
        )}
        {hasNextPage && rows.length > 0 ? (
          <Button variant="outline" className="w-fit self-center" disabled={isFetchingNextPage} onClick={loadMore}>
            {isFetchingNextPage ? 'Carregando...' : 'Carregar mais'}
          </Button>
        ) : null}
      </section>

      <EditShortageDialog shortage={editing} groups={groups} onClose={() => setEditing(null)} />
      <AlertDialog open={confirm !== null} onOpenChange={(open) => !open && setConfirm(null)}>
        <AlertDialogContent>
          <AlertDialogHeader>
            <AlertDialogTitle>{confirm?.kind === 'bulk' ? 'Excluir faltas selecionadas' : 'Excluir falta'}</AlertDialogTitle>
            <AlertDialogDescription>
              {confirm?.kind === 'bulk'
                ? `Deseja excluir ${formatCount(confirm.ids.length, 'falta', 'faltas')}? Faltas em lotes, cotações ou pedidos não serão excluídas.`
                : confirm
                  ? `Deseja excluir a falta de "${confirm.shortage.product?.name ?? ''}"? Esta ação não pode ser desfeita.`
                  : ''}
            </AlertDialogDescription>
          </AlertDialogHeader>
          <AlertDialogFooter>
            <AlertDialogCancel>Voltar</AlertDialogCancel>
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
