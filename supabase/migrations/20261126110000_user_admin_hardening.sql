-- User administration, second attacker review (issue 21, item 1).
--
-- A user holding MANAGE_USERS without being an administrator (a custom role such as an HR
-- manager) could act on an administrator's account: change its e-mail through admin-users, send
-- the password reset to that new address and sign in as the administrator; disable, enable or
-- delete it; and blank its units and name through admin_set_user_access. The rule:
--
--   only an administrator acts on an administrator's account (a user holding an admin-flagged
--   role) or hands out an admin-flagged role; a user manager acts only on other, non-admin
--   accounts and non-admin roles; a disabled or deleted account manages nothing.
--
-- One function decides it (private.account_management_refusal: null, or the Portuguese reason).
-- The admin-users function asks it through public.admin_check_account with the caller's JWT
-- before any service-role action; the policies on user_roles, user_permissions, user_units and
-- profiles, admin_set_user_access and admin_list_users (its can_manage flag, which the screen
-- uses to offer the actions) follow from it.

-- ---------------------------------------------------------------------------
-- The check

-- True when the account holds an admin role (flagged is_admin, or named ADMIN).
create function private.is_admin_account(p_user_id uuid)
returns boolean
language sql stable security definer set search_path = '' as $$
  select exists (
    select 1 from public.user_roles ur
    join public.custom_roles cr on cr.id = ur.role_id
    where ur.user_id = p_user_id and (cr.is_admin or upper(cr.name) = 'ADMIN'))
$$;

comment on function private.is_admin_account(uuid) is
  'True when the user holds an admin role (is_admin, or named ADMIN): only administrators act on such an account.';

-- Why the caller may not manage the account p_user_id (null: a new account) and hand it the
-- role p_role_id (null: none), in Portuguese; null when they may.
create function private.account_management_refusal(p_user_id uuid, p_role_id uuid default null)
returns text
language plpgsql stable security definer set search_path = '' as $$
begin
  if auth.uid() is not null and not private.account_active(auth.uid()) then
    return 'Sua conta está desativada. Procure o administrador do sistema.';
  end if;
  if not private.has_permission('MANAGE_USERS') then
    return 'Você não tem permissão para gerenciar usuários.';
  end if;
  if private.is_admin() then
    return null;
  end if;
  if p_user_id is not null and p_user_id = auth.uid() then
    return 'Você não pode alterar a sua própria conta. Peça a outro administrador de usuários.';
  end if;
  if private.is_admin_account(p_user_id) then
    return 'Apenas administradores podem alterar a conta de um administrador.';
  end if;
  if private.is_admin_role(p_role_id) then
    return 'Apenas administradores podem atribuir um perfil de administrador.';
  end if;
  return null;
end;
$$;

comment on function private.account_management_refusal(uuid, uuid) is
  'Null when the caller may manage the account (null: a new one) and give it the role; otherwise the Portuguese reason. Only ADMIN acts on an administrator or hands out an admin role.';

create function private.can_manage_account(p_user_id uuid, p_role_id uuid default null)
returns boolean
language sql stable security definer set search_path = '' as $$
  select private.account_management_refusal(p_user_id, p_role_id) is null
$$;

comment on function private.can_manage_account(uuid, uuid) is
  'True when the caller may manage the account p_user_id (null: a new one) and give it the role p_role_id.';

revoke all on function private.is_admin_account(uuid), private.account_management_refusal(uuid, uuid),
  private.can_manage_account(uuid, uuid) from public, anon;
grant execute on function private.is_admin_account(uuid), private.account_management_refusal(uuid, uuid),
  private.can_manage_account(uuid, uuid) to authenticated, service_role;

-- For the admin-users function, with the caller's own JWT, before it does anything with the
-- service role: nothing when the caller may manage the account (null: a new one) and give it the
-- role; otherwise 42501 with the reason.
create function public.admin_check_account(p_user_id uuid default null, p_role_id uuid default null)
returns void
language plpgsql stable security definer set search_path = '' as $$
declare
  v_refusal text := private.account_management_refusal(p_user_id, p_role_id);
begin
  if v_refusal is not null then
    raise exception '%', v_refusal using errcode = '42501';
  end if;
end;
$$;

comment on function public.admin_check_account(uuid, uuid) is
  'Raises 42501 with the Portuguese reason unless the caller may manage the account (null: a new one) and give it the role; admin-users calls it before any service-role action.';

revoke execute on function public.admin_check_account(uuid, uuid) from public, anon;
grant execute on function public.admin_check_account(uuid, uuid) to authenticated, service_role;

