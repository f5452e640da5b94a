-- Application roles and the one-role-per-user assignment (spec §6).
-- A user without a user_roles row is a BALCONISTA.
-- Everyone reads the role catalogue; a user reads their own assignment, user
-- managers read all. Writes: custom_roles through private.can_manage_role
-- (admins; MANAGE_ROLES holders for non-admin roles other than their own) and
-- user_roles through private.can_manage_user_access (admins; MANAGE_USERS or
-- MANAGE_ROLES holders for other users and non-admin roles). Nobody but an
-- admin can hand out an admin role, and nobody can change their own role.

create table public.custom_roles (
  id uuid primary key default gen_random_uuid(),
  name text not null unique,
  description text,
  is_admin boolean not null default false,
  created_at timestamptz not null default now(),
  constraint custom_roles_name_not_blank check (length(btrim(name)) > 0)
);
comment on table public.custom_roles is 'Application roles (ADMIN, BALCONISTA, ...); is_admin maps a role to ADMIN (spec §3 "Custom role").';

alter table public.custom_roles enable row level security;

revoke all on table public.custom_roles from anon, authenticated;
grant select, insert, update, delete on table public.custom_roles to authenticated;
grant all on table public.custom_roles to service_role;

create policy "custom_roles: authenticated users read all roles"
  on public.custom_roles for select to authenticated
  using (true);

create policy "custom_roles: role managers insert non-admin roles, admins any"
  on public.custom_roles for insert to authenticated
  with check (
    (select private.is_admin())
    or ((select private.has_permission('MANAGE_ROLES')) and not is_admin and upper(name) <> 'ADMIN')
  );

create policy "custom_roles: role managers update roles they may manage"
  on public.custom_roles for update to authenticated
  using ((select private.can_manage_role(id)))
  with check (
    (select private.is_admin())
    or ((select private.can_manage_role(id)) and not is_admin and upper(name) <> 'ADMIN')
  );

create policy "custom_roles: role managers delete roles they may manage"
  on public.custom_roles for delete to authenticated
  using ((select private.can_manage_role(id)));

create table public.user_roles (
  user_id uuid primary key references auth.users (id) on delete cascade,
  role_id uuid not null references public.custom_roles (id) on delete cascade
);
comment on table public.user_roles is 'The role of each user (one per user; no row means BALCONISTA) (spec §3 "User role link").';

create index user_roles_role_id_idx on public.user_roles (role_id);

alter table public.user_roles enable row level security;

revoke all on table public.user_roles from anon, authenticated;
grant select, insert, update, delete on table public.user_roles to authenticated;
grant all on table public.user_roles to service_role;

create policy "user_roles: users read their own role, user managers read all"
  on public.user_roles for select to authenticated
  using (
    user_id = (select auth.uid())
    or (select private.has_permission('MANAGE_USERS'))
    or (select private.has_permission('MANAGE_ROLES'))
  );

create policy "user_roles: user managers assign roles to others"
  on public.user_roles for insert to authenticated
  with check (
    (select private.can_manage_user_access(user_id))
    and ((select private.is_admin()) or not (select private.is_admin_role(role_id)))
  );

create policy "user_roles: user managers change roles of others"
  on public.user_roles for update to authenticated
  using (
    (select private.can_manage_user_access(user_id))
    and ((select private.is_admin()) or not (select private.is_admin_role(role_id)))
  )
  with check (
    (select private.can_manage_user_access(user_id))
    and ((select private.is_admin()) or not (select private.is_admin_role(role_id)))
  );

create policy "user_roles: user managers remove roles of others"
  on public.user_roles for delete to authenticated
  using (
    (select private.can_manage_user_access(user_id))
    and ((select private.is_admin()) or not (select private.is_admin_role(role_id)))
  );
