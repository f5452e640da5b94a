import { KeyRound, Pencil, ShieldCheck, ShieldOff, Trash2, UserPlus } from 'lucide-react';
import { useCallback, useState } from 'react';
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
import { Label } from '@/components/ui/label';
import { LoadError } from '@/components/ui/load-error';
import { SearchField } from '@/components/ui/search-field';
import { Skeleton } from '@/components/ui/skeleton';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { formatDateTime } from '@/lib/dates';
import { ownsRecords, useDeleteUser } from '@/features/users/api/delete-user';
import { USER_PAGE_SIZE, useUsers } from '@/features/users/api/get-users';
import { useResetUserPassword } from '@/features/users/api/reset-user-password';
import { useSetUserDisabled } from '@/features/users/api/set-user-disabled';
import { ChoiceSelect } from '@/components/ui/choice-select';
import { Pager } from '@/components/ui/pager';
import { UserDialog } from '@/features/users/components/user-dialog';
import { codeHint, roleLabel } from '@/features/users/labels';
import { USER_SEARCH_MAX } from '@/features/users/logic';
import { userMessages, usersLoadErrorDetail } from '@/features/users/messages';
import { EMPTY_USER_FILTERS, USER_STATUS_LABELS, USER_STATUSES, type AccessCatalog, type UserFilters, type UserRow, type UserStatus } from '@/features/users/types';

type Confirm = { kind: 'disable' | 'enable' | 'delete' | 'reset'; user: UserRow } | { kind: 'owns-records'; user: UserRow };

function statusOf(user: UserRow): UserStatus {
  return user.disabled ? 'disabled' : user.pending ? 'pending' : 'active';
}

function StatusBadge({ user }: { user: UserRow }) {
  const status = statusOf(user);
  const classes: Record<UserStatus, string> = {
    active: 'border-emerald-300 bg-emerald-100 text-emerald-900 dark:border-emerald-700 dark:bg-emerald-950 dark:text-emerald-200',
    disabled: 'border-zinc-300 bg-zinc-100 text-zinc-700 dark:border-zinc-600 dark:bg-zinc-900 dark:text-zinc-300',
    pending: 'border-amber-300 bg-amber-100 text-amber-900 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-200',
  };
  return (
    <Badge variant="outline" className={classes[status]}>
      {status === 'pending' ? 'Novo · aguardando acesso' : USER_STATUS_LABELS[status]}
    </Badge>
  );
}

