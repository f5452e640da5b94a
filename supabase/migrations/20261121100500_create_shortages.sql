-- Shortages ("faltas") registered per unit. created_by always comes from the
-- JWT; non-admin staff see and change only their own unit's shortages, buyers
-- (MANAGE_ORDERS) read and update all units to build quote batches.

create table public.shortages (
  id uuid primary key default gen_random_uuid(),
  product_id uuid not null references public.products (id), -- no action: 23503 on delete of a referenced product
  unit_id uuid not null references public.store_units (id),
  requested_quantity integer not null
    constraint shortages_requested_quantity_check check (requested_quantity > 0),
  available_quantity integer not null default 0
    constraint shortages_available_quantity_check check (available_quantity >= 0),
  status text not null default 'PENDENTE'
    constraint shortages_status_check
    check (status in ('PENDENTE', 'LOTE_CRIADO', 'EM_COTACAO', 'COTACAO_FINALIZADA', 'PEDIDO_ENVIADO', 'ENTREGUE')),
  created_at timestamptz not null default now(),
  created_by uuid not null default auth.uid() references auth.users (id),
  group_id uuid references public.categories (id) on delete set null,
  batch_id uuid references public.quote_batches (id) on delete set null,
  observation text,
  updated_at timestamptz not null default now()
);

comment on table public.shortages is
  'Product shortages (faltas) per unit. created_by is forced from the JWT; a shortage with a batch_id is not truly pending.';

create index shortages_unit_id_created_at_idx on public.shortages (unit_id, created_at desc);
create index shortages_created_at_idx on public.shortages (created_at desc);
create index shortages_product_id_idx on public.shortages (product_id);
create index shortages_created_by_idx on public.shortages (created_by);
create index shortages_group_id_idx on public.shortages (group_id);
create index shortages_batch_id_idx on public.shortages (batch_id);
create index shortages_open_idx on public.shortages (unit_id, product_id)
  where status = 'PENDENTE' and batch_id is null;

create or replace function private.shortages_before_insert()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  -- Never trust the client: the creator is the caller. Without a JWT subject
  -- (superuser seeds, service_role scripts) the supplied value is kept.
  new.created_by := coalesce(auth.uid(), new.created_by);
  if new.unit_id is null then
    new.unit_id := private.current_unit_id();
    if new.unit_id is null then
      raise exception 'Selecione uma unidade antes de registrar a falta'
        using errcode = '23502', column = 'unit_id';
    end if;
  end if;
  -- Clients cannot backdate; trusted loaders (no JWT subject) may set history.
  if auth.uid() is not null then
    new.created_at := now();
    new.updated_at := now();
  end if;
  return new;
end;
$$;

create or replace function private.shortages_before_update()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  new.created_by := old.created_by;
  new.created_at := old.created_at;
  new.updated_at := now();
  -- Leaving a batch (removed from it, or the batch deleted: FK set null)
  -- without an explicit status change restores PENDENTE.
  if old.batch_id is not null and new.batch_id is null and new.status = old.status then
    new.status := 'PENDENTE';
  end if;
  return new;
end;
$$;

-- A shortage that belongs to a batch cannot be deleted (remove it from the batch
-- first); quote/order items referencing it are guarded by their own FKs.
create or replace function private.shortages_before_delete()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if old.batch_id is not null then
    raise exception 'Não é possível excluir a falta: ela pertence a um lote'
      using errcode = '23503', constraint = 'shortages_batch_id_fkey';
  end if;
  return old;
end;
$$;

revoke all on function private.shortages_before_insert() from public;
revoke all on function private.shortages_before_update() from public;
revoke all on function private.shortages_before_delete() from public;
grant execute on function private.shortages_before_insert() to authenticated, service_role;
grant execute on function private.shortages_before_update() to authenticated, service_role;
grant execute on function private.shortages_before_delete() to authenticated, service_role;

create trigger shortages_before_insert
  before insert on public.shortages
  for each row execute function private.shortages_before_insert();

create trigger shortages_before_update
  before update on public.shortages
  for each row execute function private.shortages_before_update();

create trigger shortages_before_delete
  before delete on public.shortages
  for each row execute function private.shortages_before_delete();

alter table public.shortages enable row level security;

create policy shortages_select on public.shortages
  for select to authenticated
  using (
    unit_id = (select private.current_unit_id())
    or (select private.has_permission('MANAGE_ORDERS'))
  );

create policy shortages_insert on public.shortages
  for insert to authenticated
  with check (
    (select private.has_permission('CREATE_SHORTAGES'))
    and (unit_id = (select private.current_unit_id()) or (select private.is_admin()))
  );

create policy shortages_update on public.shortages
  for update to authenticated
  using (
    (unit_id = (select private.current_unit_id()) and (select private.has_permission('CREATE_SHORTAGES')))
    or (select private.has_permission('MANAGE_ORDERS'))
  )
  with check (
    (unit_id = (select private.current_unit_id()) and (select private.has_permission('CREATE_SHORTAGES')))
    or (select private.has_permission('MANAGE_ORDERS'))
  );

create policy shortages_delete on public.shortages
  for delete to authenticated
  using (
    (unit_id = (select private.current_unit_id()) and (select private.has_permission('CREATE_SHORTAGES')))
    or (select private.is_admin())
  );

grant select, insert, update, delete on table public.shortages to authenticated;
grant all on table public.shortages to service_role;
