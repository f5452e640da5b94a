-- User and access administration (/usuarios): the audit trail of every change to who may do
-- what, the rule that the chain always keeps an active administrator, and the users list the
-- administrators page through. Accounts themselves (auth.users) are created, disabled and
-- deleted by the admin-users edge function with the service-role key; everything else (roles,
-- permissions, menu paths, home actions, units, profiles) is written with the administrator's
-- own JWT, so the policies of the foundation migration decide and auth.uid() is the actor.

-- ===========================================================================
-- The audit trail

create table public.audit_log (
  id uuid primary key default gen_random_uuid(),
  -- auth.uid() of whoever made the change; null for the system (sign-up trigger, migrations).
  actor uuid,
  -- INSERT / UPDATE / DELETE for table changes; create / update / disable / enable / delete /
  -- reset_password for the account actions of the admin-users function.
  action text not null,
  table_name text not null,
  record_id text,
  before jsonb,
  after jsonb,
  -- The server's clock: nobody writes this table but the triggers and the service role.
  created_at timestamptz not null default now(),
  constraint audit_log_action_not_blank check (length(btrim(action)) > 0)
);

comment on table public.audit_log is
  'Append-only trail of changes to accounts, roles, permissions, menu paths, home actions, units and profiles (actor, action, table, record id, before, after, server time).';

create index audit_log_created_at_idx on public.audit_log (created_at desc, id desc);
create index audit_log_table_name_idx on public.audit_log (table_name, created_at desc);
create index audit_log_actor_idx on public.audit_log (actor, created_at desc);
create index audit_log_record_id_idx on public.audit_log (record_id);

alter table public.audit_log enable row level security;

revoke all on table public.audit_log from anon, authenticated;
grant select on table public.audit_log to authenticated;
-- The service role may try anything (as on every table); the triggers below refuse edits even to it.
grant all on table public.audit_log to service_role;

-- User administrators read the trail; nobody writes it through the API (no insert, update or
-- delete policy, and no such grant to authenticated).
create policy audit_log_select on public.audit_log
  for select to authenticated
  using ((select private.has_permission('MANAGE_USERS')));

-- The trail cannot be edited or erased by any role, the owner and the service role included.
create function private.refuse_audit_log_change()
returns trigger
language plpgsql set search_path = '' as $$
begin
  raise exception 'O registro de auditoria não pode ser alterado nem excluído' using errcode = '42501';
end;
$$;

comment on function private.refuse_audit_log_change() is 'BEFORE UPDATE/DELETE/TRUNCATE on audit_log: always refuses.';

revoke execute on function private.refuse_audit_log_change() from public, anon, authenticated;

create trigger audit_log_refuse_update_delete
  before update or delete on public.audit_log
  for each row execute function private.refuse_audit_log_change();

create trigger audit_log_refuse_truncate
  before truncate on public.audit_log
  for each statement execute function private.refuse_audit_log_change();

-- One row per changed row of the audited tables, written with the definer's rights (the
-- caller has no insert grant). An update that changes nothing but updated_at is not a change.
create function private.audit_row_change()
returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  v_before jsonb := case when tg_op in ('UPDATE', 'DELETE') then to_jsonb(old) end;
  v_after jsonb := case when tg_op in ('INSERT', 'UPDATE') then to_jsonb(new) end;
  v_row jsonb := coalesce(v_after, v_before);
begin
  if tg_op = 'UPDATE' and (v_before - 'updated_at') = (v_after - 'updated_at') then
    return null;
  end if;
  insert into public.audit_log (actor, action, table_name, record_id, before, after)
  values (
    auth.uid(),
    tg_op,
    tg_table_name,
    coalesce(v_row ->> 'id', v_row ->> 'user_id', v_row ->> 'role_id'),
    v_before,
    v_after
  );
  return null;
end;
$$;

comment on function private.audit_row_change() is 'AFTER INSERT/UPDATE/DELETE: appends the change (actor, before, after) to audit_log.';

revoke execute on function private.audit_row_change() from public, anon, authenticated;

do $$
declare
  t text;
begin
  foreach t in array array['profiles', 'user_roles', 'user_permissions', 'user_units', 'custom_roles',
                           'role_permissions', 'role_menu_paths', 'role_homepage_actions', 'store_units'] loop
    execute format(
      'create trigger %I after insert or update or delete on public.%I for each row execute function private.audit_row_change()',
      t || '_audit', t);
  end loop;
end;
$$;

-- The account actions of the admin-users function (auth.users is written with the service
-- role, where auth.uid() is nobody): the function names the administrator who asked.
create function public.log_account_action(p_actor uuid, p_action text, p_user_id uuid, p_before jsonb default null, p_after jsonb default null)
returns void
language sql volatile security definer set search_path = '' as $$
  insert into public.audit_log (actor, action, table_name, record_id, before, after)
  values (p_actor, p_action, 'auth.users', p_user_id::text, p_before, p_after)
