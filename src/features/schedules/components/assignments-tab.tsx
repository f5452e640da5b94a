import { History, Trash2, UserCog } from 'lucide-react';
import { useCallback, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { LoadError } from '@/components/ui/load-error';
import { SearchField } from '@/components/ui/search-field';
import { Skeleton } from '@/components/ui/skeleton';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { formatDay, toAppDateString } from '@/lib/dates';
import { foldText } from '@/lib/text';
import { useDeleteAssignment } from '@/features/schedules/api/delete-assignment';
import { useScheduleOverview } from '@/features/schedules/api/get-schedule-overview';
import { useTemplates } from '@/features/schedules/api/list-templates';
import { assignmentOn, isFuture } from '@/features/schedules/logic';
import { schedulesErrorMessage, schedulesMessages } from '@/features/schedules/messages';
import { AssignDialog } from '@/features/schedules/components/assign-dialog';
import type { Assignment, Person, ScheduleOverview } from '@/features/schedules/types';

/** 'Escalas': every employee with the schedule in force today, its history and a dialog to assign another. */
export function AssignmentsTab() {
  const overview = useScheduleOverview();
  const templates = useTemplates();
  const [params, setParams] = useSearchParams();
  const search = params.get('busca') ?? '';
  const [assigning, setAssigning] = useState<Person | null>(null);
  const [history, setHistory] = useState<Person | null>(null);
  const today = toAppDateString(new Date());
  const onSearch = useCallback(
    (value: string) =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          if (value.trim()) next.set('busca', value.trim());
          else next.delete('busca');
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );

  const people = useMemo(() => (overview.data?.people ?? []).filter((person) => foldText(person.name).includes(foldText(search.trim()))), [overview.data, search]);

  if (overview.isError) {
    return <LoadError message={schedulesMessages.overviewLoadError} detail={schedulesErrorMessage(overview.error)} onRetry={() => void overview.refetch()} />;
  }
  if (!overview.data) return <Skeleton className="h-64 w-full" />;
  const data = overview.data;

  return (
    <div className="grid min-w-0 grid-cols-1 gap-4">
      <SearchField id="escalas-busca" label="Buscar funcionário" value={search} onSearch={onSearch} placeholder="Nome do funcionário" maxLength={100} />
      <div className="min-w-0 rounded-xl border">
        <Table aria-label="Escalas dos funcionários">
          <TableHeader>
            <TableRow>
              <TableHead>Funcionário</TableHead>
              <TableHead>Unidade</TableHead>
              <TableHead>Escala em vigor</TableHead>
              <TableHead>Desde</TableHead>
              <TableHead className="text-right">Ações</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {people.length === 0 ? (
              <TableRow>
                <TableCell colSpan={5} className="text-center text-muted-foreground">
                  {schedulesMessages.noPeople}
                </TableCell>
              </TableRow>
            ) : (
              people.map((person) => {
                const own = data.assignments.filter((a) => a.userId === person.id);
                const current = assignmentOn(own, today);
                const next = own.filter((a) => isFuture(a, today)).at(-1);
                return (
                  <TableRow key={person.id}>
                    <TableCell className="font-medium whitespace-nowrap">{person.name}</TableCell>
                    <TableCell className="whitespace-nowrap">{unitName(data, current?.unitId ?? person.unitId)}</TableCell>
                    <TableCell>
                      {current ? current.templateName : <span className="text-muted-foreground">{schedulesMessages.noAssignment}</span>}
                      {next ? (
                        <Badge variant="secondary" className="ml-2">
                          {`${next.templateName} a partir de ${formatDay(next.validFrom)}`}
                        </Badge>
                      ) : null}
                    </TableCell>
                    <TableCell className="whitespace-nowrap">{current ? formatDay(current.validFrom) : '—'}</TableCell>
                    <TableCell className="text-right whitespace-nowrap">
                      <Button variant="ghost" size="sm" onClick={() => setHistory(person)} aria-label={`Histórico de escalas de ${person.name}`}>
                        <History aria-hidden="true" /> Histórico
                      </Button>
                      <Button variant="outline" size="sm" onClick={() => setAssigning(person)} aria-label={`Atribuir escala a ${person.name}`}>
                        <UserCog aria-hidden="true" /> Atribuir escala
                      </Button>
                    </TableCell>
                  </TableRow>
                );
              })
            )}
          </TableBody>
        </Table>
      </div>
      <AssignDialog person={assigning} units={data.units} templates={templates.data ?? []} templatesError={templates.isError} onClose={() => setAssigning(null)} />
      <HistoryDialog person={history} overview={data} today={today} onClose={() => setHistory(null)} />
    </div>
  );
}

function unitName(data: ScheduleOverview, unitId: string | null): string {
  return data.units.find((u) => u.id === unitId)?.name ?? '—';
}

function HistoryDialog({ person, overview, today, onClose }: { person: Person | null; overview: ScheduleOverview; today: string; onClose: () => void }) {
  const remove = useDeleteAssignment();
  const rows: Assignment[] = person ? overview.assignments.filter((a) => a.userId === person.id) : [];
  return (
    <Dialog open={person !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle>Histórico de escalas</DialogTitle>
          <DialogDescription>{person ? `${person.name}: cada mês é calculado com a escala em vigor em cada dia.` : ''}</DialogDescription>
        </DialogHeader>
        <div className="min-w-0">
          <Table aria-label="Histórico de escalas">
            <TableHeader>
              <TableRow>
                <TableHead>Modelo</TableHead>
                <TableHead>De</TableHead>
                <TableHead>Até</TableHead>
                <TableHead>Unidade</TableHead>
                <TableHead className="text-right">Ações</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {rows.length === 0 ? (
                <TableRow>
                  <TableCell colSpan={5} className="text-muted-foreground">
                    {schedulesMessages.noAssignment}
                  </TableCell>
                </TableRow>
              ) : (
                rows.map((row) => (
                  <TableRow key={row.id}>
                    <TableCell>{row.templateName}</TableCell>
                    <TableCell className="whitespace-nowrap">{formatDay(row.validFrom)}</TableCell>
                    <TableCell className="whitespace-nowrap">{row.validTo ? formatDay(row.validTo) : 'Em aberto'}</TableCell>
                    <TableCell className="whitespace-nowrap">{unitName(overview, row.unitId)}</TableCell>
                    <TableCell className="text-right">
                      {isFuture(row, today) ? (
                        <Button variant="ghost" size="sm" disabled={remove.isPending} onClick={() => remove.mutate(row)} aria-label={`Excluir a escala de ${formatDay(row.validFrom)}`}>
                          <Trash2 aria-hidden="true" /> Excluir
                        </Button>
                      ) : null}
                    </TableCell>
                  </TableRow>
                ))
              )}
            </TableBody>
          </Table>
        </div>
        <DialogFooter>
          <Button variant="outline" onClick={onClose}>
            Voltar
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
