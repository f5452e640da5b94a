import { zodResolver } from '@hookform/resolvers/zod';
import { Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
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
import { Checkbox } from '@/components/ui/checkbox';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { PAGE_DESCRIPTIONS } from '@/config/page-descriptions';
import { HOME_ACTIONS, MENU_SECTIONS } from '@/config/permissions';
import { useDeleteRole } from '@/features/users/api/delete-role';
import { useSaveRole } from '@/features/users/api/save-role';
import { AccessPreview } from '@/features/users/components/access-preview';
import { codeHint, permissionLabel, roleLabel } from '@/features/users/labels';
import { accessPreview, groupPermissions } from '@/features/users/logic';
import { roleFormSchema, type RoleFormValues } from '@/features/users/schemas';
import type { AccessCatalog, RoleEntry } from '@/features/users/types';
import { formatCount, plural } from '@/lib/dates';

/**
 * Roles (MANAGE_ROLES): name, admin flag, permissions, visible menu paths and home actions, each previewed.
 * Roles and permissions read as their labels; the codes show in tooltips for administrators (`showCodes`).
 */
export function RolesTab({ catalog, showCodes }: { catalog: AccessCatalog; showCodes: boolean }) {
  const [selectedId, setSelectedId] = useState<string | 'new'>(catalog.roles[0]?.id ?? 'new');
  const selected = selectedId === 'new' ? null : (catalog.roles.find((role) => role.id === selectedId) ?? null);
  return (
    <div className="grid gap-4 md:grid-cols-[14rem_1fr]">
      <nav aria-label="Perfis" className="grid content-start gap-1">
        {catalog.roles.map((role) => (
          <Button
            key={role.id}
            variant={role.id === selectedId ? 'secondary' : 'ghost'}
            className="justify-between"
            aria-current={role.id === selectedId ? 'true' : undefined}
            title={codeHint(role.name, showCodes && roleLabel(role.name) !== role.name)}
            onClick={() => setSelectedId(role.id)}
          >
            <span className="truncate">{roleLabel(role.name)}</span>
            <span className="text-xs text-muted-foreground" aria-label={formatCount(role.userCount, 'usuário', 'usuários')}>
              {role.userCount}
            </span>
          </Button>
        ))}
        <Button variant="outline" onClick={() => setSelectedId('new')}>
          <Plus aria-hidden="true" /> Novo perfil
        </Button>
      </nav>
      <RoleEditor
        key={selected?.id ?? 'new'}
        role={selected}
        catalog={catalog}
        showCodes={showCodes}
        onSaved={setSelectedId}
        onDeleted={() => setSelectedId(catalog.roles[0]?.id ?? 'new')}
      />
    </div>
  );
}

function RoleEditor({
  role,
  catalog,
  showCodes,
  onSaved,
  onDeleted,
}: {
  role: RoleEntry | null;
  catalog: AccessCatalog;
  showCodes: boolean;
  onSaved: (id: string) => void;
  onDeleted: () => void;
}) {
  const save = useSaveRole();
  const remove = useDeleteRole();
  const [confirmDelete, setConfirmDelete] = useState(false);
  const form = useForm({
    resolver: zodResolver(roleFormSchema),
    defaultValues: {
      name: role?.name ?? '',
      isAdmin: role?.isAdmin ?? false,
      permissions: role?.permissions ?? [],
      menuPaths: role?.menuPaths ?? [],
      homeActions: role?.homeActions ?? [],
    } satisfies RoleFormValues,
  });
  const [name, isAdmin, permissions, menuPaths, homeActions] = useWatch({ control: form.control, name: ['name', 'isAdmin', 'permissions', 'menuPaths', 'homeActions'] });
  const preview = accessPreview({ id: role?.id ?? 'new', name, isAdmin, permissions, menuPaths, homeActions, userCount: 0 }, [], catalog.permissions);
  const submit = form.handleSubmit((values) => save.mutate({ roleId: role?.id ?? null, values }, { onSuccess: onSaved }));

  return (
    <form onSubmit={(event) => void submit(event)} noValidate className="grid gap-4 lg:grid-cols-[1fr_18rem]">
      <div className="grid content-start gap-4">
        <div className="flex flex-wrap items-end gap-4">
          <div className="min-w-60 flex-1">
            <Field
              label="Nome do perfil"
              // A built-in role's name is the code the access check reads (BALCONISTA_II): say how it reads elsewhere.
              description={roleLabel(name) !== name ? `Aparece como “${roleLabel(name)}” no menu, no início e nas listas.` : undefined}
              error={form.formState.errors.name?.message}
            >
              <Input {...form.register('name')} />
            </Field>
          </div>
          <Controller
            control={form.control}
            name="isAdmin"
            render={({ field }) => (
              <label className="flex items-center gap-2 pb-2 text-sm">
                <Checkbox checked={field.value} onCheckedChange={(checked) => field.onChange(checked === true)} />
                Administrador (acesso total)
              </label>
            )}
          />
        </div>

        <CheckboxGroup
          legend="Permissões do perfil"
          control={form.control}
          name="permissions"
          groups={groupPermissions(catalog.permissions).map((group) => ({
            title: group.category,
            options: group.permissions.map((permission) => ({
              value: permission.name,
              label: permissionLabel(permission.name, permission.description),
              hint: [permission.description, codeHint(permission.name, showCodes)].filter(Boolean).join(' · ') || null,
            })),
          }))}
        />
        <CheckboxGroup
          legend="Itens de menu visíveis (nenhum marcado: todos os permitidos)"
          control={form.control}
          name="menuPaths"
          groups={MENU_SECTIONS.map((section) => ({ title: section.title, options: section.items.map((item) => ({ value: item.path, label: item.label, hint: item.path })) }))}
        />
        <CheckboxGroup
          legend="Atalhos do início"
          control={form.control}
          name="homeActions"
          groups={[{ title: 'Cartões', options: HOME_ACTIONS.map((action) => ({ value: action.key, label: action.title, hint: PAGE_DESCRIPTIONS[action.path] ?? null })) }]}
        />
      </div>

      <div className="grid content-start gap-3">
        <AccessPreview
          title="O que este perfil verá"
          permissions={preview.permissions}
          catalog={catalog.permissions}
          showCodes={showCodes}
          menu={preview.menu}
          homeActions={preview.homeActions}
        />
        {role ? (
          <p className="text-xs text-muted-foreground">
            <Badge variant="outline">{role.userCount}</Badge> {plural(role.userCount, 'usuário com este perfil.', 'usuários com este perfil.')}
          </p>
        ) : null}
      </div>

      <div className="flex flex-wrap justify-end gap-2 lg:col-span-2">
        {role ? (
          <Button type="button" variant="outline" onClick={() => setConfirmDelete(true)}>
            <Trash2 aria-hidden="true" /> Excluir perfil
          </Button>
        ) : null}
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? <Spinner className="size-4 text-current" label="Salvando..." /> : null}
          {role ? 'Salvar perfil' : 'Criar perfil'}
        </Button>
      </div>

      <AlertDialog open={confirmDelete} onOpenChange={setConfirmDelete}>
        <AlertDialogContent>
          <AlertDialogHeader>
            <AlertDialogTitle>Excluir perfil</AlertDialogTitle>
            <AlertDialogDescription>
              {role && role.userCount > 0
                ? `${formatCount(role.userCount, 'usuário ficará sem perfil e com acesso pendente até receber outro', 'usuários ficarão sem perfil e com acesso pendente até receberem outro')}. Excluir “${roleLabel(role.name)}”?`
                : `Excluir o perfil “${role ? roleLabel(role.name) : ''}”?`}
            </AlertDialogDescription>
          </AlertDialogHeader>
          <AlertDialogFooter>
            <AlertDialogCancel>Voltar</AlertDialogCancel>
            <Button
              variant="destructive"
              disabled={remove.isPending}
              onClick={() => role && remove.mutate({ roleId: role.id, name: role.name }, { onSuccess: onDeleted, onSettled: () => setConfirmDelete(false) })}
            >
              Excluir
            </Button>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
    </form>
  );
}

