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