/** The users list: search, filters and paging in the database; create, edit, reset, disable and delete. */
export function UsersTab({ catalog, currentUserId, isAdmin }: { catalog: AccessCatalog; currentUserId: string; isAdmin: boolean }) {
  const [filters, setFilters] = useState<UserFilters>(EMPTY_USER_FILTERS);
  // The search box's text reaches the query once typing pauses; the other filters at once.
  const users = useUsers(filters);
  const onSearch = useCallback((search: string) => setFilters((current) => ({ ...current, search, page: 0 })), []);
  const [dialog, setDialog] = useState<{ mode: 'create' } | { mode: 'edit'; user: UserRow } | null>(null);
  const [confirm, setConfirm] = useState<Confirm | null>(null);
  const resetPassword = useResetUserPassword();
  const setDisabled = useSetUserDisabled();
  const deleteUser = useDeleteUser();

  const total = users.data?.total ?? 0;
  const setFilter = (patch: Partial<UserFilters>) => setFilters((current) => ({ ...current, ...patch, page: 0 }));

  const runConfirmed = () => {
    if (!confirm) return;
    const { user } = confirm;
    const name = user.fullName ?? user.email;
    const close = () => setConfirm(null);
    if (confirm.kind === 'reset') resetPassword.mutate({ userId: user.id, email: user.email }, { onSettled: close });
    if (confirm.kind === 'disable' || confirm.kind === 'owns-records') setDisabled.mutate({ userId: user.id, disabled: true, name }, { onSettled: close });
    if (confirm.kind === 'enable') setDisabled.mutate({ userId: user.id, disabled: false, name }, { onSettled: close });
    if (confirm.kind === 'delete')
      deleteUser.mutate({ userId: user.id, name }, {
        onSuccess: close,
        onError: (error) => setConfirm(ownsRecords(error) ? { kind: 'owns-records', user } : null),
      });
  };

  return (
    <div className="grid gap-4">
      <div className="flex flex-wrap items-end gap-3">
        <SearchField id="users-search" value={filters.search} onSearch={onSearch} placeholder="Nome ou email" maxLength={USER_SEARCH_MAX} debounceMs={250} />
        <FilterSelect
          id="users-role"
          label="Perfil"
          value={filters.roleId}
          options={catalog.roles.map((role) => ({ value: role.id, label: roleLabel(role.name) }))}
          noneLabel="Todos os perfis"
          onChange={(roleId) => setFilter({ roleId })}
        />
        <FilterSelect
          id="users-unit"
          label="Unidade"
          value={filters.unitId}
          options={catalog.units.map((unit) => ({ value: unit.id, label: unit.name }))}
          noneLabel="Todas as unidades"
          onChange={(unitId) => setFilter({ unitId })}
        />
        <FilterSelect
          id="users-status"
          label="Situação"
          value={filters.status}
          options={USER_STATUSES.map((status) => ({ value: status, label: USER_STATUS_LABELS[status] }))}
          noneLabel="Todas"
          onChange={(status) => setFilter({ status: status as UserStatus | null })}
        />
        <Button onClick={() => setDialog({ mode: 'create' })}>
          <UserPlus aria-hidden="true" /> Novo usuário
        </Button>
      </div>

      {users.isError ? <LoadError message={userMessages.usersLoadError} detail={usersLoadErrorDetail(users.error)} onRetry={() => void users.refetch()} /> : null}

      <div className="overflow-x-auto rounded-xl border bg-card shadow-sm">
        <Table aria-label="Usuários">
          <TableHeader>
            <TableRow>
              <TableHead>Nome e email</TableHead>
              <TableHead>Perfil</TableHead>
              <TableHead>Unidade</TableHead>
              <TableHead>Situação</TableHead>
              <TableHead>Último acesso</TableHead>
              <TableHead className="text-right">Ações</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {users.isLoading
              ? Array.from({ length: 5 }, (_, index) => (
                  <TableRow key={index}>
                    <TableCell colSpan={6}>
                      <Skeleton className="h-6" />
                    </TableCell>
                  </TableRow>
                ))
              : (users.data?.rows ?? []).map((user) => (
                  <TableRow key={user.id}>
                    <TableCell>
                      <div className="font-medium">{user.fullName ?? '—'}</div>
                      <div className="text-xs break-all text-muted-foreground">{user.email}</div>
                    </TableCell>
                    <TableCell>
                      {user.roleName ? (
                        <span title={codeHint(user.roleName, isAdmin && roleLabel(user.roleName) !== user.roleName)}>{roleLabel(user.roleName)}</span>
                      ) : (
                        <span className="text-muted-foreground">Sem perfil</span>
                      )}
                    </TableCell>
                    <TableCell>
                      {user.unitName ?? (
                        <span className="text-muted-foreground">{user.requestedUnitName ? `Pediu: ${user.requestedUnitName}` : 'Nenhuma'}</span>
                      )}
                    </TableCell>
                    <TableCell>
                      <StatusBadge user={user} />
                    </TableCell>
                    <TableCell className="whitespace-nowrap">{user.lastSignInAt ? formatDateTime(user.lastSignInAt) : 'Nunca'}</TableCell>
                    <TableCell>
                      <RowActions
                        user={user}
                        isSelf={user.id === currentUserId}
                        onEdit={() => setDialog({ mode: 'edit', user })}
                        onConfirm={(kind) => setConfirm({ kind, user })}
                      />
                    </TableCell>
                  </TableRow>
                ))}
            {!users.isLoading && !users.isError && (users.data?.rows.length ?? 0) === 0 ? (
              <TableRow>
                <TableCell colSpan={6} className="py-8 text-center text-muted-foreground">
                  {userMessages.usersEmpty}
                </TableCell>
              </TableRow>
            ) : null}
          </TableBody>
        </Table>
      </div>

      <Pager page={filters.page} pageSize={USER_PAGE_SIZE} total={total} empty="Nenhum usuário" onPage={(page) => setFilters((current) => ({ ...current, page }))} />

      {dialog ? (
        <UserDialog
          key={dialog.mode === 'edit' ? dialog.user.id : 'new'}
          user={dialog.mode === 'edit' ? dialog.user : null}
          catalog={catalog}
          isSelf={dialog.mode === 'edit' && dialog.user.id === currentUserId}
          canGrantAdmin={isAdmin}
          onClose={() => setDialog(null)}
        />
      ) : null}

      <AlertDialog open={confirm !== null} onOpenChange={(open) => !open && setConfirm(null)}>
        <AlertDialogContent>
          {confirm ? (
            <>
              <AlertDialogHeader>
                <AlertDialogTitle>{CONFIRM_COPY[confirm.kind].title}</AlertDialogTitle>
                <AlertDialogDescription>{CONFIRM_COPY[confirm.kind].description(confirm.user.fullName ?? confirm.user.email)}</AlertDialogDescription>
              </AlertDialogHeader>
              <AlertDialogFooter>
                <AlertDialogCancel>Voltar</AlertDialogCancel>
                <Button
                  variant={confirm.kind === 'delete' || confirm.kind === 'disable' || confirm.kind === 'owns-records' ? 'destructive' : 'default'}
                  disabled={resetPassword.isPending || setDisabled.isPending || deleteUser.isPending}
                  onClick={runConfirmed}
                >
                  {CONFIRM_COPY[confirm.kind].action}
                </Button>
              </AlertDialogFooter>
            </>
          ) : null}
        </AlertDialogContent>
      </AlertDialog>
    </div>
  );
}

