-- Minimal quote batches ("lotes"), created here because shortages.batch_id and
-- assign_shortage_to_batch need them. The purchasing module extends this table
-- (quotes, more policies) in its own migrations.

create table public.quote_batches (
  id uuid primary key default gen_random_uuid(),
  unit_id uuid references public.store_units (id) on delete set null,
  name text,
  status text not null default 'ABERTO'
    constraint quote_batches_status_check
    check (status in ('ABERTO', 'EM_COTACAO', 'COTACAO_FINALIZADA', 'PEDIDO_ENVIADO')),
  created_at timestamptz not null default now(),
  created_by uuid default auth.uid() references auth.users (id) on delete set null,
  closed_at timestamptz
);

comment on table public.quote_batches is
  'Quote batches (lotes) grouping shortages for quotation; name defaults to ''Lote '' plus the first 6 characters of the id.';

create index quote_batches_unit_id_idx on public.quote_batches (unit_id);
create index quote_batches_created_by_idx on public.quote_batches (created_by);
create index quote_batches_created_at_idx on public.quote_batches (created_at desc);

create or replace function private.quote_batches_before_insert()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  new.created_by := coalesce(auth.uid(), new.created_by);
  if new.name is null or btrim(new.name) = '' then
    new.name := 'Lote ' || left(new.id::text, 6);
  end if;
  return new;
end;
$$;

revoke all on function private.quote_batches_before_insert() from public;
grant execute on function private.quote_batches_before_insert() to authenticated, service_role;

create trigger quote_batches_before_insert
  before insert on public.quote_batches
  for each row execute function private.quote_batches_before_insert();

alter table public.quote_batches enable row level security;

-- Buyers (MANAGE_ORDERS; admins pass has_permission) manage batches of every unit.
create policy quote_batches_select on public.quote_batches
  for select to authenticated
  using ((select private.has_permission('MANAGE_ORDERS')));

create policy quote_batches_insert on public.quote_batches
  for insert to authenticated
  with check ((select private.has_permission('MANAGE_ORDERS')));

create policy quote_batches_update on public.quote_batches
  for update to authenticated
  using ((select private.has_permission('MANAGE_ORDERS')))
  with check ((select private.has_permission('MANAGE_ORDERS')));

create policy quote_batches_delete on public.quote_batches
  for delete to authenticated
  using ((select private.has_permission('MANAGE_ORDERS')));

grant select, insert, update, delete on table public.quote_batches to authenticated;
grant all on table public.quote_batches to service_role;