$$;

comment on function public.log_account_action(uuid, text, uuid, jsonb, jsonb) is
  'Service role only (the admin-users function): records an account action with the administrator who asked for it.';

revoke execute on function public.log_account_action(uuid, text, uuid, jsonb, jsonb) from public, anon, authenticated;
grant execute on function public.log_account_action(uuid, text, uuid, jsonb, jsonb) to service_role;

-- ===========================================================================
-- The chain always keeps an active administrator, and nobody removes their own admin rights

-- Active administrators: users holding an admin role (is_admin, or named ADMIN) whose account
-- is neither banned nor deleted.
create function private.active_admin_count()
returns integer
language sql stable security definer set search_path = '' as $$
  select count(*)::integer
  from public.user_roles ur
  join public.custom_roles cr on cr.id = ur.role_id
  join auth.users u on u.id = ur.user_id
  where (cr.is_admin or upper(cr.name) = 'ADMIN')
    and (u.banned_until is null or u.banned_until <= now())
    and u.deleted_at is null
$$;

comment on function private.active_admin_count() is 'How many accounts hold an admin role and may sign in.';

revoke execute on function private.active_admin_count() from public, anon;
grant execute on function private.active_admin_count() to authenticated, service_role;

-- Checked at commit (deferred), so a transaction may swap administrators; whatever path removes
-- the last one (a role change, a role losing is_admin, a ban, a deletion) is refused.
create function private.ensure_an_active_admin()
returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  if private.active_admin_count() = 0 then
    raise exception 'Não é possível remover o último administrador ativo' using errcode = '42501';
  end if;
  return null;
end;
$$;

comment on function private.ensure_an_active_admin() is 'Deferred constraint trigger: at least one active administrator must remain.';

revoke execute on function private.ensure_an_active_admin() from public, anon, authenticated;

create constraint trigger user_roles_keep_an_admin
  after update or delete on public.user_roles
  deferrable initially deferred
  for each row execute function private.ensure_an_active_admin();

create constraint trigger custom_roles_keep_an_admin
  after update or delete on public.custom_roles
  deferrable initially deferred
  for each row execute function private.ensure_an_active_admin();

create constraint trigger auth_users_keep_an_admin
  after update of banned_until, deleted_at or delete on auth.users
  deferrable initially deferred
  for each row execute function private.ensure_an_active_admin();

-- An administrator cannot take away their own admin rights (change or drop their own role, or
-- unflag the admin role they hold): another administrator must do it.
create function private.guard_own_admin_rights()
returns trigger
language plpgsql set search_path = '' as $$
begin
  if auth.uid() is null then
    return coalesce(new, old);
  end if;
  -- Nested: a PL/pgSQL expression naming old.user_id fails on a custom_roles row, even behind a false test.
  if tg_table_name = 'user_roles' then
    if old.user_id = auth.uid() and private.is_admin_role(old.role_id) and (tg_op = 'DELETE' or not private.is_admin_role(new.role_id)) then
      raise exception 'Você não pode remover seus próprios direitos de administrador' using errcode = '42501';
    end if;
  elsif old.id = private.current_role_id() and (old.is_admin or upper(old.name) = 'ADMIN')
        and (tg_op = 'DELETE' or not (new.is_admin or upper(new.name) = 'ADMIN')) then
    raise exception 'Você não pode remover seus próprios direitos de administrador' using errcode = '42501';
  end if;
  return coalesce(new, old);
end;
$$;

comment on function private.guard_own_admin_rights() is 'BEFORE UPDATE/DELETE on user_roles and custom_roles: nobody removes their own admin rights.';

revoke execute on function private.guard_own_admin_rights() from public, anon, authenticated;

create trigger user_roles_guard_own_admin_rights
  before update or delete on public.user_roles
  for each row execute function private.guard_own_admin_rights();

create trigger custom_roles_guard_own_admin_rights
  before update or delete on public.custom_roles
  for each row execute function private.guard_own_admin_rights();

-- ===========================================================================
-- The users list of /usuarios