-- Who may write a user's role, direct permissions and units (the policies of the foundation
-- migration, and the profile guard): administrators; MANAGE_USERS or MANAGE_ROLES holders for
-- other users who are not administrators.
create or replace function private.can_manage_user_access(p_user_id uuid)
returns boolean
language plpgsql stable security definer set search_path = '' as $$
begin
  if private.is_admin() then
    return true;
  end if;
  return (private.has_permission('MANAGE_USERS') or private.has_permission('MANAGE_ROLES'))
    and p_user_id is distinct from auth.uid()
    and not private.is_admin_account(p_user_id);
end;
$$;

comment on function private.can_manage_user_access(uuid) is
  'Admins, or MANAGE_USERS/MANAGE_ROLES holders acting on another user who is not an administrator.';

-- A user manager edited any profile (an administrator's name and unit included) straight through
-- the REST API: now only the accounts they may manage.
drop policy "profiles: users update their own profile, MANAGE_USERS holders anyone's" on public.profiles;

create policy "profiles: users update their own profile, user managers the accounts they manage"
  on public.profiles for update to authenticated
  using (id = (select auth.uid()) or ((select private.has_permission('MANAGE_USERS')) and (select private.can_manage_user_access(id))))
  with check (id = (select auth.uid()) or ((select private.has_permission('MANAGE_USERS')) and (select private.can_manage_user_access(id))));

-- ---------------------------------------------------------------------------
-- admin_set_user_access: every refusal before the first write, with its reason

create or replace function public.admin_set_user_access(
  p_user_id uuid,
  p_full_name text,
  p_role_id uuid,
  p_unit_ids uuid[],
  p_unit_id uuid,
  p_permission_ids uuid[],
  p_supplier_id uuid default null
)
returns void
language plpgsql volatile security invoker set search_path = '' as $$
declare
  v_unit_ids uuid[] := coalesce(p_unit_ids, '{}');
  v_permission_ids uuid[] := coalesce(p_permission_ids, '{}');
begin
  if not private.account_active(auth.uid()) and auth.uid() is not null then
    raise exception 'Sua conta está desativada. Procure o administrador do sistema.' using errcode = '42501';
  end if;
  if not (private.has_permission('MANAGE_USERS') or private.has_permission('MANAGE_ROLES')) then
    raise exception 'Você não tem permissão para alterar o acesso deste usuário' using errcode = '42501';
  end if;
  -- Before anything is written: an administrator's account (p_role_id null included, which used
  -- to blank its units and name while its role stayed) and admin roles are administrators' own.
  if not private.is_admin() and private.is_admin_account(p_user_id) then
    raise exception 'Apenas administradores podem alterar a conta de um administrador' using errcode = '42501';
  end if;
  if not private.is_admin() and private.is_admin_role(p_role_id) then
    raise exception 'Apenas administradores podem atribuir um perfil de administrador' using errcode = '42501';
  end if;
  if not private.can_manage_user_access(p_user_id) then
    raise exception 'Você não tem permissão para alterar o acesso deste usuário' using errcode = '42501';
  end if;
  if p_full_name is null or length(btrim(p_full_name)) = 0 then
    raise exception 'Informe o nome do usuário' using errcode = '22023';
  end if;
  if char_length(btrim(p_full_name)) > 120 then
    raise exception 'O nome deve ter no máximo 120 caracteres' using errcode = '22023';
  end if;
  if p_role_id is not null and not exists (select 1 from public.custom_roles cr where cr.id = p_role_id) then
    raise exception 'Perfil não encontrado' using errcode = '22023';
  end if;
  if exists (select 1 from unnest(v_unit_ids) u(id) where not exists (select 1 from public.store_units su where su.id = u.id)) then
    raise exception 'Unidade não encontrada' using errcode = '22023';
  end if;
  if p_unit_id is not null and not (p_unit_id = any (v_unit_ids)) then
    raise exception 'A unidade atual deve estar entre as unidades do usuário' using errcode = '22023';
  end if;
  if exists (select 1 from unnest(v_permission_ids) p(id) where not exists (select 1 from public.permissions pe where pe.id = p.id)) then
    raise exception 'Permissão não encontrada' using errcode = '22023';
  end if;
  -- A manager grants only permissions they hold (the policy's rule, said before writing).
  if exists (
    select 1 from unnest(v_permission_ids) p(id)
    where not exists (select 1 from public.user_permissions up where up.user_id = p_user_id and up.permission_id = p.id)
      and not private.has_permission(private.permission_name(p.id))) then
    raise exception 'Você só pode conceder permissões que possui' using errcode = '42501';
  end if;
  if p_supplier_id is not null and not exists (select 1 from public.suppliers s where s.id = p_supplier_id) then
    raise exception 'Fornecedor não encontrado' using errcode = '22023';
  end if;

  -- Units first (the current unit must be one of them), then the profile.
  delete from public.user_units uu where uu.user_id = p_user_id and not (uu.unit_id = any (v_unit_ids));
  insert into public.user_units (user_id, unit_id)
  select p_user_id, u.id from unnest(v_unit_ids) u(id)
  on conflict do nothing;
  update public.profiles pr
     set full_name = btrim(p_full_name), unit_id = p_unit_id, supplier_id = p_supplier_id
   where pr.id = p_user_id
     and (pr.full_name is distinct from btrim(p_full_name) or pr.unit_id is distinct from p_unit_id or pr.supplier_id is distinct from p_supplier_id);
  if not exists (select 1 from public.profiles pr where pr.id = p_user_id) then
    raise exception 'Usuário não encontrado' using errcode = '22023';
  end if;

  if p_role_id is null then
    delete from public.user_roles ur where ur.user_id = p_user_id;
  else
    insert into public.user_roles (user_id, role_id) values (p_user_id, p_role_id)
    on conflict (user_id) do update set role_id = excluded.role_id
    where public.user_roles.role_id is distinct from excluded.role_id;
  end if;

  delete from public.user_permissions up where up.user_id = p_user_id and not (up.permission_id = any (v_permission_ids));
  insert into public.user_permissions (user_id, permission_id)
  select p_user_id, p.id from unnest(v_permission_ids) p(id)
  on conflict do nothing;
end;
$$;

-- ---------------------------------------------------------------------------
-- admin_save_role: admin roles stay administrators' own, said before writing

create or replace function public.admin_save_role(
  p_role_id uuid,
  p_name text,
  p_is_admin boolean,
  p_permissions text[],
  p_menu_paths text[],
  p_home_actions text[]
)
returns uuid
language plpgsql volatile security invoker set search_path = '' as $$
declare
  v_role_id uuid := p_role_id;
  v_name text := btrim(coalesce(p_name, ''));
begin
  if not private.has_permission('MANAGE_ROLES') then
    raise exception 'Você não tem permissão para gerenciar perfis' using errcode = '42501';
  end if;
  if not private.is_admin() then
    if private.is_admin_role(v_role_id) then
      raise exception 'Apenas administradores podem alterar um perfil de administrador' using errcode = '42501';
    end if;
    if coalesce(p_is_admin, false) or upper(v_name) = 'ADMIN' then
      raise exception 'Apenas administradores podem criar um perfil de administrador' using errcode = '42501';
    end if;
    if v_role_id is not null and v_role_id = private.current_role_id() then
      raise exception 'Você não pode alterar o seu próprio perfil' using errcode = '42501';
    end if;
    if exists (
      select 1 from unnest(coalesce(p_permissions, '{}')) p(name)
      where not exists (select 1 from public.role_permissions rp where rp.role_id = v_role_id and rp.permission = p.name)
        and not private.has_permission(p.name)) then
      raise exception 'Você só pode conceder permissões que possui' using errcode = '42501';
    end if;
  end if;
  if v_name = '' then
    raise exception 'Informe o nome do perfil' using errcode = '22023';
  end if;
  if char_length(v_name) > 60 then
    raise exception 'O nome do perfil deve ter no máximo 60 caracteres' using errcode = '22023';
  end if;
  if exists (select 1 from public.custom_roles cr where lower(cr.name) = lower(v_name) and cr.id is distinct from v_role_id) then
    raise exception 'Já existe um perfil com este nome' using errcode = '23505';
  end if;
  if exists (select 1 from unnest(coalesce(p_menu_paths, '{}')) m(path) where m.path !~ '^/[a-z0-9/-]*$') then
    raise exception 'Caminho de menu inválido' using errcode = '22023';
  end if;
  if exists (select 1 from unnest(coalesce(p_permissions, '{}')) p(name) where not exists (select 1 from public.permissions pe where pe.name = p.name)) then
    raise exception 'Permissão não encontrada' using errcode = '22023';
  end if;

  if v_role_id is null then
    insert into public.custom_roles (name, is_admin) values (v_name, coalesce(p_is_admin, false)) returning id into v_role_id;
  else
    update public.custom_roles cr set name = v_name, is_admin = coalesce(p_is_admin, false)
     where cr.id = v_role_id and (cr.name is distinct from v_name or cr.is_admin is distinct from coalesce(p_is_admin, false));
    if not exists (select 1 from public.custom_roles cr where cr.id = v_role_id) then
      raise exception 'Perfil não encontrado' using errcode = '22023';
    end if;
  end if;

  delete from public.role_permissions rp where rp.role_id = v_role_id and not (rp.permission = any (coalesce(p_permissions, '{}')));
  insert into public.role_permissions (role_id, permission)
  select v_role_id, p.name from unnest(coalesce(p_permissions, '{}')) p(name)
  on conflict do nothing;

  delete from public.role_menu_paths rmp where rmp.role_id = v_role_id and not (rmp.menu_path = any (coalesce(p_menu_paths, '{}')));
  insert into public.role_menu_paths (role_id, menu_path)
  select v_role_id, m.path from unnest(coalesce(p_menu_paths, '{}')) m(path)
  on conflict do nothing;

  delete from public.role_homepage_actions rha where rha.role_id = v_role_id;
  insert into public.role_homepage_actions (role_id, action_key, visible)
  select distinct v_role_id, a.key, true from unnest(coalesce(p_home_actions, '{}')) a(key);
  return v_role_id;
end;
$$;

-- ---------------------------------------------------------------------------
-- The users list says, per row, whether the caller may act on it (the same check), so the
-- screen offers no action the database would refuse.

drop function public.admin_list_users(text, uuid, uuid, text, integer, integer);

create function public.admin_list_users(
  p_search text default null,
  p_role_id uuid default null,
  p_unit_id uuid default null,
  p_status text default null,
  p_limit integer default 50,
  p_offset integer default 0
)
returns table (
  id uuid,
  email text,
  full_name text,
  role_id uuid,
  role_name text,
  unit_id uuid,
  unit_name text,
  requested_unit_id uuid,
  requested_unit_name text,
  supplier_id uuid,
  disabled boolean,
  pending boolean,
  last_sign_in_at timestamptz,
  created_at timestamptz,
  can_manage boolean,
  total_count bigint
)
language plpgsql stable security definer set search_path = '' as $$
declare
  v_pattern text := '%' || replace(replace(replace(btrim(coalesce(p_search, '')), '\', '\\'), '%', '\%'), '_', '\_') || '%';
  v_refusal text := private.account_management_refusal(null);
begin
  if v_refusal is not null then
    raise exception '%', v_refusal using errcode = '42501';
  end if;
  if p_status is not null and p_status not in ('active', 'disabled', 'pending') then
    raise exception 'Filtro de situação inválido' using errcode = '22023';
  end if;
  return query
  with listed as (
    select
      u.id,
      u.email::text as email,
      pr.full_name,
      ur.role_id,
      cr.name as role_name,
      pr.unit_id,
      su.name as unit_name,
      pr.requested_unit_id,
      rsu.name as requested_unit_name,
      pr.supplier_id,
      coalesce(u.banned_until > now(), false) as disabled,
      (ur.role_id is null and not exists (select 1 from public.user_permissions up where up.user_id = u.id)) as pending,
      u.last_sign_in_at,
      u.created_at,
      private.can_manage_account(u.id) as can_manage
    from auth.users u
    join public.profiles pr on pr.id = u.id
    left join public.user_roles ur on ur.user_id = u.id
    left join public.custom_roles cr on cr.id = ur.role_id
    left join public.store_units su on su.id = pr.unit_id
    left join public.store_units rsu on rsu.id = pr.requested_unit_id
    where u.deleted_at is null
  )
  select l.*, count(*) over () as total_count
  from listed l
  where (btrim(coalesce(p_search, '')) = '' or l.full_name ilike v_pattern or l.email ilike v_pattern)
    and (p_role_id is null or l.role_id = p_role_id)
    and (p_unit_id is null or l.unit_id = p_unit_id)
    and (p_status is null
         or (p_status = 'disabled' and l.disabled)
         or (p_status = 'pending' and l.pending and not l.disabled)
         or (p_status = 'active' and not l.disabled and not l.pending))
  -- New sign-ups waiting for access first, then by name.
  order by l.pending desc, lower(coalesce(l.full_name, l.email)), l.id
  limit least(greatest(coalesce(p_limit, 50), 1), 200)
  offset greatest(coalesce(p_offset, 0), 0);
end;
$$;

comment on function public.admin_list_users(text, uuid, uuid, text, integer, integer) is
  'User administrators (MANAGE_USERS): users with email, role, unit, disabled/pending state, last sign-in and whether the caller may act on them (can_manage); search, filters and paging in the database.';

revoke execute on function public.admin_list_users(text, uuid, uuid, text, integer, integer) from public, anon;
grant execute on function public.admin_list_users(text, uuid, uuid, text, integer, integer) to authenticated, service_role;
