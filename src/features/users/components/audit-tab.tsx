import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { DateRangeFilter } from '@/components/ui/date-range-filter';
import { Label } from '@/components/ui/label';
import { LoadError } from '@/components/ui/load-error';
import { Skeleton } from '@/components/ui/skeleton';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { formatDateTime, isValidDay } from '@/lib/dates';
import { AUDIT_PAGE_SIZE, useAuditLog } from '@/features/users/api/get-audit-log';
import { ChoiceSelect } from '@/components/ui/choice-select';
import { Pager } from '@/components/ui/pager';
import { permissionLabel, roleLabel } from '@/features/users/labels';
import { auditChanges } from '@/features/users/logic';
import { AUDIT_ACTION_LABELS, AUDIT_TABLE_LABELS, userMessages, usersLoadErrorDetail } from '@/features/users/messages';
import { AUDIT_PARAMS, type AccessCatalog } from '@/features/users/types';

/** The audit trail, newest first, filtered by what changed and by day (the days in the URL); nobody can edit it. */
export function AuditTab({ catalog }: { catalog: AccessCatalog | undefined }) {
  const [params] = useSearchParams();
  const [tableName, setTableName] = useState<string | null>(null);
  const [page, setPage] = useState(0);
  const day = (name: string) => {
    const value = params.get(name);
    return isValidDay(value) ? value : '';
  };
  const filters = { tableName, from: day(AUDIT_PARAMS.from), to: day(AUDIT_PARAMS.to), page };
  const audit = useAuditLog(filters);
  const names = useMemo(
    () =>
      new Map<string, string>([
        ...(catalog?.units ?? []).map((unit) => [unit.id, unit.name] as const),
        ...(catalog?.roles ?? []).flatMap((role) => [[role.id, roleLabel(role.name)] as const, [role.name, roleLabel(role.name)] as const]),
        // Permissions are named by id (user_permissions) or by code (role_permissions): both read as the label.
        ...(catalog?.permissions ?? []).flatMap((permission) => {
          const label = permissionLabel(permission.name, permission.description);
          return [[permission.id, label] as const, [permission.name, label] as const];
        }),
        ...(catalog?.suppliers ?? []).map((supplier) => [supplier.id, supplier.name] as const),
        ...(audit.data?.people ?? new Map<string, string>()),
      ]),
    [catalog, audit.data],
  );
  const total = audit.data?.total ?? 0;

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
            onChange={(next) => {
              setTableName(next);
              setPage(0);
            }}
          />
        </div>
        <DateRangeFilter id="audit-period" label="Período" fromLabel="De" toLabel="Até" fromParam={AUDIT_PARAMS.from} toParam={AUDIT_PARAMS.to} inputClassName="w-44" onChange={() => setPage(0)} />
      </div>
      {audit.isError ? <LoadError message={userMessages.auditLoadError} detail={usersLoadErrorDetail(audit.error)} onRetry={() => void audit.refetch()} /> : null}
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
            {!audit.isLoading && !audit.isError && total === 0 ? (
              <TableRow>
                <TableCell colSpan={5} className="py-8 text-center text-muted-foreground">
                  {userMessages.auditEmpty}
                </TableCell>
              </TableRow>
            ) : null}
          </TableBody>
        </Table>
      </div>
      <Pager page={page} pageSize={AUDIT_PAGE_SIZE} total={total} empty="" onPage={setPage} />
    </div>
  );
}