-- Filtered and paged in the database. Email, last sign-in and the ban live in auth.users, which
-- the API cannot read: this definer function exposes them to user administrators only.
-- p_status: 'active', 'disabled' or 'pending' (no role and no direct permission yet: a new
-- sign-up waiting for an administrator); null for all.
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
  total_count bigint
)
language plpgsql stable security definer set search_path = '' as $$
declare
  v_pattern text := '%' || replace(replace(replace(btrim(coalesce(p_search, '')), '\', '\\'), '%', '\%'), '_', '\_') || '%';
begin
  if not private.has_permission('MANAGE_USERS') then
    raise exception 'Sem permissão para gerenciar usuários' using errcode = '42501';
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
      u.created_at
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
  'User administrators (MANAGE_USERS): users with email, role, unit, disabled/pending state and last sign-in; search, filters and paging in the database.';

revoke execute on function public.admin_list_users(text, uuid, uuid, text, integer, integer) from public, anon;
grant execute on function public.admin_list_users(text, uuid, uuid, text, integer, integer) to authenticated, service_role;

-- ===========================================================================
-- What the admin-users function and the /usuarios dialogs call

-- Whether the caller holds a permission (ADMIN holds all): the admin-users function asks the
-- database with the caller's own JWT instead of trusting anything the request says.
create function public.caller_has_permission(p_permission text)
returns boolean
language sql stable security definer set search_path = '' as $$
  select private.has_permission(p_permission)
$$;

comment on function public.caller_has_permission(text) is 'True when the calling user holds the permission (ADMIN holds every one).';

revoke execute on function public.caller_has_permission(text) from public, anon;
grant execute on function public.caller_has_permission(text) to authenticated, service_role;

-- A user's access in one transaction: name, supplier, the units they may work in and the current
-- one, the role (null: none, access pending) and the direct permissions. Security invoker: every
-- write goes through the policies above as the caller, so a caller without the rights changes
-- nothing, and the audit trail names them.
create function public.admin_set_user_access(
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

comment on function public.admin_set_user_access(uuid, text, uuid, uuid[], uuid, uuid[], uuid) is
  'Sets a user''s name, supplier, units, current unit, role and direct permissions in one transaction, through the caller''s policies.';

revoke execute on function public.admin_set_user_access(uuid, text, uuid, uuid[], uuid, uuid[], uuid) from public, anon;
grant execute on function public.admin_set_user_access(uuid, text, uuid, uuid[], uuid, uuid[], uuid) to authenticated, service_role;

-- For the admin-users function before it disables or deletes an account: whether the account is
-- an active administrator, how many there are, and which records it owns that must stay (every
-- foreign key to auth.users that neither cascades nor nulls, so tables added by later modules are
-- counted without changing this function).
create function public.admin_account_state(p_user_id uuid)
returns jsonb
language plpgsql stable security definer set search_path = '' as $$
declare
  v_fk record;
  v_rows bigint;
  v_dependencies jsonb := '[]';
begin
  for v_fk in
    select c.conrelid::regclass as rel, r.relname, a.attname
    from pg_constraint c
    join pg_class r on r.oid = c.conrelid
    join pg_attribute a on a.attrelid = c.conrelid and a.attnum = c.conkey[1]
    where c.contype = 'f' and c.confrelid = 'auth.users'::regclass and cardinality(c.conkey) = 1
      and c.confdeltype in ('a', 'r')
      and c.conrelid::regclass::text not like 'auth.%'
  loop
    execute format('select count(*) from %s where %I = $1', v_fk.rel, v_fk.attname) into v_rows using p_user_id;
    if v_rows > 0 then
      v_dependencies := v_dependencies || jsonb_build_object('table', v_fk.relname::text, 'rows', v_rows);
    end if;
  end loop;
  return jsonb_build_object(
    'is_active_admin', exists (
      select 1 from public.user_roles ur join public.custom_roles cr on cr.id = ur.role_id
      where ur.user_id = p_user_id and (cr.is_admin or upper(cr.name) = 'ADMIN')),
    'active_admins', private.active_admin_count(),
    'dependencies', v_dependencies
  );
end;
$$;

comment on function public.admin_account_state(uuid) is
  'Service role only (admin-users): admin status, active administrator count and the records that keep an account from being deleted.';

revoke execute on function public.admin_account_state(uuid) from public, anon, authenticated;
grant execute on function public.admin_account_state(uuid) to service_role;

-- A role's whole configuration in one transaction (the roles screen saves it at once): name and
-- admin flag, permissions, visible menu paths (none: all visible) and home actions (deleted then
-- inserted, spec §7). p_role_id null creates the role; returns its id. Security invoker: the
-- policies decide (admins; MANAGE_ROLES holders for roles that are neither admin nor their own,
-- granting only permissions they hold).
create function public.admin_save_role(
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

comment on function public.admin_save_role(uuid, text, boolean, text[], text[], text[]) is
  'Creates or updates a role with its permissions, menu paths and home actions in one transaction, through the caller''s policies.';

revoke execute on function public.admin_save_role(uuid, text, boolean, text[], text[], text[]) from public, anon;
grant execute on function public.admin_save_role(uuid, text, boolean, text[], text[], text[]) to authenticated, service_role;

-- Units are named and addressed on /usuarios: the same limits the form shows.
alter table public.store_units
  add constraint store_units_name_length check (char_length(name) <= 120),
  add constraint store_units_address_length check (address is null or char_length(address) <= 300);
