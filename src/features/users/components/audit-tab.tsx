import { useEffect, useMemo, useState } from 'react';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Skeleton } from '@/components/ui/skeleton';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { toast } from '@/components/ui/use-toast';
import { formatDateTime } from '@/lib/dates';
import { AUDIT_PAGE_SIZE, useAuditLog } from '@/features/users/api/get-audit-log';
import { ChoiceSelect } from '@/components/ui/choice-select';
import { Pager } from '@/components/ui/pager';
import { auditChanges } from '@/features/users/logic';
import { AUDIT_ACTION_LABELS, AUDIT_LOAD_ERROR, AUDIT_TABLE_LABELS } from '@/features/users/messages';
import { EMPTY_AUDIT_FILTERS, type AccessCatalog, type AuditFilters } from '@/features/users/types';

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
  const setFilter = (patch: Partial<AuditFilters>) => setFilters((current) => ({ ...current, ...patch, page: 0 }));

  return (
    <div className="grid gap-4">
      <div className="flex flex-wrap items-end gap-3">
        <div className="grid gap-1.5">
          <Label htmlFor="audit-table">O que mudou</Label>
          <ChoiceSelect
            id="audit-table"
            label="O que mudou"
            className="w-56"
            value={filters.tableName}
            noneLabel="Tudo"
            options={Object.entries(AUDIT_TABLE_LABELS).map(([value, label]) => ({ value, label }))}
            onChange={(tableName) => setFilter({ tableName })}
          />
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
      <Pager page={filters.page} pageSize={AUDIT_PAGE_SIZE} total={total} empty="" onPage={(page) => setFilters((current) => ({ ...current, page }))} />
    </div>
  );
}
