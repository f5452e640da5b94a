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
language plpgsql
set search_path = ''
as $$
begin
  new.updated_at := now();
  return new;
end;
$$;
comment on function private.set_updated_at() is 'BEFORE UPDATE trigger: stamps updated_at.';
revoke execute on function private.set_updated_at() from public, anon, authenticated;

-- Refuses a change of id, and a change of supplier_id by anyone without
-- MANAGE_USERS, when the update comes through the Data API roles.
create function private.guard_profile_update()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if current_user not in ('authenticated', 'anon') then
    return new;
  end if;
  if new.id is distinct from old.id then
    raise exception 'profile id cannot be changed' using errcode = '42501';
  end if;
  if new.supplier_id is distinct from old.supplier_id and not private.has_permission('MANAGE_USERS') then
    raise exception 'only user managers can change the supplier of a profile' using errcode = '42501';
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

-- Creates the profile of a new auth user. Runs as owner because the signing-up
-- request has no rights on public.profiles.
create function private.handle_new_user()
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
  insert into public.profiles (id, full_name, unit_id)
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

create policy "profiles: read own, staff read all, representatives read staff"
  on public.profiles for select to authenticated
  using (
    id = (select auth.uid())
    or (select private.current_role_name()) <> 'REPRESENTANTE'
    or supplier_id is null
    or (select private.has_permission('MANAGE_USERS'))
  );

create policy "profiles: users update their own profile, MANAGE_USERS holders anyone's"
  on public.profiles for update to authenticated
  using (id = (select auth.uid()) or (select private.has_permission('MANAGE_USERS')))
  with check (id = (select auth.uid()) or (select private.has_permission('MANAGE_USERS')));
