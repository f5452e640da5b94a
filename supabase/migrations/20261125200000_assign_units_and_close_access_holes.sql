-- Security review of 2026-11-24: access rules that held only while nobody edited the
-- request. This migration closes the holes in the organisation part:
--   1. a user moved themselves into any unit (profiles.unit_id was freely updatable);
--   2. a new sign-up landed in the unit named in its own metadata and, without a role,
--      read that unit's shortages and the whole catalogue;
--   5. list_basic_users gave every staff e-mail to every signed-in role.
-- Shortage and batch field guards follow in the next migration.

-- ---------------------------------------------------------------------------
-- 1. The units a user may work in.

create table public.user_units (
  user_id uuid not null references public.profiles (id) on delete cascade,
  unit_id uuid not null references public.store_units (id) on delete cascade,
  created_at timestamptz not null default now(),
  primary key (user_id, unit_id)
);

comment on table public.user_units is
  'The units a user may work in, assigned by user administrators. profiles.unit_id is the one they work in now and is always one of these (or none).';

create index user_units_unit_id_idx on public.user_units (unit_id);

alter table public.user_units enable row level security;

-- Users see their own assignments (the unit switch lists them); user administrators see all.
create policy user_units_select on public.user_units
  for select to authenticated
  using (user_id = (select auth.uid()) or (select private.has_permission('MANAGE_USERS')));

-- Assigning units is access administration: the same rule as roles and direct permissions
-- (administrators anyone; other user managers anyone but themselves).
create policy user_units_insert on public.user_units
  for insert to authenticated
  with check ((select private.can_manage_user_access(user_id)));

create policy user_units_delete on public.user_units
  for delete to authenticated
  using ((select private.can_manage_user_access(user_id)));

grant select, delete on table public.user_units to authenticated;
grant insert (user_id, unit_id) on table public.user_units to authenticated;
grant all on table public.user_units to service_role;

-- Every existing working unit becomes an assignment, so nobody loses the unit they are in.
insert into public.user_units (user_id, unit_id)
select p.id, p.unit_id from public.profiles p where p.unit_id is not null
on conflict do nothing;

-- Withdrawing the unit a user is working in also takes them out of it: the current unit
-- is always an assigned one. Runs as the owner because the profile belongs to someone else.
create or replace function private.user_units_after_delete()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  update public.profiles p
     set unit_id = null
   where p.id = old.user_id and p.unit_id = old.unit_id;
  return old;
end;
$$;

revoke all on function private.user_units_after_delete() from public, anon;

create trigger user_units_after_delete
  after delete on public.user_units
  for each row execute function private.user_units_after_delete();

-- ---------------------------------------------------------------------------
-- 2. Who has access at all. A role, or a permission granted directly, is what an
-- administrator gives; an account with neither (a fresh sign-up) reads no business data.

create or replace function private.has_access()
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select auth.uid() is not null and (
    exists (select 1 from public.user_roles ur where ur.user_id = auth.uid())
    or exists (select 1 from public.user_permissions up where up.user_id = auth.uid()));
$$;

comment on function private.has_access() is
  'True when the caller has a role or a directly granted permission; without either (a new sign-up) no business data is readable.';

revoke all on function private.has_access() from public, anon;
grant execute on function private.has_access() to authenticated, service_role;

-- The unit the caller works in, for the policies: none for a supplier's representative, and
-- none for an account an administrator has not yet given access (so a unit chosen at sign-up
-- opens nothing).
create or replace function private.current_unit_id()
returns uuid
language plpgsql
stable
security definer
set search_path = ''
as $$
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

-- The catalogue is business data too: readable with access, not by a bare account.
alter policy products_select on public.products using ((select private.has_access()));
alter policy categories_select on public.categories using ((select private.has_access()));
alter policy product_categories_select on public.product_categories using ((select private.has_access()));
alter policy "suppliers: authenticated users read all suppliers" on public.suppliers using ((select private.has_access()));

-- Colleagues' profiles: staff with access see everyone; a representative sees staff and
-- itself, never another supplier's people; an account without access sees only itself.
alter policy "profiles: read own, staff read all, representatives read staff" on public.profiles using (
  id = (select auth.uid())
  or (select private.has_permission('MANAGE_USERS'))
  or ((select private.has_access())
      and ((select private.current_role_name()) <> 'REPRESENTANTE' or supplier_id is null))
);

-- ---------------------------------------------------------------------------
-- The unit a sign-up asks for is a request, not an assignment.

alter table public.profiles
  add column requested_unit_id uuid references public.store_units (id) on delete set null;

comment on column public.profiles.requested_unit_id is
  'The unit chosen on the registration form, for the administrator who grants access; it gives no access by itself.';

create index profiles_requested_unit_id_idx on public.profiles (requested_unit_id);

-- Existing roleless accounts keep what they asked for as a request, and lose the unit.
update public.profiles p
   set requested_unit_id = p.unit_id, unit_id = null
 where p.unit_id is not null
   and not exists (select 1 from public.user_roles ur where ur.user_id = p.id)
   and not exists (select 1 from public.user_permissions up where up.user_id = p.id);
delete from public.user_units uu
 where not exists (select 1 from public.profiles p where p.id = uu.user_id and p.unit_id = uu.unit_id)
   and not exists (select 1 from public.user_roles ur where ur.user_id = uu.user_id)
   and not exists (select 1 from public.user_permissions up where up.user_id = uu.user_id);

create or replace function private.handle_new_user()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
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

-- ---------------------------------------------------------------------------
-- Profile changes. A user changes their own name, and their working unit only among the
-- units assigned to them (or to none); user administrators may set anyone's unit, which
-- also assigns it. Ids and suppliers are administrators' business. Refusals say so
-- (42501) and change nothing.

create or replace function private.guard_profile_update()
returns trigger
language plpgsql
set search_path = ''
as $$
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

-- A manager placing someone in a unit assigns it too (the current unit is always assigned).
create or replace function private.profiles_after_unit_change()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  insert into public.user_units (user_id, unit_id) values (new.id, new.unit_id) on conflict do nothing;
  return new;
end;
$$;

revoke all on function private.profiles_after_unit_change() from public, anon;

create trigger profiles_after_unit_change
  after update of unit_id on public.profiles
  for each row when (new.unit_id is not null and new.unit_id is distinct from old.unit_id)
  execute function private.profiles_after_unit_change();

-- ---------------------------------------------------------------------------
-- 5. The staff list. E-mails are for user administrators and for each caller's own row;
-- everyone else gets names (and units, for staff); representatives get the names of the
-- staff their quotes deal with and nothing else; an account without access only itself.

create or replace function public.list_basic_users()
returns table (id uuid, email text, full_name text, unit_id uuid)
language sql
stable
security definer
set search_path = ''
as $$
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

comment on function public.list_basic_users() is
  'Staff names for the screens; e-mails only to MANAGE_USERS holders (and admins) and for the caller''s own row; representatives see staff names only.';

-- 9. The registration form picks the unit the new account asks for, before anyone signs in.
comment on function public.list_unit_names() is
  'Ids and names of the store units and nothing else: the registration form (/register) lists them before sign-in, so anon may call it.';
