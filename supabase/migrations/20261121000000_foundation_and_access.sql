-- Baseline (squashed 2026-11-25): see supabase/schema-dump.txt for the resulting schema.
-- Function bodies are checked when called, as pg_dump does, because a function keeps its final
-- body at the place it was first defined.
set check_function_bodies = off;

-- ===========================================================================
-- From create private schema

-- Schema `private` holds security-definer helpers that RLS policies call.
-- It is not listed in [api] schemas, so PostgREST never exposes it; only
-- `authenticated` gets USAGE, and EXECUTE is granted function by function.
--
-- The helpers are plpgsql so that they can be created before the tables they
-- read (plpgsql bodies are resolved when first run, not at creation time).
-- Each one runs as its owner with an empty search_path and fully qualified names.

create schema if not exists private;

comment on schema private is 'Security-definer helpers used by RLS policies and RPCs; never exposed through the Data API.';

revoke all on schema private from public;

revoke all on schema private from anon;

grant usage on schema private to authenticated, service_role;

-- The seven application roles the product knows (spec §6).
create function private.known_role_names()
returns text[]
language sql immutable set search_path = '' as $$
  select array['ADMIN', 'BALCONISTA', 'BALCONISTA_II', 'FARMACEUTICO', 'ADMIN_COMPRAS', 'REPRESENTANTE', 'ANALISTA']::text[]
$$;

comment on function private.known_role_names() is 'The seven application role names of spec §6.';

-- Security review, finding D1: a self-registered stranger became counter staff.
--
-- /register is public and sign-ups are auto-confirmed; private.current_role_id()
-- answered the BALCONISTA role for users without a user_roles row, so every
-- stranger got CREATE_SHORTAGES, MANAGE_PRODUCTS, MANAGE_BOLETOS and
-- MANAGE_REMESSA in a unit of their choice. A user without a role row now has
-- no role id and therefore no role permissions (only what an administrator
-- grants them in user_permissions). private.current_role_name() still answers
-- BALCONISTA for them: spec §6 labels role-less users BALCONISTA, and the home
-- shows "Permissões Limitadas" until an administrator assigns a role.

create or replace function private.current_role_id()
returns uuid
language plpgsql stable security definer set search_path = '' as $$
declare
  v_role_id uuid;
begin
  if auth.uid() is null then
    return null;
  end if;
  select ur.role_id into v_role_id from public.user_roles ur where ur.user_id = auth.uid();
  return v_role_id;
end;
$$;

-- The resolved application role of the calling user (spec §6): ADMIN when the
-- custom role is flagged is_admin, the upper-cased name when it is a known role,
-- BALCONISTA otherwise (also when the user has no role row).
create function private.current_role_name()
returns text
language plpgsql stable security definer set search_path = '' as $$
declare
  v_name text;
  v_is_admin boolean;
begin
  if auth.uid() is null then
    return null;
  end if;
  select cr.name, cr.is_admin into v_name, v_is_admin
  from public.user_roles ur
  join public.custom_roles cr on cr.id = ur.role_id
  where ur.user_id = auth.uid();
  if coalesce(v_is_admin, false) then
    return 'ADMIN';
  end if;
  if upper(v_name) = any (private.known_role_names()) then
    return upper(v_name);
  end if;
  return 'BALCONISTA';
end;
$$;

comment on function private.current_role_name() is 'Resolved application role of auth.uid() (ADMIN, BALCONISTA, ...); BALCONISTA when none.';

create function private.is_admin()
returns boolean
language plpgsql stable security definer set search_path = '' as $$
begin
  return coalesce(private.current_role_name() = 'ADMIN', false);
end;
$$;

comment on function private.is_admin() is 'True when auth.uid() resolves to the ADMIN role.';

-- Permissions come from the effective role plus permissions granted to the
-- user directly; names are compared case-insensitively (spec §6).
create function private.has_permission(p text)
returns boolean
language plpgsql stable security definer set search_path = '' as $$
begin
  if auth.uid() is null then
    return false;
  end if;
  if private.is_admin() then
    return true;
  end if;
  return exists (
    select 1
    from public.role_permissions rp
    where rp.role_id = private.current_role_id()
      and upper(rp.permission) = upper(p)
  ) or exists (
    select 1
    from public.user_permissions up
    join public.permissions pe on pe.id = up.permission_id
    where up.user_id = auth.uid()
      and upper(pe.name) = upper(p)
  );