interface CheckboxGroupProps {
  legend: string;
  control: ReturnType<typeof useForm<RoleFormValues>>['control'];
  name: 'permissions' | 'menuPaths' | 'homeActions';
  groups: { title: string; options: { value: string; label: string; hint: string | null }[] }[];
}

/** A list-valued field as checkboxes in titled groups. */
function CheckboxGroup({ legend, control, name, groups }: CheckboxGroupProps) {
  return (
    <fieldset className="grid gap-2">
      <legend className="mb-1 text-sm font-medium">{legend}</legend>
      <Controller
        control={control}
        name={name}
        render={({ field }) => (
          <div className="grid gap-3 sm:grid-cols-2">
            {groups.map((group) => (
              <div key={group.title} role="group" aria-label={`${legend}: ${group.title}`} className="grid gap-1.5 rounded-md border p-2">
                <p className="text-xs font-semibold text-muted-foreground uppercase">{group.title}</p>
                {group.options.map((option) => (
                  <label key={option.value} className="flex items-start gap-2 text-sm" title={option.hint ?? undefined}>
                    <Checkbox
                      className="mt-0.5"
                      aria-label={option.label}
                      checked={field.value.includes(option.value)}
                      onCheckedChange={(checked) =>
                        field.onChange(checked === true ? [...field.value, option.value] : field.value.filter((value) => value !== option.value))
                      }
                    />
                    <span>{option.label}</span>
                  </label>
                ))}
              </div>
            ))}
          </div>
        )}
      />
    </fieldset>
  );
}
