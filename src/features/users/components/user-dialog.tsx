import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { LoadError } from '@/components/ui/load-error';
import { Skeleton } from '@/components/ui/skeleton';
import { Spinner } from '@/components/ui/spinner';
import { formatCpf, onlyDigits } from '@/lib/br-documents';
import { toAppDateString } from '@/lib/dates';
import { useCreateUser } from '@/features/users/api/create-user';
import { useEmployeeRecord } from '@/features/users/api/get-employee-record';
import { useSetEmployeeRecord, type EmployeeRecordInput } from '@/features/users/api/set-employee-record';
import { useUserAccess } from '@/features/users/api/get-user-access';
import { useUpdateUser } from '@/features/users/api/update-user';
import { AccessPreview } from '@/features/users/components/access-preview';
import { ChoiceSelect } from '@/components/ui/choice-select';
import { codeHint, permissionLabel, roleLabel } from '@/features/users/labels';
import { accessPreview, groupPermissions } from '@/features/users/logic';
import { userMessages, usersLoadErrorDetail } from '@/features/users/messages';
import { userFormSchema, type UserFormData, type UserFormValues } from '@/features/users/schemas';
import type { AccessCatalog, EmployeeRecord, UserAccess, UserRow } from '@/features/users/types';

interface UserDialogProps {
  /** The account being edited; null to create one. */
  user: UserRow | null;
  catalog: AccessCatalog;
  /** Editing one's own account: the role cannot be changed (nobody removes their own rights). */
  isSelf: boolean;
  /**
   * The viewer is an administrator: only they hand out an admin role (the database refuses it to anyone
   * else), and only they see the codes behind the permission labels (in tooltips).
   */
  canGrantAdmin: boolean;
  onClose: () => void;
}

export function UserDialog({ user, catalog, isSelf, canGrantAdmin, onClose }: UserDialogProps) {
  const access = useUserAccess(user?.id ?? null);
  const record = useEmployeeRecord(user?.id ?? null);
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-h-[92vh] overflow-y-auto sm:max-w-4xl">
        <DialogHeader>
          <DialogTitle>{user ? 'Editar usuário' : 'Novo usuário'}</DialogTitle>
          <DialogDescription>
            {user
              ? 'Altere os dados, as unidades, o perfil e as permissões diretas. A prévia mostra o que o usuário verá.'
              : 'Sem senha, o usuário recebe um convite por email para escolher a própria senha.'}
          </DialogDescription>
        </DialogHeader>
        {user && (access.isLoading || record.isLoading) ? (
          <Skeleton className="h-72" aria-hidden="true" />
        ) : user && access.isError ? (
          <LoadError message={userMessages.accessLoadError} detail={usersLoadErrorDetail(access.error)} onRetry={() => void access.refetch()} />
        ) : user && record.isError ? (
          <LoadError message={userMessages.employeeRecordLoadError} detail={usersLoadErrorDetail(record.error)} onRetry={() => void record.refetch()} />
        ) : (
          <UserForm
            user={user}
            access={access.data ?? { unitIds: [], permissionIds: [] }}
            record={record.data ?? null}
            catalog={catalog}
            isSelf={isSelf}
            canGrantAdmin={canGrantAdmin}
            onClose={onClose}
          />
        )}
      </DialogContent>
    </Dialog>
  );
}

/** What set_employee_record should receive, or null when the employee record was left as loaded. */
function employeeRecordChange(values: UserFormData, record: EmployeeRecord | null, replacingCpf: boolean): Omit<EmployeeRecordInput, 'userId'> | null {
  // A CPF shown masked is kept (null) unless the manager chose to replace it and typed one.
  const cpf = record?.cpfMasked && !(replacingCpf && values.cpf !== '') ? null : values.cpf;
  const changed =
    (cpf !== null && onlyDigits(cpf) !== (record?.cpfMasked ? '' : (record?.cpf ?? ''))) ||
    values.admissionDate !== (record?.admissionDate ?? '') ||
    values.jobTitle !== (record?.jobTitle ?? '');
  return changed ? { cpf, admissionDate: values.admissionDate, jobTitle: values.jobTitle } : null;
}