end;
$$;

comment on function private.has_permission(text) is 'True when auth.uid() is ADMIN or holds permission p through its role or directly (case-insensitive).';

-- The unit the caller works in, for the policies: none for a supplier's representative, and
-- none for an account an administrator has not yet given access (so a unit chosen at sign-up
-- opens nothing).
create or replace function private.current_unit_id()
returns uuid
language plpgsql stable security definer set search_path = '' as $$
declare
  v_unit_id uuid;
begin
  if not private.has_access() then
    return null;
  end if;
  select pr.unit_id into v_unit_id
  from public.profiles pr
  where pr.id = auth.uid()
    and pr.supplier_id is null;
  return v_unit_id;
end;
$$;

create function private.current_supplier_id()
returns uuid
language plpgsql stable security definer set search_path = '' as $$
declare
  v_supplier_id uuid;
begin
  select pr.supplier_id into v_supplier_id from public.profiles pr where pr.id = auth.uid();
  return v_supplier_id;
end;
$$;

comment on function private.current_supplier_id() is 'profiles.supplier_id of auth.uid(): the supplier a representative works for.';

-- True when the custom role grants admin powers (flag or the name ADMIN).
create function private.is_admin_role(p_role_id uuid)
returns boolean
language plpgsql stable security definer set search_path = '' as $$
begin
  return exists (
    select 1 from public.custom_roles cr
    where cr.id = p_role_id and (cr.is_admin or upper(cr.name) = 'ADMIN')
  );
end;
$$;

comment on function private.is_admin_role(uuid) is 'True when the custom role is flagged is_admin or is named ADMIN.';

-- Who may change a role's configuration (its name, permissions, menu paths,
-- homepage actions): admins; MANAGE_ROLES holders only for roles that are
-- neither an admin role nor their own (no self-escalation).
create function private.can_manage_role(p_role_id uuid)
returns boolean
language plpgsql stable security definer set search_path = '' as $$
begin
  if private.is_admin() then
    return true;
  end if;
  return private.has_permission('MANAGE_ROLES')
    and p_role_id is distinct from private.current_role_id()
    and not private.is_admin_role(p_role_id);
end;
$$;

comment on function private.can_manage_role(uuid) is 'Admins, or MANAGE_ROLES holders for a non-admin role other than their own.';

-- Who may assign roles or direct permissions to a user: admins; holders of
-- MANAGE_USERS or MANAGE_ROLES only for other users (never themselves).
create function private.can_manage_user_access(p_user_id uuid)
returns boolean
language plpgsql stable security definer set search_path = '' as $$
begin
  if private.is_admin() then
    return true;
  end if;
  return (private.has_permission('MANAGE_USERS') or private.has_permission('MANAGE_ROLES'))
    and p_user_id is distinct from auth.uid();
end;
$$;

comment on function private.can_manage_user_access(uuid) is 'Admins, or MANAGE_USERS/MANAGE_ROLES holders acting on another user.';

revoke execute on all functions in schema private from public, anon;

grant execute on function
  private.current_role_id(),
  private.current_role_name(),
  private.is_admin(),
  private.has_permission(text),
  private.current_unit_id(),
  private.current_supplier_id(),
  private.is_admin_role(uuid),
  private.can_manage_role(uuid),
  private.can_manage_user_access(uuid)
to authenticated, service_role;

-- ===========================================================================
-- From create store units

