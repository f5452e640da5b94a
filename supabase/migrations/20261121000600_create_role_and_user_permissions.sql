-- Permissions held through a role (role_permissions, keyed by permission name
-- as spec §3 says) and permissions granted to one user directly
-- (user_permissions, keyed by permission id). A user's permissions are the
-- union of both (private.has_permission).
-- Everyone reads role_permissions (the client resolves its own permissions);
-- a user reads their own user_permissions, user managers read all.
-- Writes: role_permissions for roles the caller may manage
-- (private.can_manage_role) and, for non-admins, only permissions they hold;
-- user_permissions for other users (private.can_manage_user_access) and, for
-- non-admins, only permissions they hold. Nobody grants themselves anything.

create table public.role_permissions (
  role_id uuid not null references public.custom_roles (id) on delete cascade,
  permission text not null references public.permissions (name) on update cascade on delete cascade,
  primary key (role_id, permission)
);
comment on table public.role_permissions is 'Permissions granted by a role (spec §3 "Role permission").';

create index role_permissions_permission_idx on public.role_permissions (permission);

alter table public.role_permissions enable row level security;

revoke all on table public.role_permissions from anon, authenticated;
grant select, insert, update, delete on table public.role_permissions to authenticated;
grant all on table public.role_permissions to service_role;

create policy "role_permissions: authenticated users read all role permissions"
  on public.role_permissions for select to authenticated
  using (true);

create policy "role_permissions: role managers grant permissions they hold"
  on public.role_permissions for insert to authenticated
  with check ((select private.can_manage_role(role_id)) and (select private.has_permission(permission)));

create policy "role_permissions: role managers change permissions they hold"
  on public.role_permissions for update to authenticated
  using ((select private.can_manage_role(role_id)) and (select private.has_permission(permission)))
  with check ((select private.can_manage_role(role_id)) and (select private.has_permission(permission)));

create policy "role_permissions: role managers revoke permissions"
  on public.role_permissions for delete to authenticated
  using ((select private.can_manage_role(role_id)));

create table public.user_permissions (
  user_id uuid not null references auth.users (id) on delete cascade,
  permission_id uuid not null references public.permissions (id) on delete cascade,
  primary key (user_id, permission_id)
);
comment on table public.user_permissions is 'Permissions granted to a user directly, on top of their role (spec §3 "User permission").';

create index user_permissions_permission_id_idx on public.user_permissions (permission_id);

alter table public.user_permissions enable row level security;

revoke all on table public.user_permissions from anon, authenticated;
grant select, insert, update, delete on table public.user_permissions to authenticated;
grant all on table public.user_permissions to service_role;

-- The permission a user_permissions row names, for policy checks.
create function private.permission_name(p_permission_id uuid)
returns text
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_name text;
begin
  select pe.name into v_name from public.permissions pe where pe.id = p_permission_id;
  return v_name;
end;
$$;
comment on function private.permission_name(uuid) is 'Name of the permission with this id (null when unknown).';
revoke execute on function private.permission_name(uuid) from public, anon;
grant execute on function private.permission_name(uuid) to authenticated, service_role;

create policy "user_permissions: users read their own, user managers read all"
  on public.user_permissions for select to authenticated
  using (
    user_id = (select auth.uid())
    or (select private.has_permission('MANAGE_USERS'))
    or (select private.has_permission('MANAGE_ROLES'))
  );

create policy "user_permissions: user managers grant others permissions they hold"
  on public.user_permissions for insert to authenticated
  with check (
    (select private.can_manage_user_access(user_id))
    and (select private.has_permission(private.permission_name(permission_id)))
  );

create policy "user_permissions: user managers change others' permissions they hold"
  on public.user_permissions for update to authenticated
  using (
    (select private.can_manage_user_access(user_id))
    and (select private.has_permission(private.permission_name(permission_id)))
  )
  with check (
    (select private.can_manage_user_access(user_id))
    and (select private.has_permission(private.permission_name(permission_id)))
  );

create policy "user_permissions: user managers revoke others' permissions"
  on public.user_permissions for delete to authenticated
  using ((select private.can_manage_user_access(user_id)));
