-- Baseline (squashed 2026-11-25): see supabase/schema-dump.txt for the resulting schema.
-- Function bodies are checked when called, as pg_dump does, because a function keeps its final
-- body at the place it was first defined.
set check_function_bodies = off;

-- ===========================================================================
-- From create gtin validation

-- Barcode (GTIN) validation helpers for the product registry, and pg_trgm for
-- product-name search. Helpers live in the non-exposed schema `private`.

create schema if not exists private;

create extension if not exists pg_trgm with schema extensions;

-- Check digit of a GTIN body (the code without its last digit): weights 3,1,3,...
-- from the right, dv = (10 - sum mod 10) mod 10. Null when the body is not digits.
create or replace function private.gtin_check_digit(p_body text)
returns integer
language sql immutable strict parallel safe set search_path = '' as $$
  select case
    when p_body !~ '^[0-9]+$' then null
    else (10 - (
      select sum(substr(p_body, length(p_body) - i + 1, 1)::integer * case when i % 2 = 1 then 3 else 1 end)
      from generate_series(1, length(p_body)) as i
    ) % 10) % 10
  end
$$;

comment on function private.gtin_check_digit(text) is
  'GTIN check digit for the given body (code without its check digit); null when the body is not all digits.';

-- A barcode is valid when it is 1 to 14 digits and, for the GTIN lengths
-- (8, 12, 13, 14), its last digit is the GTIN check digit of the rest.
create or replace function private.is_valid_gtin(p_code text)
returns boolean
language sql immutable strict parallel safe set search_path = '' as $$
  select p_code ~ '^[0-9]{1,14}$'
    and (
      length(p_code) not in (8, 12, 13, 14)
      or right(p_code, 1)::integer = private.gtin_check_digit(left(p_code, length(p_code) - 1))
    )
$$;

comment on function private.is_valid_gtin(text) is
  'True when the code is 1-14 digits and, for GTIN-8/12/13/14 lengths, carries a correct check digit.';

revoke all on function private.gtin_check_digit(text) from public;

revoke all on function private.is_valid_gtin(text) from public;

grant usage on schema private to service_role;

grant execute on function private.gtin_check_digit(text) to authenticated, service_role;

grant execute on function private.is_valid_gtin(text) to authenticated, service_role;

-- ===========================================================================
-- From create categories

-- Product categories ("grupos" in the UI). Names are unique ignoring case.

create table public.categories (
  id uuid primary key default gen_random_uuid(),
  name text not null constraint categories_name_key unique
    constraint categories_name_not_blank_check check (btrim(name) <> ''),
  description text,
  created_at timestamptz not null default now()
);

comment on table public.categories is
  'Product categories, shown as "grupos" in the UI; one per product by convention (product_categories).';

create unique index categories_name_lower_key on public.categories (lower(name));

-- Trims the name and gives a Portuguese message for a blank one. Duplicates are
-- left to the unique constraints (23505 categories_name_key / categories_name_lower_key)
-- so that upserts (on conflict) keep working.
create or replace function private.categories_before_write()
returns trigger
language plpgsql set search_path = '' as $$
begin
  new.name := btrim(new.name);
  if new.name is null or new.name = '' then
    raise exception 'Nome do grupo é obrigatório'
      using errcode = '23514', constraint = 'categories_name_not_blank_check';
  end if;
  return new;
end;
$$;

revoke all on function private.categories_before_write() from public;

grant execute on function private.categories_before_write() to authenticated, service_role;

create trigger categories_before_write
  before insert or update of name on public.categories
  for each row execute function private.categories_before_write();

alter table public.categories enable row level security;

create policy categories_insert on public.categories
  for insert to authenticated
  with check ((select private.has_permission('MANAGE_PRODUCTS')));

create policy categories_update on public.categories
  for update to authenticated
  using ((select private.has_permission('MANAGE_PRODUCTS')))
  with check ((select private.has_permission('MANAGE_PRODUCTS')));