const CONFIRM_COPY: Record<Confirm['kind'], { title: string; description: (name: string) => string; action: string }> = {
  reset: {
    title: 'Redefinir senha',
    description: (name) => `Enviar a ${name} um email com o link para escolher uma nova senha?`,
    action: 'Enviar email',
  },
  disable: {
    title: 'Desativar conta',
    description: (name) => `${name} não conseguirá mais entrar, e as sessões abertas terminam na próxima renovação. A conta pode ser reativada depois.`,
    action: 'Desativar',
  },
  enable: {
    title: 'Reativar conta',
    description: (name) => `${name} poderá entrar novamente com a senha atual.`,
    action: 'Reativar',
  },
  delete: {
    title: 'Excluir conta',
    description: (name) => `Excluir a conta de ${name} definitivamente? Esta ação não pode ser desfeita.`,
    action: 'Excluir',
  },
  'owns-records': {
    title: 'Não é possível excluir',
    description: (name) => `${name} possui registros vinculados (faltas, lotes, importações…) que precisam ser mantidos. Deseja desativar a conta em vez de excluí-la?`,
    action: 'Desativar conta',
  },
};

function RowActions({ user, isSelf, onEdit, onConfirm }: { user: UserRow; isSelf: boolean; onEdit: () => void; onConfirm: (kind: 'disable' | 'enable' | 'delete' | 'reset') => void }) {
  const name = user.fullName ?? user.email;
  // The database says which accounts this manager may change (admin_list_users.can_manage).
  if (!user.canManage) {
    return <p className="text-right text-xs text-muted-foreground">{isSelf ? 'Sua conta: outro administrador a altera' : 'Somente administradores alteram esta conta'}</p>;
  }
  return (
    <div className="flex justify-end gap-1">
      <Button variant="ghost" size="icon" aria-label={`Editar ${name}`} onClick={onEdit}>
        <Pencil aria-hidden="true" />
      </Button>
      <Button variant="ghost" size="icon" aria-label={`Redefinir senha de ${name}`} onClick={() => onConfirm('reset')}>
        <KeyRound aria-hidden="true" />
      </Button>
      {isSelf ? (
        <span className="sr-only">Você não pode desativar nem excluir a sua própria conta</span>
      ) : (
        <>
          {user.disabled ? (
            <Button variant="ghost" size="icon" aria-label={`Reativar ${name}`} onClick={() => onConfirm('enable')}>
              <ShieldCheck aria-hidden="true" />
            </Button>
          ) : (
            <Button variant="ghost" size="icon" aria-label={`Desativar ${name}`} onClick={() => onConfirm('disable')}>
              <ShieldOff aria-hidden="true" />
            </Button>
          )}
          <Button variant="ghost" size="icon" aria-label={`Excluir ${name}`} onClick={() => onConfirm('delete')}>
            <Trash2 aria-hidden="true" />
          </Button>
        </>
      )}
    </div>
  );
}

function FilterSelect({ id, label, ...props }: { id: string; label: string } & Omit<Parameters<typeof ChoiceSelect>[0], 'id' | 'label' | 'className'>) {
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      <ChoiceSelect id={id} label={label} className="w-48" {...props} />
    </div>
  );
}