-- Store units (the pharmacy chain's stores). Every signed-in user reads them
-- (names are shown in the sidebar and on the home screen); writes need MANAGE_UNITS.

create table public.store_units (
  id uuid primary key default gen_random_uuid(),
  name text not null unique,
  address text,
  created_at timestamptz not null default now(),
  constraint store_units_name_not_blank check (length(btrim(name)) > 0)
);

comment on table public.store_units is 'Store units of the pharmacy chain (spec §3 "Store unit").';

alter table public.store_units enable row level security;

revoke all on table public.store_units from anon, authenticated;

grant select, insert, update, delete on table public.store_units to authenticated;

grant all on table public.store_units to service_role;

create policy "store_units: authenticated users read all units"
  on public.store_units for select to authenticated
  using (true);

create policy "store_units: MANAGE_UNITS holders insert units"
  on public.store_units for insert to authenticated
  with check ((select private.has_permission('MANAGE_UNITS')));

create policy "store_units: MANAGE_UNITS holders update units"
  on public.store_units for update to authenticated
  using ((select private.has_permission('MANAGE_UNITS')))
  with check ((select private.has_permission('MANAGE_UNITS')));

create policy "store_units: MANAGE_UNITS holders delete units"
  on public.store_units for delete to authenticated
  using ((select private.has_permission('MANAGE_UNITS')));

-- ===========================================================================
-- From create suppliers

-- Suppliers (distributors) whose representatives answer quote batches.
-- profiles.supplier_id (next migration) links a representative to one supplier.
-- Every signed-in user reads supplier names; only admins write them.

create table public.suppliers (
  id uuid primary key default gen_random_uuid(),
  name text not null unique,
  cnpj text,
  created_at timestamptz not null default now(),
  constraint suppliers_name_not_blank check (length(btrim(name)) > 0)
);

comment on table public.suppliers is 'Suppliers (distributors) represented by REPRESENTANTE users.';

alter table public.suppliers enable row level security;

revoke all on table public.suppliers from anon, authenticated;

grant select, insert, update, delete on table public.suppliers to authenticated;

grant all on table public.suppliers to service_role;

create policy "suppliers: admins insert suppliers"
  on public.suppliers for insert to authenticated
  with check ((select private.is_admin()));

create policy "suppliers: admins update suppliers"
  on public.suppliers for update to authenticated
  using ((select private.is_admin()))
  with check ((select private.is_admin()));

create policy "suppliers: admins delete suppliers"
  on public.suppliers for delete to authenticated
  using ((select private.is_admin()));

-- ===========================================================================
-- From create profiles

-- One profile per auth user, created by a trigger on auth.users from the
-- sign-up metadata (full_name; unit_id only when it names an existing unit).
-- The role is never taken from metadata: roles live in user_roles.
--
-- Who reads profiles:
--   * everyone reads their own profile;
--   * internal staff (any resolved role except REPRESENTANTE) read every profile,
--     so creator names can be resolved in shortage, batch and quote lists;
--   * representatives read their own profile and the profiles of internal staff
--     (profiles without a supplier), never those of other suppliers' representatives;
--   * MANAGE_USERS holders (and admins) read everything.
-- Who updates: a user their own full_name and unit_id; MANAGE_USERS holders anyone's.
-- supplier_id (the supplier a representative works for) and id never change
-- through a user's own update: the guard trigger refuses it unless MANAGE_USERS.

create table public.profiles (
  id uuid primary key references auth.users (id) on delete cascade,
  full_name text,
  unit_id uuid references public.store_units (id) on delete set null,
  supplier_id uuid references public.suppliers (id) on delete set null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

comment on table public.profiles is 'Per-user profile: display name and chosen store unit (spec §3 "Profile").';

create index profiles_unit_id_idx on public.profiles (unit_id);

create index profiles_supplier_id_idx on public.profiles (supplier_id);

alter table public.profiles enable row level security;

revoke all on table public.profiles from anon, authenticated;

grant select on table public.profiles to authenticated;

grant update (full_name, unit_id, supplier_id) on table public.profiles to authenticated;

grant all on table public.profiles to service_role;

-- updated_at bookkeeping (shared by later tables of this module).
create function private.set_updated_at()
returns trigger
language plpgsql set search_path = '' as $$
begin
  new.updated_at := now();
  return new;
end;
$$;

comment on function private.set_updated_at() is 'BEFORE UPDATE trigger: stamps updated_at.';

revoke execute on function private.set_updated_at() from public, anon, authenticated;

-- ---------------------------------------------------------------------------
-- Profile changes. A user changes their own name, and their working unit only among the
-- units assigned to them (or to none); user administrators may set anyone's unit, which
-- also assigns it. Ids and suppliers are administrators' business. Refusals say so
-- (42501) and change nothing.

create or replace function private.guard_profile_update()
returns trigger
language plpgsql set search_path = '' as $$
begin
  if current_user not in ('authenticated', 'anon') then
    return new;
  end if;
  if new.id is distinct from old.id then
    raise exception 'O identificador do perfil não pode ser alterado' using errcode = '42501';
  end if;
  if new.supplier_id is distinct from old.supplier_id and not private.has_permission('MANAGE_USERS') then
    raise exception 'Apenas administradores de usuários podem alterar o fornecedor de um perfil' using errcode = '42501';
  end if;
  if new.unit_id is distinct from old.unit_id
     and new.unit_id is not null
     and not private.can_manage_user_access(old.id)
     and not exists (select 1 from public.user_units uu where uu.user_id = old.id and uu.unit_id = new.unit_id) then
    raise exception 'Você só pode trocar para uma unidade atribuída a você' using errcode = '42501';
  end if;
  return new;
end;
$$;

comment on function private.guard_profile_update() is 'BEFORE UPDATE on profiles: id is immutable; supplier_id needs MANAGE_USERS.';

revoke execute on function private.guard_profile_update() from public, anon, authenticated;

create trigger profiles_guard_update
  before update on public.profiles
  for each row execute function private.guard_profile_update();

create trigger profiles_set_updated_at
  before update on public.profiles
  for each row execute function private.set_updated_at();

create or replace function private.handle_new_user()
returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  v_meta jsonb := coalesce(new.raw_user_meta_data, '{}'::jsonb);
  v_unit_text text := v_meta ->> 'unit_id';
  v_unit_id uuid;
begin
  if v_unit_text ~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' then
    select su.id into v_unit_id from public.store_units su where su.id = v_unit_text::uuid;
  end if;
  -- Metadata is written by the client: the unit is recorded as requested, never assigned.
  insert into public.profiles (id, full_name, requested_unit_id)
  values (new.id, nullif(btrim(v_meta ->> 'full_name'), ''), v_unit_id)
  on conflict (id) do nothing;
  return new;
end;
$$;

comment on function private.handle_new_user() is 'AFTER INSERT on auth.users: creates the profile from full_name/unit_id metadata; never assigns a role.';

revoke execute on function private.handle_new_user() from public, anon, authenticated;

create trigger on_auth_user_created
  after insert on auth.users
  for each row execute function private.handle_new_user();

create policy "profiles: users update their own profile, MANAGE_USERS holders anyone's"
  on public.profiles for update to authenticated
  using (id = (select auth.uid()) or (select private.has_permission('MANAGE_USERS')))
  with check (id = (select auth.uid()) or (select private.has_permission('MANAGE_USERS')));

-- ===========================================================================
-- From create custom roles and user roles

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

-- ===========================================================================
-- From create permissions

-- The permission catalogue of spec §6 plus ADMIN_ACCESS (checked by the AI
-- panel). It is reference data the application code relies on, so its rows
-- are inserted here rather than in the demo seed. menu_items lists the menu
-- paths each permission unlocks (descriptions are shown to users: pt-BR).
--
-- Everyone reads the catalogue. Writes are for admins only: a permission's
-- name is what every check compares against, so letting a non-admin rename
-- one (role_permissions follows through on update cascade) would let them
-- turn a permission they hold into one they do not.

create table public.permissions (
  id uuid primary key default gen_random_uuid(),
  name text not null unique,
  description text,
  category text not null,
  menu_items text[] not null default '{}',
  constraint permissions_category_known check (
    category in ('Usuários', 'Operações', 'Compras', 'Relatórios', 'Financeiro', 'Documentos', 'Controle de Ponto')
  ),
  constraint permissions_name_upper check (name = upper(name) and length(btrim(name)) > 0)
);

comment on table public.permissions is 'Permission catalogue (spec §6) with the menu paths each permission unlocks.';

alter table public.permissions enable row level security;

revoke all on table public.permissions from anon, authenticated;

grant select, insert, update, delete on table public.permissions to authenticated;

grant all on table public.permissions to service_role;

create policy "permissions: authenticated users read the catalogue"
  on public.permissions for select to authenticated
  using (true);

create policy "permissions: admins insert permissions"
  on public.permissions for insert to authenticated
  with check ((select private.is_admin()));

create policy "permissions: admins update permissions"
  on public.permissions for update to authenticated
  using ((select private.is_admin()))
  with check ((select private.is_admin()));

create policy "permissions: admins delete permissions"
  on public.permissions for delete to authenticated
  using ((select private.is_admin()));

insert into public.permissions (name, description, category, menu_items) values
  ('MANAGE_USERS', 'Criar, editar e excluir usuários', 'Usuários', array['/usuarios']),
  ('MANAGE_ROLES', 'Gerenciar perfis e níveis de acesso', 'Usuários', array['/usuarios']),
  ('MANAGE_UNITS', 'Gerenciar unidades (lojas)', 'Usuários', array['/usuarios']),
  ('ADMIN_ACCESS', 'Acesso administrativo, incluindo o assistente de IA de compras', 'Usuários', array[]::text[]),
  ('MANAGE_PRODUCTS', 'Gerenciar produtos', 'Operações', array['/produtos']),
  ('CREATE_SHORTAGES', 'Registrar faltas de produtos nas unidades', 'Operações', array['/lancamento', '/historico-importacoes']),
  ('MANAGE_REMESSA', 'Gerenciar solicitações de remessa', 'Operações', array['/remessas', '/nova-remessa', '/assinatura-remessas']),
  ('MANAGE_QUOTES', 'Criar e gerenciar cotações', 'Compras', array['/cotacoes', '/itens-vitoriosos']),
  ('MANAGE_ORDERS', 'Criar e gerenciar pedidos de compra', 'Compras', array['/compras', '/relatorio-compras']),
  ('VIEW_REPORTS', 'Visualizar relatórios', 'Relatórios', array['/dashboard', '/analise-cotacoes', '/analise-faltas', '/analise-dias-compras', '/relatorio-boletos', '/relatorio-compras', '/itens-vitoriosos']),
  ('MANAGE_BOLETOS', 'Criar e gerenciar boletos', 'Financeiro', array['/boletos', '/relatorio-boletos']),
  ('MANAGE_DOCUMENTS', 'Gerenciar documentos', 'Documentos', array['/documentos']),
  ('PUNCH_CLOCK_ACCESS', 'Usar o ponto eletrônico', 'Controle de Ponto', array['/ponto']),
  ('PUNCH_VIEW_OWN', 'Ver apenas os próprios registros de ponto', 'Controle de Ponto', array['/meu-ponto']),
  ('PUNCH_VIEW_ALL', 'Ver os registros de ponto de todos os funcionários', 'Controle de Ponto', array['/ponto/dashboard', '/ponto/relatorios', '/ponto/relatorios-detalhados']),
  ('PUNCH_MANAGE', 'Editar, invalidar ou justificar registros de ponto', 'Controle de Ponto', array['/ponto/admin', '/ponto/computadores', '/gestao-horarios']);

-- ===========================================================================
-- From create role and user permissions

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
language plpgsql stable security definer set search_path = '' as $$
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

-- ===========================================================================
-- From create role menu paths

-- Menu paths a role sees in the sidebar (spec §6). No rows for a role means
-- every menu item it is permitted to see is visible; ADMIN always sees all
-- (the client applies that rule). get_visible_menu_paths returns the rows.

create table public.role_menu_paths (
  role_id uuid not null references public.custom_roles (id) on delete cascade,
  menu_path text not null,
  primary key (role_id, menu_path),
  constraint role_menu_paths_path_absolute check (menu_path like '/%')
);

comment on table public.role_menu_paths is 'Sidebar paths visible to a role; none configured means all visible.';

alter table public.role_menu_paths enable row level security;

revoke all on table public.role_menu_paths from anon, authenticated;

grant select, insert, update, delete on table public.role_menu_paths to authenticated;

grant all on table public.role_menu_paths to service_role;

create policy "role_menu_paths: authenticated users read all"
  on public.role_menu_paths for select to authenticated
  using (true);

create policy "role_menu_paths: role managers insert"
  on public.role_menu_paths for insert to authenticated
  with check ((select private.can_manage_role(role_id)));

create policy "role_menu_paths: role managers update"
  on public.role_menu_paths for update to authenticated
  using ((select private.can_manage_role(role_id)))
  with check ((select private.can_manage_role(role_id)));

create policy "role_menu_paths: role managers delete"
  on public.role_menu_paths for delete to authenticated
  using ((select private.can_manage_role(role_id)));

-- RPC: the configured menu paths of a role (empty = all visible). A null
-- role_id means the caller's own effective role (BALCONISTA when they have none).
create function public.get_visible_menu_paths(role_id uuid)
returns table (menu_path text)
language sql stable security definer set search_path = '' as $$
  select rmp.menu_path
  from public.role_menu_paths rmp
  where (select auth.uid()) is not null
    and rmp.role_id = coalesce(get_visible_menu_paths.role_id, private.current_role_id())
  order by rmp.menu_path
$$;

revoke execute on function public.get_visible_menu_paths(uuid) from public, anon;

grant execute on function public.get_visible_menu_paths(uuid) to authenticated, service_role;

-- ===========================================================================
-- From create role homepage actions

-- Home-screen action cards a role sees (spec §3 "Homepage action
-- visibility", §6 "Home cards"). If a role has visible rows, only those keys
-- show; with none, the client's per-role defaults apply.
-- The admin screen replaces a role's rows (delete by role_id, then insert).

create table public.role_homepage_actions (
  role_id uuid not null references public.custom_roles (id) on delete cascade,
  action_key text not null,
  visible boolean not null default true,
  primary key (role_id, action_key),
  constraint role_homepage_actions_action_key_known check (
    action_key in ('launch_shortages', 'product_catalog', 'register_boletos', 'manage_purchases',
                   'manage_quotes', 'winning_items', 'manage_users', 'punch_reports')
  )
);

comment on table public.role_homepage_actions is 'Home-screen action cards configured per role (visible flag per action key).';

alter table public.role_homepage_actions enable row level security;

revoke all on table public.role_homepage_actions from anon, authenticated;

grant select, insert, update, delete on table public.role_homepage_actions to authenticated;

grant all on table public.role_homepage_actions to service_role;

create policy "role_homepage_actions: authenticated users read all"
  on public.role_homepage_actions for select to authenticated
  using (true);

create policy "role_homepage_actions: role managers insert"
  on public.role_homepage_actions for insert to authenticated
  with check ((select private.can_manage_role(role_id)));

create policy "role_homepage_actions: role managers update"
  on public.role_homepage_actions for update to authenticated
  using ((select private.can_manage_role(role_id)))
  with check ((select private.can_manage_role(role_id)));

create policy "role_homepage_actions: role managers delete"
  on public.role_homepage_actions for delete to authenticated
  using ((select private.can_manage_role(role_id)));

-- RPC: the visible action keys configured for a role. A null role_id means
-- the caller's own effective role.
create function public.get_visible_homepage_actions(role_id uuid)
returns table (action_key text)
language sql stable security definer set search_path = '' as $$
  select rha.action_key
  from public.role_homepage_actions rha
  where (select auth.uid()) is not null
    and rha.role_id = coalesce(get_visible_homepage_actions.role_id, private.current_role_id())
    and rha.visible
  order by rha.action_key
$$;

comment on function public.get_visible_homepage_actions(uuid) is 'Visible home-screen action keys configured for a role.';

revoke execute on function public.get_visible_homepage_actions(uuid) from public, anon;

grant execute on function public.get_visible_homepage_actions(uuid) to authenticated, service_role;

-- ===========================================================================
-- From create list basic users

-- ---------------------------------------------------------------------------
-- 5. The staff list. E-mails are for user administrators and for each caller's own row;
-- everyone else gets names (and units, for staff); representatives get the names of the
-- staff their quotes deal with and nothing else; an account without access only itself.

create or replace function public.list_basic_users()
returns table (id uuid, email text, full_name text, unit_id uuid)
language sql stable security definer set search_path = '' as $$
  with caller as (
    select (select auth.uid()) as uid,
           (select private.has_permission('MANAGE_USERS')) as manages_users,
           (select private.has_access()) as has_access,
           (select private.current_role_name()) = 'REPRESENTANTE' as is_rep
  )
  select u.id,
         case when u.id = c.uid or c.manages_users then u.email::text end,
         p.full_name,
         case when u.id = c.uid or c.manages_users or not c.is_rep then p.unit_id end
  from auth.users u
  join caller c on c.uid is not null
  left join public.profiles p on p.id = u.id
  where u.deleted_at is null
    and (
      u.id = c.uid
      or c.manages_users
      or (c.has_access and (not c.is_rep or p.supplier_id is null))
    )
  order by p.full_name nulls last, u.id
$$;

revoke execute on function public.list_basic_users() from public, anon;

grant execute on function public.list_basic_users() to authenticated, service_role;

-- ===========================================================================
-- From insert default roles

-- The seven application roles of spec §6 and their default configuration
-- (permissions, visible menu paths, home-screen actions). The application code
-- keys on these role names, so they are reference data every deployment needs,
-- not demo data; admins may change the configuration afterwards.
-- The role → permission mapping (the spec leaves it open) is documented in
-- the README.

insert into public.custom_roles (name, description, is_admin) values
  ('ADMIN', 'Administrador: acesso total', true),
  ('BALCONISTA', 'Balconista: faltas, produtos, boletos e remessas da unidade', false),
  ('BALCONISTA_II', 'Balconista II: faltas, produtos e remessas da unidade', false),
  ('FARMACEUTICO', 'Farmacêutico: faltas, produtos, remessas e documentos', false),
  ('ADMIN_COMPRAS', 'Administrador de compras: pedidos e relatórios de compras', false),
  ('REPRESENTANTE', 'Representante de fornecedor: responde cotações', false),
  ('ANALISTA', 'Analista: relatórios, faltas, boletos, pedidos e ponto', false)
on conflict (name) do nothing;

insert into public.role_permissions (role_id, permission)
select cr.id, m.permission
from (values
  ('BALCONISTA', 'CREATE_SHORTAGES'), ('BALCONISTA', 'MANAGE_PRODUCTS'), ('BALCONISTA', 'MANAGE_BOLETOS'),
  ('BALCONISTA', 'MANAGE_REMESSA'), ('BALCONISTA', 'PUNCH_CLOCK_ACCESS'), ('BALCONISTA', 'PUNCH_VIEW_OWN'),
  ('BALCONISTA_II', 'CREATE_SHORTAGES'), ('BALCONISTA_II', 'MANAGE_PRODUCTS'), ('BALCONISTA_II', 'MANAGE_REMESSA'),
  ('BALCONISTA_II', 'PUNCH_CLOCK_ACCESS'), ('BALCONISTA_II', 'PUNCH_VIEW_OWN'),
  ('FARMACEUTICO', 'CREATE_SHORTAGES'), ('FARMACEUTICO', 'MANAGE_PRODUCTS'), ('FARMACEUTICO', 'MANAGE_REMESSA'),
  ('FARMACEUTICO', 'MANAGE_DOCUMENTS'), ('FARMACEUTICO', 'PUNCH_CLOCK_ACCESS'), ('FARMACEUTICO', 'PUNCH_VIEW_OWN'),
  ('ADMIN_COMPRAS', 'MANAGE_ORDERS'), ('ADMIN_COMPRAS', 'VIEW_REPORTS'), ('ADMIN_COMPRAS', 'PUNCH_CLOCK_ACCESS'),
  ('ADMIN_COMPRAS', 'PUNCH_VIEW_OWN'),
  ('REPRESENTANTE', 'MANAGE_QUOTES'), ('REPRESENTANTE', 'VIEW_REPORTS'),
  ('ANALISTA', 'CREATE_SHORTAGES'), ('ANALISTA', 'VIEW_REPORTS'), ('ANALISTA', 'MANAGE_BOLETOS'),
  ('ANALISTA', 'MANAGE_ORDERS'), ('ANALISTA', 'MANAGE_REMESSA'), ('ANALISTA', 'PUNCH_CLOCK_ACCESS'),
  ('ANALISTA', 'PUNCH_VIEW_OWN'), ('ANALISTA', 'PUNCH_VIEW_ALL')
) as m (role_name, permission)
join public.custom_roles cr on cr.name = m.role_name
on conflict do nothing;

-- Representatives are outside staff: no time clock in their menu.
insert into public.role_menu_paths (role_id, menu_path)
select cr.id, m.menu_path
from (values ('/'), ('/dashboard'), ('/cotacoes'), ('/itens-vitoriosos'), ('/analise-cotacoes'), ('/documentos'), ('/correio'))
  as m (menu_path)
cross join public.custom_roles cr
where cr.name = 'REPRESENTANTE'
on conflict do nothing;

insert into public.role_homepage_actions (role_id, action_key, visible)
select cr.id, m.action_key, true
from (values
  ('REPRESENTANTE', 'manage_quotes'), ('REPRESENTANTE', 'winning_items'), ('ADMIN_COMPRAS', 'manage_purchases')
) as m (role_name, action_key)
join public.custom_roles cr on cr.name = m.role_name
on conflict do nothing;

-- ===========================================================================
-- From create list unit names

-- RPC listing unit names for the registration page, which runs before sign-in.
-- Unit names are public (they are the chain's stores); the table itself stays
-- closed to anon, so addresses and anything added later are not exposed.

create function public.list_unit_names()
returns table (id uuid, name text)
language sql stable security definer set search_path = '' as $$
  select u.id, u.name from public.store_units u order by u.name
$$;

revoke execute on function public.list_unit_names() from public;

grant execute on function public.list_unit_names() to anon, authenticated, service_role;

reset check_function_bodies;