create policy categories_delete on public.categories
  for delete to authenticated
  using ((select private.has_permission('MANAGE_PRODUCTS')));

grant select, insert, update, delete on table public.categories to authenticated;

grant all on table public.categories to service_role;

-- ===========================================================================
-- From create products

-- Product registry. Barcodes are optional, digits only, unique, and carry a
-- valid GTIN check digit when they have a GTIN length (8, 12, 13, 14).

create table public.products (
  id uuid primary key default gen_random_uuid(),
  barcode text constraint products_barcode_key unique
    constraint products_barcode_digits_check check (barcode ~ '^[0-9]{1,14}$')
    constraint products_barcode_gtin_check check (private.is_valid_gtin(barcode)),
  name text not null constraint products_name_not_blank_check check (btrim(name) <> ''),
  description text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

comment on table public.products is
  'Product registry (catalogue). barcode is an optional EAN/GTIN, validated by private.is_valid_gtin.';

-- Fast "contains" search on names at 50k+ rows (ilike '%dipirona%').
create index products_name_trgm_idx on public.products using gin (name extensions.gin_trgm_ops);

create index products_name_lower_idx on public.products (lower(name));

-- Prefix search on barcodes (like '7891%'); the unique index serves equality.
create index products_barcode_pattern_idx on public.products (barcode text_pattern_ops);

-- Normalises input and raises Portuguese messages with stable SQLSTATEs and
-- constraint names before the check constraints (the final arbiters) would fire.
-- A duplicate barcode is left to the unique constraint (23505, products_barcode_key)
-- so that upserts on barcode keep working.
create or replace function private.products_before_write()
returns trigger
language plpgsql set search_path = '' as $$
begin
  new.barcode := nullif(btrim(new.barcode), '');
  new.name := btrim(new.name);
  if new.name is null or new.name = '' then
    raise exception 'Nome do produto é obrigatório'
      using errcode = '23514', constraint = 'products_name_not_blank_check';
  end if;
  if new.barcode is not null then
    if new.barcode !~ '^[0-9]{1,14}$' then
      raise exception 'Código de barras inválido: use apenas números (até 14 dígitos)'
        using errcode = '23514', constraint = 'products_barcode_digits_check';
    end if;
    if not private.is_valid_gtin(new.barcode) then
      raise exception 'Código de barras inválido: dígito verificador incorreto'
        using errcode = '23514', constraint = 'products_barcode_gtin_check';
    end if;
  end if;
  if tg_op = 'UPDATE' then
    new.created_at := old.created_at;
  end if;
  new.updated_at := now();
  return new;
end;
$$;

revoke all on function private.products_before_write() from public;

grant execute on function private.products_before_write() to authenticated, service_role;

create trigger products_before_write
  before insert or update on public.products
  for each row execute function private.products_before_write();

alter table public.products enable row level security;

create policy products_insert on public.products
  for insert to authenticated
  with check ((select private.has_permission('MANAGE_PRODUCTS')));

create policy products_update on public.products
  for update to authenticated
  using ((select private.has_permission('MANAGE_PRODUCTS')))
  with check ((select private.has_permission('MANAGE_PRODUCTS')));

create policy products_delete on public.products
  for delete to authenticated
  using ((select private.has_permission('MANAGE_PRODUCTS')));

grant select, insert, update, delete on table public.products to authenticated;

grant all on table public.products to service_role;

-- ===========================================================================
-- From create product categories

-- Link between products and categories. The app shows one category per product
-- as its "grupo" ('Grupo não especificado' when there is none).

create table public.product_categories (
  product_id uuid not null references public.products (id) on delete cascade,
  category_id uuid not null references public.categories (id) on delete cascade,
  primary key (product_id, category_id)
);

comment on table public.product_categories is
  'Product-category links; the UI treats the (single) linked category as the product''s group.';

create index product_categories_category_id_idx on public.product_categories (category_id);

alter table public.product_categories enable row level security;

create policy product_categories_insert on public.product_categories
  for insert to authenticated
  with check ((select private.has_permission('MANAGE_PRODUCTS')));

create policy product_categories_update on public.product_categories
  for update to authenticated
  using ((select private.has_permission('MANAGE_PRODUCTS')))
  with check ((select private.has_permission('MANAGE_PRODUCTS')));

create policy product_categories_delete on public.product_categories
  for delete to authenticated
  using ((select private.has_permission('MANAGE_PRODUCTS')));

grant select, insert, update, delete on table public.product_categories to authenticated;

grant all on table public.product_categories to service_role;

-- ===========================================================================
-- From create quote batches

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

-- ---------------------------------------------------------------------------
-- Quote batches: author and unit fixed at creation; the name is the only direct edit
-- (status, sent_at and closed_at belong to the batch RPCs, as before).

create or replace function private.quote_batches_before_insert()
returns trigger
language plpgsql set search_path = '' as $$
begin
  if current_user in ('authenticated', 'anon') and new.created_by is distinct from auth.uid() then
    raise exception 'O lote é criado em nome de quem o cria' using errcode = '42501';
  end if;
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

grant select, insert, update, delete on table public.quote_batches to authenticated;

grant all on table public.quote_batches to service_role;

-- ===========================================================================
-- From create shortages

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
language plpgsql set search_path = '' as $$
begin
  if current_user in ('authenticated', 'anon') then
    -- Said before anything else, so an account without the right hears that, not "pick a unit".
    if not private.has_permission('CREATE_SHORTAGES') then
      raise exception 'Sem permissão para registrar faltas' using errcode = '42501';
    end if;
    if new.created_by is distinct from auth.uid() then
      raise exception 'A falta é registrada em nome de quem a lança' using errcode = '42501';
    end if;
    if new.batch_id is not null then
      raise exception 'Apenas o setor de compras pode incluir faltas em um lote' using errcode = '42501';
    end if;
    -- (An unknown status is left to validate_shortage_fields: 23514 'Status de falta inválido'.)
    if new.status is distinct from 'PENDENTE' and new.status = any (private.shortage_statuses()) then
      raise exception 'Uma nova falta começa como pendente' using errcode = '42501';
    end if;
  end if;
  if new.unit_id is null then
    new.unit_id := private.current_unit_id();
    if new.unit_id is null then
      raise exception 'Selecione uma unidade antes de registrar a falta'
        using errcode = '23502', column = 'unit_id';
    end if;
  end if;
  return new;
end;
$$;

-- ---------------------------------------------------------------------------
-- Update: the state machine.

create or replace function private.shortages_before_update()
returns trigger
language plpgsql set search_path = '' as $$
declare
  v_open boolean := old.status = 'PENDENTE' and old.batch_id is null;
begin
  if current_user in ('authenticated', 'anon') then
    if new.id is distinct from old.id
       or new.created_by is distinct from old.created_by
       or new.created_at is distinct from old.created_at then
      raise exception 'O autor e a data de registro de uma falta não podem ser alterados' using errcode = '42501';
    end if;
    if new.batch_id is distinct from old.batch_id then
      raise exception 'Apenas o setor de compras pode incluir ou retirar faltas de um lote' using errcode = '42501';
    end if;
    if new.unit_id is distinct from old.unit_id
       and not (v_open and private.can_act_on_unit(old.unit_id) and private.can_act_on_unit(new.unit_id)) then
      raise exception 'A unidade só pode ser corrigida em faltas pendentes, entre unidades em que você atua' using errcode = '42501';
    end if;
    if new.status is distinct from old.status
       and new.status = any (private.shortage_statuses())
       and not (old.status = 'PEDIDO_ENVIADO' and new.status = 'ENTREGUE') then
      raise exception 'Este status é definido pelo setor de compras' using errcode = '42501';
    end if;
    if (new.product_id is distinct from old.product_id or new.requested_quantity is distinct from old.requested_quantity)
       and not v_open then
      if old.batch_id is not null then
        raise exception 'Esta falta está em um lote de compras e não pode mais ser alterada' using errcode = '42501';
      end if;
      raise exception 'Apenas faltas pendentes podem ter produto ou quantidade alterados' using errcode = '42501';
    end if;
  end if;
  new.updated_at := now();
  -- Leaving a batch (removed from it, or the batch deleted: FK set null) without an explicit
  -- status change restores PENDENTE.
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
language plpgsql set search_path = '' as $$
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

create policy shortages_insert on public.shortages
  for insert to authenticated
  with check (
    (select private.has_permission('CREATE_SHORTAGES'))
    and (unit_id = (select private.current_unit_id()) or (select private.is_admin()))
  );

create policy shortages_delete on public.shortages
  for delete to authenticated
  using (
    (unit_id = (select private.current_unit_id()) and (select private.has_permission('CREATE_SHORTAGES')))
    or (select private.is_admin())
  );

grant select, insert, update, delete on table public.shortages to authenticated;

grant all on table public.shortages to service_role;

-- ===========================================================================
-- From create shortage rpcs

create or replace function public.find_open_shortage(p_product_id uuid, p_unit_id uuid default null)
returns setof public.shortages
language sql stable security invoker set search_path = '' as $$
  select s.*
  from public.shortages s
  where s.product_id = p_product_id
    and s.unit_id = coalesce(p_unit_id, private.current_unit_id())
    and s.status <> 'ENTREGUE'
  order by s.created_at desc, s.id desc
$$;

-- get_shortage_dependencies (landed earlier) looks for public.order_items; the
-- order lines are called purchase_order_items, so teach it the real name.
create or replace function private.shortage_item_references(p_shortage_ids uuid[])
returns table (shortage_id uuid, has_quote_items boolean, has_order_items boolean)
language sql stable security definer set search_path = '' as $$
  select
    i.id,
    exists (select 1 from public.quote_items q where q.shortage_id = i.id),
    exists (select 1 from public.purchase_order_items o where o.shortage_id = i.id)
  from unnest(p_shortage_ids) as i(id)
$$;

revoke all on function private.shortage_item_references(uuid[]) from public;

grant execute on function private.shortage_item_references(uuid[]) to authenticated, service_role;

create or replace function public.get_shortage_dependencies(p_shortage_ids uuid[])
returns table (
  shortage_id uuid,
  can_delete boolean,
  has_order_items boolean,
  has_quote_items boolean,
  in_batch boolean
)
language sql stable security invoker set search_path = '' as $$
  with visible as (
    -- RLS: only shortages the caller can see are reported; others are omitted.
    select s.id, s.batch_id
    from public.shortages s
    where s.id = any(p_shortage_ids)
  ),
  refs as (
    select r.shortage_id, r.has_quote_items, r.has_order_items
    from private.shortage_item_references(array(select v.id from visible v)) r
  )
  select
    v.id,
    not (r.has_order_items or r.has_quote_items or v.batch_id is not null),
    r.has_order_items,
    r.has_quote_items,
    v.batch_id is not null
  from visible v
  join refs r on r.shortage_id = v.id
$$;

comment on function public.get_shortage_dependencies(uuid[]) is
  'Per visible shortage: whether it can be deleted (no order items, no quote items, not in a batch).';

create or replace function public.assign_shortage_to_batch(shortage_id uuid, batch_id uuid)
returns public.shortages
language plpgsql volatile security definer set search_path = '' as $$
declare
  v_batch public.quote_batches;
  v_shortage public.shortages;
begin
  if auth.uid() is null or not private.is_buyer() then
    -- Non-buyers manage no batch: the same answer as a missing one.
    raise exception 'Lote não encontrado' using errcode = 'PT404';
  end if;
  v_batch := private.lock_batch(assign_shortage_to_batch.batch_id);
  select s.* into v_shortage from public.shortages s where s.id = assign_shortage_to_batch.shortage_id for update;
  if not found then
    raise exception 'Falta não encontrada' using errcode = 'PT404';
  end if;
  if v_shortage.batch_id = v_batch.id then
    return v_shortage;
  end if;
  if v_shortage.batch_id is not null then
    raise exception 'Item já está em outro lote' using errcode = 'P0001';
  end if;
  if v_batch.status not in ('ABERTO', 'EM_COTACAO') then
    raise exception 'Não é possível adicionar itens: a cotação deste lote já foi finalizada' using errcode = 'P0001';
  end if;
  if v_shortage.status <> 'PENDENTE' then
    raise exception 'Item não está pendente' using errcode = 'P0001';
  end if;
  perform private.assign_shortages(v_batch, array[v_shortage.id]);
  select s.* into v_shortage from public.shortages s where s.id = assign_shortage_to_batch.shortage_id;
  return v_shortage;
end;
$$;

revoke all on function public.find_open_shortage(uuid, uuid) from public;

revoke all on function public.get_shortage_dependencies(uuid[]) from public;

revoke all on function public.assign_shortage_to_batch(uuid, uuid) from public;

grant execute on function public.find_open_shortage(uuid, uuid) to authenticated, service_role;

grant execute on function public.get_shortage_dependencies(uuid[]) to authenticated, service_role;

grant execute on function public.assign_shortage_to_batch(uuid, uuid) to authenticated, service_role;

-- ===========================================================================
-- From create import history

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

-- An import run is recorded by the import RPCs, which run as the caller and name
-- the caller as its author. It used to overwrite a different created_by quietly;
-- now a run in someone else's name is refused, so a forged history entry fails
-- loudly instead of being rewritten behind the caller's back.
create or replace function private.import_runs_before_insert()
returns trigger
language plpgsql set search_path = '' as $$
begin
  if auth.uid() is not null and new.created_by is distinct from auth.uid() then
    raise exception 'A importação é registrada em nome de quem a executa' using errcode = '42501';
  end if;
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

-- ===========================================================================
-- From create import rpcs

-- Spreadsheet imports of shortages and products. Each call is one transaction:
-- rows are validated one by one (Portuguese messages per row), valid rows are
-- inserted, the run and its rejected rows are recorded, and the summary
-- {import_run_id, total, accepted, rejected, errors: [{row, errors}]} is returned.
-- Rows are numbered from 1 in the order of p_rows. Security invoker: RLS and the
-- tables' triggers apply as for any insert by the caller.

-- Integer from a JSON number or a numeric string ('10', ' 7 '); null otherwise.
create or replace function private.jsonb_to_integer(p_value jsonb)
returns integer
language plpgsql immutable set search_path = '' as $$
declare
  v_text text;
begin
  if p_value is null or jsonb_typeof(p_value) = 'null' then
    return null;
  end if;
  if jsonb_typeof(p_value) = 'number' then
    v_text := p_value::text;
  elsif jsonb_typeof(p_value) = 'string' then
    v_text := btrim(p_value #>> '{}');
  else
    return null;
  end if;
  if v_text ~ '^-?[0-9]{1,9}$' then
    return v_text::integer;
  end if;
  if v_text ~ '^-?[0-9]{1,9}[.,]0+$' then
    return split_part(replace(v_text, ',', '.'), '.', 1)::integer;
  end if;
  return null;
end;
$$;

-- Trimmed text of a JSON string or number; null when absent or blank.
create or replace function private.jsonb_to_text(p_value jsonb)
returns text
language sql immutable set search_path = '' as $$
  select case
    when p_value is null or jsonb_typeof(p_value) not in ('string', 'number') then null
    else nullif(btrim(p_value #>> '{}'), '')
  end
$$;

revoke all on function private.jsonb_to_integer(jsonb) from public;

revoke all on function private.jsonb_to_text(jsonb) from public;

grant execute on function private.jsonb_to_integer(jsonb) to authenticated, service_role;

grant execute on function private.jsonb_to_text(jsonb) to authenticated, service_role;

-- ===========================================================================
-- From update shortage item references

revoke all on function private.shortage_item_references(uuid[]) from public;

grant execute on function private.shortage_item_references(uuid[]) to authenticated, service_role;

reset check_function_bodies;
