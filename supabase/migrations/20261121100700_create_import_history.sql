-- Import history ("Histórico de Importações"): one row per imported file and
-- the rows it rejected. Written by import_shortages / import_products.

create table public.import_runs (
  id uuid primary key default gen_random_uuid(),
  kind text not null constraint import_runs_kind_check check (kind in ('shortages', 'products')),
  file_name text not null constraint import_runs_file_name_not_blank_check check (btrim(file_name) <> ''),
  created_by uuid not null default auth.uid() references auth.users (id) on delete cascade,
  unit_id uuid references public.store_units (id) on delete set null,
  created_at timestamptz not null default now(),
  rows_total integer not null default 0 check (rows_total >= 0),
  rows_accepted integer not null default 0 check (rows_accepted >= 0),
  rows_rejected integer not null default 0 check (rows_rejected >= 0)
);

comment on table public.import_runs is
  'One imported file (shortages or products): who, which unit, when, and row counts.';

create index import_runs_unit_id_created_at_idx on public.import_runs (unit_id, created_at desc);
create index import_runs_created_by_idx on public.import_runs (created_by);

create table public.import_run_rejections (
  id uuid primary key default gen_random_uuid(),
  import_run_id uuid not null references public.import_runs (id) on delete cascade,
  row_number integer not null,
  data jsonb not null,
  errors text[] not null
);

comment on table public.import_run_rejections is
  'Rows of an import that were rejected, with the original data and Portuguese error messages.';

create index import_run_rejections_import_run_id_idx on public.import_run_rejections (import_run_id, row_number);

create or replace function private.import_runs_before_insert()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  new.created_by := coalesce(auth.uid(), new.created_by);
  new.created_at := now();
  return new;
end;
$$;

revoke all on function private.import_runs_before_insert() from public;
grant execute on function private.import_runs_before_insert() to authenticated, service_role;

create trigger import_runs_before_insert
  before insert on public.import_runs
  for each row execute function private.import_runs_before_insert();

alter table public.import_runs enable row level security;
alter table public.import_run_rejections enable row level security;

-- Users see the runs of their unit and their own runs; admins see all.
create policy import_runs_select on public.import_runs
  for select to authenticated
  using (
    unit_id = (select private.current_unit_id())
    or created_by = (select auth.uid())
    or (select private.is_admin())
  );

-- Runs are written by the import RPCs, which run as the caller.
create policy import_runs_insert on public.import_runs
  for insert to authenticated
  with check (
    created_by = (select auth.uid())
    and (unit_id is null or unit_id = (select private.current_unit_id()) or (select private.is_admin()))
    and (
      (kind = 'shortages' and (select private.has_permission('CREATE_SHORTAGES')))
      or (kind = 'products' and (select private.has_permission('MANAGE_PRODUCTS')))
    )
  );

create policy import_runs_delete on public.import_runs
  for delete to authenticated
  using ((select private.is_admin()));

create policy import_run_rejections_select on public.import_run_rejections
  for select to authenticated
  using (exists (select 1 from public.import_runs r where r.id = import_run_id));

create policy import_run_rejections_insert on public.import_run_rejections
  for insert to authenticated
  with check (
    exists (select 1 from public.import_runs r where r.id = import_run_id and r.created_by = (select auth.uid()))
  );

grant select, insert, delete on table public.import_runs to authenticated;
grant select, insert on table public.import_run_rejections to authenticated;
grant all on table public.import_runs, public.import_run_rejections to service_role;