function UserForm({
  user,
  access,
  record,
  catalog,
  isSelf,
  canGrantAdmin,
  onClose,
}: {
  user: UserRow | null;
  access: UserAccess;
  record: EmployeeRecord | null;
  catalog: AccessCatalog;
  isSelf: boolean;
  canGrantAdmin: boolean;
  onClose: () => void;
}) {
  const create = useCreateUser();
  const update = useUpdateUser();
  const saveRecord = useSetEmployeeRecord();
  const [replacingCpf, setReplacingCpf] = useState(false);
  // An account created whose employee record was then refused: a new submit saves the record only.
  const [createdId, setCreatedId] = useState<string | null>(null);
  const form = useForm({
    resolver: zodResolver(userFormSchema),
    defaultValues: {
      mode: user ? 'edit' : 'create',
      fullName: user?.fullName ?? '',
      email: user?.email ?? '',
      password: '',
      roleId: user?.roleId ?? null,
      unitIds: access.unitIds,
      unitId: user?.unitId ?? null,
      supplierId: user?.supplierId ?? null,
      permissionIds: access.permissionIds,
      cpf: record?.cpf && !record.cpfMasked ? formatCpf(record.cpf) : '',
      admissionDate: record?.admissionDate ?? '',
      jobTitle: record?.jobTitle ?? '',
    } satisfies UserFormValues,
  });
  const { errors } = form.formState;
  const [roleId, unitIds, permissionIds] = useWatch({ control: form.control, name: ['roleId', 'unitIds', 'permissionIds'] });
  const role = catalog.roles.find((entry) => entry.id === roleId) ?? null;
  const preview = accessPreview(role, permissionIds, catalog.permissions);
  const pending = create.isPending || update.isPending || saveRecord.isPending;
  const cpfField = form.register('cpf');

  // The account first, then the employee record (a new account has no id before). The dialog stays open on
  // failure (the toast says why), so nothing typed is lost.
  const submit = form.handleSubmit((values) => {
    const change = employeeRecordChange(values, record, replacingCpf);
    const afterAccount = (userId: string) => {
      if (change) saveRecord.mutate({ userId, ...change }, { onSuccess: onClose });
      else onClose();
    };
    if (user) update.mutate({ userId: user.id, values }, { onSuccess: () => afterAccount(user.id) });
    else if (createdId) afterAccount(createdId);
    else
      create.mutate(values, {
        onSuccess: (result) => {
          setCreatedId(result.user_id);
          afterAccount(result.user_id);
        },
      });
  });

  return (
    <form onSubmit={(event) => void submit(event)} noValidate className="grid gap-5 lg:grid-cols-[1fr_18rem]">
      <div className="grid content-start gap-4">
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label="Nome" error={errors.fullName?.message}>
            <Input autoFocus {...form.register('fullName')} />
          </Field>
          <Field label="Email" error={errors.email?.message}>
            <Input type="email" autoComplete="off" {...form.register('email')} />
          </Field>
        </div>
        <fieldset className="grid gap-2">
          <legend className="mb-1 text-sm font-medium">Dados funcionais</legend>
          <p className="text-xs text-muted-foreground">{userMessages.employeeRecordHint}</p>
          <div className="grid gap-4 sm:grid-cols-3">
            {record?.cpfMasked && !replacingCpf ? (
              <div className="grid content-start gap-1">
                <Field label="CPF" description="Você vê só parte deste CPF.">
                  <Input readOnly value={record.cpf ?? ''} className="font-mono" />
                </Field>
                <Button type="button" variant="link" size="sm" className="justify-self-start px-0" onClick={() => setReplacingCpf(true)}>
                  Substituir CPF
                </Button>
              </div>
            ) : (
              <Field label="CPF" description={record?.cpfMasked ? 'Em branco mantém o CPF cadastrado.' : undefined} error={errors.cpf?.message}>
                <Input
                  inputMode="numeric"
                  autoComplete="off"
                  placeholder="000.000.000-00"
                  className="font-mono"
                  {...cpfField}
                  onChange={(event) => {
                    event.target.value = formatCpf(event.target.value);
                    void cpfField.onChange(event);
                  }}
                />
              </Field>
            )}
            <Field label="Data de admissão" error={errors.admissionDate?.message}>
              <Input type="date" min="1940-01-01" max={toAppDateString(new Date())} {...form.register('admissionDate')} />
            </Field>
            <Field label="Cargo" error={errors.jobTitle?.message}>
              <Input maxLength={120} {...form.register('jobTitle')} />
            </Field>
          </div>
        </fieldset>
        {user ? null : (
          <Field label="Senha inicial (opcional)" description="Deixe em branco para enviar um convite por email." error={errors.password?.message}>
            <Input type="password" autoComplete="new-password" {...form.register('password')} />
          </Field>
        )}
        <div className="grid gap-4 sm:grid-cols-2">
          <div className="grid gap-2">
            <Label htmlFor="user-role">Perfil</Label>
            <Controller
              control={form.control}
              name="roleId"
              render={({ field }) => (
                <ChoiceSelect
                  id="user-role"
                  label="Perfil"
                  value={field.value}
                  disabled={isSelf}
                  noneLabel="Sem perfil (acesso pendente)"
                  options={catalog.roles
                    .filter((entry) => canGrantAdmin || !entry.isAdmin || entry.id === user?.roleId)
                    .map((entry) => ({ value: entry.id, label: roleLabel(entry.name) }))}
                  onChange={field.onChange}
                />
              )}
            />
            {isSelf ? <p className="text-xs text-muted-foreground">Outro administrador precisa alterar o seu perfil.</p> : null}
          </div>
          <div className="grid gap-2">
            <Label htmlFor="user-supplier">Fornecedor (representantes)</Label>
            <Controller
              control={form.control}
              name="supplierId"
              render={({ field }) => (
                <ChoiceSelect
                  id="user-supplier"
                  label="Fornecedor"
                  value={field.value}
                  noneLabel="Nenhum"
                  options={catalog.suppliers.map((supplier) => ({ value: supplier.id, label: supplier.name }))}
                  onChange={field.onChange}
                />
              )}
            />
          </div>
        </div>

        <fieldset className="grid gap-2">
          <legend className="mb-1 text-sm font-medium">Unidades em que pode trabalhar</legend>
          <Controller
            control={form.control}
            name="unitIds"
            render={({ field }) => (
              <div className="grid gap-2 sm:grid-cols-3">
                {catalog.units.map((unit) => (
                  <label key={unit.id} className="flex items-center gap-2 text-sm">
                    <Checkbox
                      checked={field.value.includes(unit.id)}
                      onCheckedChange={(checked) => {
                        const next = checked === true ? [...field.value, unit.id] : field.value.filter((id) => id !== unit.id);
                        field.onChange(next);
                        if (checked !== true && form.getValues('unitId') === unit.id) form.setValue('unitId', null);
                      }}
                    />
                    {unit.name}
                  </label>
                ))}
              </div>
            )}
          />
        </fieldset>
        <div className="grid gap-2 sm:max-w-xs">
          <Label htmlFor="user-unit">Unidade atual</Label>
          <Controller
            control={form.control}
            name="unitId"
            render={({ field }) => (
              <ChoiceSelect
                id="user-unit"
                label="Unidade atual"
                value={field.value}
                invalid={errors.unitId !== undefined}
                noneLabel="Nenhuma unidade"
                options={catalog.units.filter((unit) => unitIds.includes(unit.id)).map((unit) => ({ value: unit.id, label: unit.name }))}
                onChange={field.onChange}
              />
            )}
          />
          {errors.unitId ? <p className="text-sm text-destructive">{errors.unitId.message}</p> : null}
        </div>

        <fieldset className="grid gap-3">
          <legend className="mb-1 text-sm font-medium">Permissões diretas</legend>
          <p className="text-xs text-muted-foreground">Somam-se às do perfil. As marcadas “pelo perfil” já são concedidas pelo perfil escolhido.</p>
          <Controller
            control={form.control}
            name="permissionIds"
            render={({ field }) => (
              <div className="grid gap-3 sm:grid-cols-2">
                {groupPermissions(catalog.permissions).map((group) => (
                  <div key={group.category} role="group" aria-label={group.category} className="grid gap-1.5 rounded-md border p-2">
                    <p className="text-xs font-semibold text-muted-foreground uppercase">{group.category}</p>
                    {group.permissions.map((permission) => {
                      const byRole = preview.permissions.includes(permission.name) && !field.value.includes(permission.id);
                      return (
                        <label key={permission.id} className="flex items-start gap-2 text-sm" title={codeHint(permission.name, canGrantAdmin)}>
                          <Checkbox
                            className="mt-0.5"
                            checked={field.value.includes(permission.id)}
                            onCheckedChange={(checked) =>
                              field.onChange(checked === true ? [...field.value, permission.id] : field.value.filter((id) => id !== permission.id))
                            }
                            aria-label={permissionLabel(permission.name, permission.description)}
                          />
                          <span className="grid">
                            <span>
                              {permissionLabel(permission.name, permission.description)} {byRole ? <Badge variant="secondary">pelo perfil</Badge> : null}
                            </span>
                            <span className="text-xs text-muted-foreground">{permission.description}</span>
                          </span>
                        </label>
                      );
                    })}
                  </div>
                ))}
              </div>
            )}
          />
        </fieldset>
      </div>

      <div className="grid content-start gap-3">
        <AccessPreview
          title="Prévia do acesso"
          permissions={preview.permissions}
          catalog={catalog.permissions}
          showCodes={canGrantAdmin}
          menu={preview.menu}
          homeActions={preview.homeActions}
        />
      </div>

      <DialogFooter className="lg:col-span-2">
        <Button type="button" variant="outline" onClick={onClose}>
          Voltar
        </Button>
        <Button type="submit" disabled={pending}>
          {pending ? <Spinner className="size-4 text-current" label="Salvando..." /> : null}
          {user ? 'Salvar' : 'Criar usuário'}
        </Button>
      </DialogFooter>
    </form>
  );
}
