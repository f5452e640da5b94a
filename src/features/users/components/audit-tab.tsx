import { useEffect, useMemo, useState } from 'react';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { toast } from '@/components/ui/use-toast';
import { formatDateTime, formatNumber } from '@/lib/dates';
import { AUDIT_PAGE_SIZE, useAuditLog } from '@/features/users/api/get-audit-log';
import { auditChanges } from '@/features/users/logic';
import { AUDIT_ACTION_LABELS, AUDIT_LOAD_ERROR, AUDIT_TABLE_LABELS } from '@/features/users/messages';
import { EMPTY_AUDIT_FILTERS, type AccessCatalog, type AuditFilters } from '@/features/users/types';

const ALL = 'all';

/** The audit trail, newest first, filtered by what changed and by day; nobody can edit it. */
export function AuditTab({ catalog }: { catalog: AccessCatalog | undefined }) {
  const [filters, setFilters] = useState<AuditFilters>(EMPTY_AUDIT_FILTERS);
  const audit = useAuditLog(filters);
  const names = useMemo(
    () =>
      new Map<string, string>([
        ...(catalog?.units ?? []).map((unit) => [unit.id, unit.name] as const),
        ...(catalog?.roles ?? []).map((role) => [role.id, role.name] as const),
        ...(catalog?.permissions ?? []).map((permission) => [permission.id, permission.name] as const),
        ...(catalog?.suppliers ?? []).map((supplier) => [supplier.id, supplier.name] as const),
        ...(audit.data?.people ?? new Map<string, string>()),
      ]),
    [catalog, audit.data],
  );
  useEffect(() => {
    if (audit.isError) toast({ title: AUDIT_LOAD_ERROR, variant: 'destructive' });
  }, [audit.isError]);
  const total = audit.data?.total ?? 0;
  const first = filters.page * AUDIT_PAGE_SIZE;
  const setFilter = (patch: Partial<AuditFilters>) => setFilters((current) => ({ ...current, ...patch, page: 0 }));

  return (
    <div className="grid gap-4">
      <div className="flex flex-wrap items-end gap-3">
        <div className="grid gap-1.5">
          <Label htmlFor="audit-table">O que mudou</Label>
          <Select value={filters.tableName ?? ALL} onValueChange={(value) => setFilter({ tableName: value === ALL ? null : value })}>
            <SelectTrigger id="audit-table" className="w-56" aria-label="O que mudou">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              <SelectItem value={ALL}>Tudo</SelectItem>
              {Object.entries(AUDIT_TABLE_LABELS).map(([table, label]) => (
                <SelectItem key={table} value={table}>
                  {label}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor="audit-from">De</Label>
          <Input id="audit-from" type="date" className="w-44" value={filters.from} onChange={(event) => setFilter({ from: event.target.value })} />
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor="audit-to">Até</Label>
          <Input id="audit-to" type="date" className="w-44" value={filters.to} onChange={(event) => setFilter({ to: event.target.value })} />
        </div>
      </div>
      <div className="overflow-x-auto rounded-xl border bg-card shadow-sm">
        <Table aria-label="Registro de auditoria">
          <TableHeader>
            <TableRow>
              <TableHead>Data e hora</TableHead>
              <TableHead>Quem</TableHead>
              <TableHead>Ação</TableHead>
              <TableHead>O que</TableHead>
              <TableHead>Alterações</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {audit.isLoading ? (
              <TableRow>
                <TableCell colSpan={5}>
                  <Skeleton className="h-24" />
                </TableCell>
              </TableRow>
            ) : (
              (audit.data?.rows ?? []).map((entry) => (
                <TableRow key={entry.id}>
                  <TableCell className="whitespace-nowrap">{formatDateTime(entry.createdAt)}</TableCell>
                  <TableCell>{entry.actorName}</TableCell>
                  <TableCell>{AUDIT_ACTION_LABELS[entry.action] ?? entry.action}</TableCell>
                  <TableCell>{AUDIT_TABLE_LABELS[entry.tableName] ?? entry.tableName}</TableCell>
                  <TableCell className="max-w-md">
                    <ul className="grid gap-0.5 font-mono text-xs break-all">
                      {auditChanges(entry.before, entry.after, names).map((line) => (
                        <li key={line}>{line}</li>
                      ))}
                    </ul>
                  </TableCell>
                </TableRow>
              ))
            )}
            {!audit.isLoading && total === 0 ? (
              <TableRow>
                <TableCell colSpan={5} className="py-8 text-center text-muted-foreground">
                  Nenhuma alteração registrada no período.
                </TableCell>
              </TableRow>
            ) : null}
          </TableBody>
        </Table>
      </div>
      <div className="flex flex-wrap items-center justify-between gap-2 text-sm text-muted-foreground">
        <span>{total === 0 ? '' : `Mostrando ${formatNumber(first + 1)}–${formatNumber(Math.min(first + AUDIT_PAGE_SIZE, total))} de ${formatNumber(total)}`}</span>
        <div className="flex gap-2">
          <Button variant="outline" size="sm" disabled={filters.page === 0} onClick={() => setFilters((current) => ({ ...current, page: current.page - 1 }))}>
            Anterior
          </Button>
          <Button variant="outline" size="sm" disabled={first + AUDIT_PAGE_SIZE >= total} onClick={() => setFilters((current) => ({ ...current, page: current.page + 1 }))}>
            Próxima
          </Button>
        </div>
      </div>
    </div>
  );
}
