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
language sql
immutable
set search_path = ''
as $$
  select array['ADMIN', 'BALCONISTA', 'BALCONISTA_II', 'FARMACEUTICO', 'ADMIN_COMPRAS', 'REPRESENTANTE', 'ANALISTA']::text[]
$$;
comment on function private.known_role_names() is 'The seven application role names of spec §6.';

-- The custom role that applies to the calling user: their user_roles row, or
-- the role named BALCONISTA when they have none (spec §6: BALCONISTA is the default).
create function private.current_role_id()
returns uuid
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_role_id uuid;
begin
  if auth.uid() is null then
    return null;
  end if;
  select ur.role_id into v_role_id from public.user_roles ur where ur.user_id = auth.uid();
  if v_role_id is null then
    select cr.id into v_role_id from public.custom_roles cr where upper(cr.name) = 'BALCONISTA' limit 1;
  end if;
  return v_role_id;
end;
$$;
comment on function private.current_role_id() is 'Custom role id of auth.uid(): the user_roles row, else the BALCONISTA role.';

-- The resolved application role of the calling user (spec §6): ADMIN when the
-- custom role is flagged is_admin, the upper-cased name when it is a known role,
-- BALCONISTA otherwise (also when the user has no role row).
create function private.current_role_name()
returns text
language plpgsql
stable
security definer
set search_path = ''
as $$
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
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  return coalesce(private.current_role_name() = 'ADMIN', false);
end;
$$;
comment on function private.is_admin() is 'True when auth.uid() resolves to the ADMIN role.';

-- Permissions come from the effective role plus permissions granted to the
-- user directly; names are compared case-insensitively (spec §6).
create function private.has_permission(p text)
returns boolean
language plpgsql
stable
security definer
set search_path = ''
as $$
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

create function private.current_unit_id()
returns uuid
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_unit_id uuid;
begin
  select pr.unit_id into v_unit_id from public.profiles pr where pr.id = auth.uid();
  return v_unit_id;
end;
$$;
comment on function private.current_unit_id() is 'profiles.unit_id of auth.uid() (null when no unit is chosen).';

create function private.current_supplier_id()
returns uuid
language plpgsql
stable
security definer
set search_path = ''
as $$
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
language plpgsql
stable
security definer
set search_path = ''
as $$
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
language plpgsql
stable
security definer
set search_path = ''
as $$
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
language plpgsql
stable
security definer
set search_path = ''
as $$
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
