-- Baseline (squashed 2026-11-25): see supabase/schema-dump.txt for the resulting schema.
-- Function bodies are checked when called, as pg_dump does, because a function keeps its final
-- body at the place it was first defined.
set check_function_bodies = off;

-- ===========================================================================
-- From extend quote batches

-- Purchasing cycle, part 1: quote batches get their lifecycle columns and the
-- read rules of the purchasing module.
--
-- Who reads a batch:
--   * buyers (MANAGE_ORDERS; admins pass has_permission) read and change every batch;
--   * representatives (MANAGE_QUOTES with a supplier on their profile) read the
--     batches that were sent to quotation (status other than ABERTO);
--   * other staff read, never change, the batches of their own unit.
-- The shortages of a batch sent to quotation become readable by representatives
-- (they must see what they are pricing); products are readable by everybody.

alter table public.quote_batches
  add column updated_at timestamptz not null default now(),
  add column sent_at timestamptz;

comment on column public.quote_batches.sent_at is 'When the batch was sent to quotation (status EM_COTACAO).';

comment on column public.quote_batches.closed_at is 'When the winners were selected (status COTACAO_FINALIZADA).';

create trigger quote_batches_set_updated_at
  before update on public.quote_batches
  for each row execute function private.set_updated_at();

create index quote_batches_status_idx on public.quote_batches (status);

-- Security review, finding P2: ANALISTA was a full buyer in the database.
--
-- ANALISTA holds MANAGE_ORDERS (spec §6: /relatorio-compras needs VIEW_REPORTS
-- and MANAGE_ORDERS), and private.is_buyer() was has_permission('MANAGE_ORDERS'),
-- so analysts could create, send and delete batches, pick winners and generate
-- orders through the API although the route table gives /compras only to
-- ADMIN_COMPRAS and ADMIN. The database now follows the route rule "role AND
-- permission":
--   * buyer  = ADMIN (always) or ADMIN_COMPRAS holding MANAGE_ORDERS: every
--              purchasing write, winner selection, cross-unit shortage updates;
--   * reader = a buyer, or ANALISTA holding VIEW_REPORTS (/analise-cotacoes,
--              /relatorio-compras): reads batches, shortages of every unit,
--              quotes, items, orders, the comparison and the reports.

create or replace function private.is_buyer()
returns boolean
language plpgsql stable security definer set search_path = '' as $$
begin
  return private.is_admin()
    or (private.current_role_name() = 'ADMIN_COMPRAS' and private.has_permission('MANAGE_ORDERS'));
end;
$$;

-- Representatives: MANAGE_QUOTES holders linked to a supplier.
create function private.is_representative()
returns boolean
language plpgsql stable security definer set search_path = '' as $$
begin
  return private.current_supplier_id() is not null and private.has_permission('MANAGE_QUOTES');
end;
$$;

comment on function private.is_representative() is 'True when auth.uid() answers quotes for a supplier (MANAGE_QUOTES and profiles.supplier_id set).';

revoke execute on function private.is_buyer(), private.is_representative() from public, anon;

grant execute on function private.is_buyer(), private.is_representative() to authenticated, service_role;

-- ===========================================================================
-- From create quotes

-- Purchasing cycle, part 2: quotes (one per supplier per batch) and their items
-- (one per shortage of the batch).
--
-- Sealed bids: a representative reads and writes only the quotes of the supplier
-- on their own profile; buyers read and change everything. A representative
-- edits items only while the quote is EM_ANDAMENTO and the batch EM_COTACAO, and
-- never decides winners (is_winner, VENCEDORA/PERDEDORA are set by
-- select_winning_quotes_native).

create table public.quotes (
  id uuid primary key default gen_random_uuid(),
  batch_id uuid not null references public.quote_batches (id) on delete cascade,
  supplier_id uuid not null references public.suppliers (id) on delete restrict,
  status text not null default 'EM_ANDAMENTO'
    constraint quotes_status_check check (status in ('EM_ANDAMENTO', 'ENVIADA', 'VENCEDORA', 'PERDEDORA')),
  created_by uuid default auth.uid() references auth.users (id) on delete set null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  selected boolean not null default false,
  constraint quotes_batch_supplier_key unique (batch_id, supplier_id)
);

comment on table public.quotes is 'A supplier''s answer to a quote batch (one per supplier per batch); status EM_ANDAMENTO → ENVIADA → VENCEDORA/PERDEDORA.';

create index quotes_supplier_id_idx on public.quotes (supplier_id, status);

create index quotes_created_by_idx on public.quotes (created_by);

create table public.quote_items (
  id uuid primary key default gen_random_uuid(),
  quote_id uuid not null references public.quotes (id) on delete cascade,
  shortage_id uuid not null references public.shortages (id) on delete restrict,
  unit_price numeric(12, 4) constraint quote_items_unit_price_check check (unit_price >= 0),
  minimum_quantity integer constraint quote_items_minimum_quantity_check check (minimum_quantity >= 0),
  is_winner boolean not null default false,
  wants_substitute boolean not null default false,
  substitute_product_name text,
  substitute_manufacturer text,
  has_bonus boolean not null default false,
  bonus_product_name text,
  bonus_manufacturer text,
  bonus_expiry_date date,
  bonus_quantity integer not null default 1 constraint quote_items_bonus_quantity_check check (bonus_quantity > 0),
  updated_at timestamptz not null default now(),
  constraint quote_items_quote_shortage_key unique (quote_id, shortage_id)
);

comment on table public.quote_items is 'Price of one shortage in one quote: unit price, minimum quantity, optional substitute and bonus; is_winner set on award.';

create index quote_items_shortage_id_idx on public.quote_items (shortage_id);

-- Helpers (security definer: they read rows RLS may hide from the caller).

-- The quote belongs to the caller's supplier, is EM_ANDAMENTO and its batch EM_COTACAO.
create function private.can_edit_quote(p_quote_id uuid)
returns boolean
language plpgsql stable security definer set search_path = '' as $$
begin
  return exists (
    select 1
    from public.quotes q
    join public.quote_batches b on b.id = q.batch_id
    where q.id = p_quote_id
      and q.supplier_id = private.current_supplier_id()
      and q.status = 'EM_ANDAMENTO'
      and b.status = 'EM_COTACAO'
  ) and private.has_permission('MANAGE_QUOTES');
end;
$$;

comment on function private.can_edit_quote(uuid) is 'True when the caller''s supplier owns the quote, it is EM_ANDAMENTO and its batch EM_COTACAO.';

-- A representative may open a quote on a batch that is EM_COTACAO.
create function private.batch_open_for_quotes(p_batch_id uuid)
returns boolean
language plpgsql stable security definer set search_path = '' as $$
begin
  return exists (select 1 from public.quote_batches b where b.id = p_batch_id and b.status = 'EM_COTACAO');
end;
$$;

comment on function private.batch_open_for_quotes(uuid) is 'True when the batch is EM_COTACAO.';

-- Quotes: only the RPCs are trusted. A Data API caller (representative or
-- buyer) opens a quote EM_ANDAMENTO and may only submit it (EM_ANDAMENTO →
-- ENVIADA, what submit_quote does); results and `selected` are the RPCs'.
create or replace function private.quotes_before_write()
returns trigger
language plpgsql security invoker set search_path = '' as $$
declare
  v_trusted boolean := current_user not in ('authenticated', 'anon');
begin
  if tg_op = 'INSERT' then
    new.created_by := coalesce(auth.uid(), new.created_by);
    if auth.uid() is not null then
      new.created_at := now();
      new.updated_at := now();
    end if;
    if not v_trusted then
      new.status := 'EM_ANDAMENTO';
      new.selected := false;
    end if;
    return new;
  end if;
  new.id := old.id;
  new.batch_id := old.batch_id;
  new.supplier_id := old.supplier_id;
  new.created_by := old.created_by;
  new.created_at := old.created_at;
  new.updated_at := now();
  if not v_trusted then
    new.selected := old.selected;
    if new.status is distinct from old.status
       and not (old.status = 'EM_ANDAMENTO' and new.status = 'ENVIADA') then
      raise exception 'Apenas o comprador pode alterar o resultado da cotação' using errcode = '42501';
    end if;
  end if;
  return new;
end;
$$;

comment on function private.quotes_before_write() is 'BEFORE INSERT/UPDATE on quotes: creator from the JWT, immutable identity, representatives only submit.';

create trigger quotes_before_write
  before insert or update on public.quotes
  for each row execute function private.quotes_before_write();

-- Quote items: is_winner is set only by select_winning_quotes_native.
create or replace function private.quote_items_before_write()
returns trigger
language plpgsql security invoker set search_path = '' as $$
declare
  v_trusted boolean := current_user not in ('authenticated', 'anon');
begin
  if tg_op = 'INSERT' then
    if not private.shortage_in_quote_batch(new.quote_id, new.shortage_id) then
      raise exception 'A falta não pertence ao lote desta cotação' using errcode = '23514';
    end if;
    if not v_trusted then
      new.is_winner := false;
    end if;
  else
    new.id := old.id;
    new.quote_id := old.quote_id;
    new.shortage_id := old.shortage_id;
    if not v_trusted then
      new.is_winner := old.is_winner;
    end if;
  end if;
  new.updated_at := now();
  return new;
end;
$$;

comment on function private.quote_items_before_write() is 'BEFORE INSERT/UPDATE on quote_items: shortage in the quote''s batch, immutable identity, is_winner reserved to buyers.';

create trigger quote_items_before_write
  before insert or update on public.quote_items
  for each row execute function private.quote_items_before_write();

revoke execute on function
  private.can_edit_quote(uuid),
  private.batch_open_for_quotes(uuid),
  private.quotes_before_write(),
  private.quote_items_before_write()
from public, anon;

grant execute on function private.can_edit_quote(uuid), private.batch_open_for_quotes(uuid) to authenticated, service_role;

alter table public.quotes enable row level security;

alter table public.quote_items enable row level security;

revoke all on table public.quotes, public.quote_items from anon, authenticated;

grant select, insert, update, delete on table public.quotes, public.quote_items to authenticated;

grant all on table public.quotes, public.quote_items to service_role;

create policy quotes_insert on public.quotes
  for insert to authenticated
  with check (
    (select private.is_buyer())
    or (
      (select private.is_representative())
      and supplier_id = (select private.current_supplier_id())
      and private.batch_open_for_quotes(batch_id)
    )
  );

create policy quotes_update on public.quotes
  for update to authenticated
  using ((select private.is_buyer()) or private.can_edit_quote(id))
  with check (
    (select private.is_buyer())
    or (supplier_id = (select private.current_supplier_id()) and status in ('EM_ANDAMENTO', 'ENVIADA'))
  );

create policy quotes_delete on public.quotes
  for delete to authenticated
  using (
    status = 'EM_ANDAMENTO'
    and ((select private.is_buyer()) or private.can_edit_quote(id))
  );

-- ===========================================================================
-- From create purchase orders

-- Purchasing cycle, part 3: purchase orders, one per winning supplier per batch,
-- generated by generate_purchase_orders. total_amount always equals the sum of
-- the items' totals (kept by triggers, never by the client). Receiving an order
-- (status RECEBIDO) delivers its shortages (ENTREGUE).
-- Buyers read and change every order; a representative reads only the orders
-- of their own supplier.

create table public.purchase_orders (
  id uuid primary key default gen_random_uuid(),
  batch_id uuid not null references public.quote_batches (id) on delete restrict,
  supplier_id uuid not null references public.suppliers (id) on delete restrict,
  status text not null default 'SOLICITADO'
    constraint purchase_orders_status_check check (status in ('SOLICITADO', 'RECEBIDO')),
  delivery_date date,
  total_amount numeric(14, 2) not null default 0,
  created_by uuid default auth.uid() references auth.users (id) on delete set null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint purchase_orders_batch_supplier_key unique (batch_id, supplier_id)
);

comment on table public.purchase_orders is 'Purchase order for one winning supplier of a batch; total_amount = sum of its items (trigger-maintained).';

create index purchase_orders_supplier_id_idx on public.purchase_orders (supplier_id);

create index purchase_orders_created_by_idx on public.purchase_orders (created_by);

create table public.purchase_order_items (
  id uuid primary key default gen_random_uuid(),
  order_id uuid not null references public.purchase_orders (id) on delete cascade,
  shortage_id uuid not null references public.shortages (id) on delete restrict,
  quantity integer not null constraint purchase_order_items_quantity_check check (quantity > 0),
  unit_price numeric(12, 4) not null constraint purchase_order_items_unit_price_check check (unit_price >= 0),
  total_price numeric(14, 2) generated always as (round(quantity * unit_price, 2)) stored,
  constraint purchase_order_items_order_shortage_key unique (order_id, shortage_id)
);

comment on table public.purchase_order_items is 'Line of a purchase order: the shortage''s requested quantity at the winning unit price.';

create index purchase_order_items_shortage_id_idx on public.purchase_order_items (shortage_id);

-- total_amount is recomputed on every order update, whatever the client sent.
create function private.purchase_orders_before_write()
returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  if tg_op = 'INSERT' then
    new.created_by := coalesce(auth.uid(), new.created_by);
    new.total_amount := 0;
    return new;
  end if;
  new.id := old.id;
  new.batch_id := old.batch_id;
  new.supplier_id := old.supplier_id;
  new.created_by := old.created_by;
  new.created_at := old.created_at;
  new.updated_at := now();
  new.total_amount := coalesce(
    (select sum(i.total_price) from public.purchase_order_items i where i.order_id = new.id), 0);
  return new;
end;
$$;

comment on function private.purchase_orders_before_write() is 'BEFORE INSERT/UPDATE on purchase_orders: immutable identity, total_amount = sum of item totals.';

create trigger purchase_orders_before_write
  before insert or update on public.purchase_orders
  for each row execute function private.purchase_orders_before_write();

-- Receiving an order delivers its shortages.
create function private.purchase_orders_after_update()
returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  if new.status = 'RECEBIDO' and old.status is distinct from 'RECEBIDO' then
    update public.shortages s
    set status = 'ENTREGUE'
    where s.id in (select i.shortage_id from public.purchase_order_items i where i.order_id = new.id);
  end if;
  return null;
end;
$$;

comment on function private.purchase_orders_after_update() is 'AFTER UPDATE on purchase_orders: RECEBIDO moves the order''s shortages to ENTREGUE.';

create trigger purchase_orders_after_update
  after update of status on public.purchase_orders
  for each row execute function private.purchase_orders_after_update();

-- After any change of items, touch their orders so the before-update trigger
-- recomputes total_amount (one update per statement, not per row).
create function private.purchase_order_items_refresh_totals()
returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  if tg_op in ('INSERT', 'UPDATE') then
    update public.purchase_orders o set total_amount = 0
    where o.id in (select distinct n.order_id from new_rows n);
  end if;
  if tg_op in ('DELETE', 'UPDATE') then
    update public.purchase_orders o set total_amount = 0
    where o.id in (select distinct d.order_id from old_rows d);
  end if;
  return null;
end;
$$;

comment on function private.purchase_order_items_refresh_totals() is 'AFTER statement on purchase_order_items: recomputes the totals of the touched orders.';

create trigger purchase_order_items_after_insert
  after insert on public.purchase_order_items
  referencing new table as new_rows
  for each statement execute function private.purchase_order_items_refresh_totals();

create trigger purchase_order_items_after_update
  after update on public.purchase_order_items
  referencing new table as new_rows old table as old_rows
  for each statement execute function private.purchase_order_items_refresh_totals();

create trigger purchase_order_items_after_delete
  after delete on public.purchase_order_items
  referencing old table as old_rows
  for each statement execute function private.purchase_order_items_refresh_totals();

revoke execute on function
  private.purchase_orders_before_write(),
  private.purchase_orders_after_update(),
  private.purchase_order_items_refresh_totals()
from public, anon;

alter table public.purchase_orders enable row level security;

alter table public.purchase_order_items enable row level security;

revoke all on table public.purchase_orders, public.purchase_order_items from anon, authenticated;

grant select, insert, update, delete on table public.purchase_orders, public.purchase_order_items to authenticated;

grant all on table public.purchase_orders, public.purchase_order_items to service_role;

create policy purchase_orders_insert on public.purchase_orders
  for insert to authenticated
  with check ((select private.is_buyer()));

create policy purchase_orders_update on public.purchase_orders
  for update to authenticated
  using ((select private.is_buyer()))
  with check ((select private.is_buyer()));

create policy purchase_orders_delete on public.purchase_orders
  for delete to authenticated
  using ((select private.is_buyer()));

create policy purchase_order_items_insert on public.purchase_order_items
  for insert to authenticated
  with check ((select private.is_buyer()));

create policy purchase_order_items_update on public.purchase_order_items
  for update to authenticated
  using ((select private.is_buyer()))
  with check ((select private.is_buyer()));

create policy purchase_order_items_delete on public.purchase_order_items
  for delete to authenticated
  using ((select private.is_buyer()));

-- ===========================================================================
-- From create purchasing rpcs

-- Purchasing cycle, part 4: the RPCs that move batches, quotes and orders
-- through their states. Each one is security definer (it touches rows of
-- several tables the caller may not see), checks the caller's role itself,
-- locks the batch row before any batch state change (select ... for update;
-- for share where it only needs the batch to stay put), and raises P0001 with
-- the spec's Portuguese messages. Unique constraints remain the final arbiters.

create function private.require_buyer()
returns void
language plpgsql stable security definer set search_path = '' as $$
begin
  if auth.uid() is null then
    raise exception 'Erro de autenticação. Por favor, faça login novamente.' using errcode = '42501';
  end if;
  if not private.is_buyer() then
    raise exception 'Sem permissão para gerenciar compras' using errcode = '42501';
  end if;
end;
$$;

comment on function private.require_buyer() is 'Raises 42501 unless the caller is a buyer (MANAGE_ORDERS or ADMIN).';

-- "Not found" refusals of the purchasing RPCs were raised as P0002, which
-- PostgREST (hosted, and our local backend after it) answers with HTTP 500 like
-- any PL/pgSQL error class P0 other than P0001. A clean refusal must never look
-- like a server failure: 50 parallel delete_quote_batch calls on one batch left
-- 49 callers with a 500 'Lote não encontrado' once the first had deleted it, and
-- a double click on "Excluir" of a quote did the same with 'Cotação não
-- encontrada'. These refusals now use PostgREST's status convention: SQLSTATE
-- 'PT404' answers HTTP 404 with code 'PT404' and the same Portuguese message.
-- The bodies are otherwise unchanged (latest versions: create_purchasing_rpcs,
-- guard_purchasing_state for assign_shortage_to_batch, analysts_read_purchasing_only
-- for get_batch_comparison); create or replace keeps their grants.

create or replace function private.lock_batch(p_batch_id uuid)
returns public.quote_batches
language plpgsql volatile security definer set search_path = '' as $$
declare
  v_batch public.quote_batches;
begin
  select b.* into v_batch from public.quote_batches b where b.id = p_batch_id for update;
  if not found then
    raise exception 'Lote não encontrado' using errcode = 'PT404';
  end if;
  return v_batch;
end;
$$;

-- Assigns shortages to a locked batch: each must exist, have no batch and be
-- PENDENTE. Returns {added, total, errors: [{shortage_id, message}]}.
-- New items of a batch already in quotation join it as EM_COTACAO and get an
-- empty line in every quote still in progress.
create function private.assign_shortages(p_batch public.quote_batches, p_shortage_ids uuid[])
returns jsonb
language plpgsql volatile security definer set search_path = '' as $$
declare
  v_id uuid;
  v_shortage public.shortages;
  v_added integer := 0;
  v_total integer := 0;
  v_errors jsonb := '[]'::jsonb;
  v_message text;
  v_status text := case when p_batch.status = 'EM_COTACAO' then 'EM_COTACAO' else 'LOTE_CRIADO' end;
begin
  for v_id in select distinct u.id from unnest(coalesce(p_shortage_ids, '{}')) as u(id) where u.id is not null loop
    v_total := v_total + 1;
    v_message := null;
    select s.* into v_shortage from public.shortages s where s.id = v_id for update;
    if not found then
      v_message := 'Falta não encontrada';
    elsif v_shortage.batch_id = p_batch.id then
      v_message := 'Item já está neste lote';
    elsif v_shortage.batch_id is not null then
      v_message := 'Item já está em outro lote';
    elsif v_shortage.status <> 'PENDENTE' then
      v_message := 'Item não está pendente';
    end if;
    if v_message is not null then
      v_errors := v_errors || jsonb_build_object('shortage_id', v_id, 'message', v_message);
      continue;
    end if;
    update public.shortages s set batch_id = p_batch.id, status = v_status where s.id = v_id;
    if p_batch.status = 'EM_COTACAO' then
      insert into public.quote_items (quote_id, shortage_id)
      select q.id, v_id from public.quotes q where q.batch_id = p_batch.id and q.status = 'EM_ANDAMENTO'
      on conflict (quote_id, shortage_id) do nothing;
    end if;
    v_added := v_added + 1;
  end loop;
  return jsonb_build_object('added', v_added, 'total', v_total, 'errors', v_errors);
end;
$$;

comment on function private.assign_shortages(public.quote_batches, uuid[]) is 'Puts pending shortages into a locked batch; reports the ones skipped.';

create function public.create_quote_batch(p_unit_id uuid, p_shortage_ids uuid[], p_name text default null)
returns public.quote_batches
language plpgsql volatile security definer set search_path = '' as $$
declare
  v_batch public.quote_batches;
  v_result jsonb;
begin
  perform private.require_buyer();
  insert into public.quote_batches (unit_id, name, status, created_by)
  values (p_unit_id, nullif(btrim(p_name), ''), 'ABERTO', auth.uid())
  returning * into v_batch;
  v_result := private.assign_shortages(v_batch, p_shortage_ids);
  if (v_result ->> 'added')::integer = 0 then
    -- The whole call is rolled back, the empty batch included.
    raise exception 'Não foi possível criar o lote'
      using errcode = 'P0001', detail = (v_result -> 'errors')::text,
            hint = 'Nenhuma falta pendente e sem lote foi informada.';
  end if;
  select b.* into v_batch from public.quote_batches b where b.id = v_batch.id;
  return v_batch;
end;
$$;

comment on function public.create_quote_batch(uuid, uuid[], text) is
  'Buyers: creates an ABERTO batch with the given pending shortages; raises ''Não foi possível criar o lote'' (errors in DETAIL) when none could be assigned.';

create function public.add_shortages_to_batch(p_batch_id uuid, p_shortage_ids uuid[])
returns jsonb
language plpgsql volatile security definer set search_path = '' as $$
declare
  v_batch public.quote_batches;
begin
  perform private.require_buyer();
  v_batch := private.lock_batch(p_batch_id);
  if v_batch.status not in ('ABERTO', 'EM_COTACAO') then
    raise exception 'Não é possível adicionar itens: a cotação deste lote já foi finalizada' using errcode = 'P0001';
  end if;
  return private.assign_shortages(v_batch, p_shortage_ids);
end;
$$;

comment on function public.add_shortages_to_batch(uuid, uuid[]) is
  'Buyers: adds pending shortages to an ABERTO or EM_COTACAO batch; returns {added, total, errors}.';

create or replace function public.remove_shortage_from_batch(p_shortage_id uuid, p_batch_id uuid)
returns void
language plpgsql volatile security definer set search_path = '' as $$
begin
  perform private.require_buyer();
  perform private.lock_batch(p_batch_id);
  perform 1 from public.shortages s where s.id = p_shortage_id and s.batch_id = p_batch_id for update;
  if not found then
    raise exception 'Item não encontrado neste lote' using errcode = 'PT404';
  end if;
  if exists (
    select 1 from public.quote_items qi join public.quotes q on q.id = qi.quote_id
    where qi.shortage_id = p_shortage_id and q.batch_id = p_batch_id and q.status in ('EM_ANDAMENTO', 'ENVIADA')
  ) then
    raise exception 'Este item está em uma cotação ativa e não pode ser removido do lote.'
      using errcode = 'P0001', hint = 'Item não pode ser removido';
  end if;
  if exists (select 1 from public.purchase_order_items i where i.shortage_id = p_shortage_id) then
    raise exception 'Este item já possui pedido de compra e não pode ser removido do lote.'
      using errcode = 'P0001', hint = 'Item não pode ser removido';
  end if;
  delete from public.quote_items qi
  using public.quotes q
  where q.id = qi.quote_id and q.batch_id = p_batch_id and qi.shortage_id = p_shortage_id;
  update public.shortages s set batch_id = null, status = 'PENDENTE' where s.id = p_shortage_id;
end;
$$;

comment on function public.remove_shortage_from_batch(uuid, uuid) is
  'Buyers: returns a shortage to PENDENTE without batch; refused while a quote containing it is EM_ANDAMENTO or ENVIADA.';

create function public.update_batch_quantities(p_batch_id uuid, p_requested_quantity integer)
returns boolean
language plpgsql volatile security definer set search_path = '' as $$
declare
  v_batch public.quote_batches;
begin
  perform private.require_buyer();
  if p_requested_quantity is null or p_requested_quantity <= 0 then
    return false;
  end if;
  select b.* into v_batch from public.quote_batches b where b.id = p_batch_id for update;
  if not found or v_batch.status not in ('ABERTO', 'EM_COTACAO') then
    return false;
  end if;
  update public.shortages s set requested_quantity = p_requested_quantity where s.batch_id = p_batch_id;
  return true;
end;
$$;

comment on function public.update_batch_quantities(uuid, integer) is
  'Buyers: sets requested_quantity of every shortage of an ABERTO/EM_COTACAO batch; false when refused.';

-- Generating purchase orders sent every shortage of the batch to PEDIDO_ENVIADO,
-- including items no supplier won (nobody priced them, or the buyer awarded none):
-- those were left marked as ordered with no order behind them, and could never be
-- quoted again. They now go back to the buying queue (PENDENTE, no batch), as a
-- buyer would expect, so the next batch can pick them up; their quote lines stay
-- as the record of this round.

create or replace function private.create_orders(p_batch public.quote_batches, p_delivery_date date)
returns void
language plpgsql volatile security definer set search_path = '' as $$
begin
  if not exists (
    select 1 from public.quote_items qi join public.quotes q on q.id = qi.quote_id
    where q.batch_id = p_batch.id and qi.is_winner and qi.unit_price is not null
  ) then
    raise exception 'Nenhum item vencedor neste lote para gerar pedidos' using errcode = 'P0001';
  end if;
  insert into public.purchase_orders (batch_id, supplier_id, delivery_date, created_by)
  select distinct p_batch.id, q.supplier_id, p_delivery_date, auth.uid()
  from public.quotes q join public.quote_items qi on qi.quote_id = q.id
  where q.batch_id = p_batch.id and qi.is_winner and qi.unit_price is not null
  on conflict (batch_id, supplier_id) do nothing;

  insert into public.purchase_order_items (order_id, shortage_id, quantity, unit_price)
  select o.id, s.id, s.requested_quantity, qi.unit_price
  from public.quotes q
  join public.quote_items qi on qi.quote_id = q.id and qi.is_winner and qi.unit_price is not null
  join public.shortages s on s.id = qi.shortage_id
  join public.purchase_orders o on o.batch_id = q.batch_id and o.supplier_id = q.supplier_id
  where q.batch_id = p_batch.id
  on conflict (order_id, shortage_id) do nothing;

  update public.quote_batches b set status = 'PEDIDO_ENVIADO' where b.id = p_batch.id;

  -- Ordered items move on; items without an order line return to the queue.
  update public.shortages s set status = 'PEDIDO_ENVIADO'
  where s.batch_id = p_batch.id and s.status <> 'ENTREGUE'
    and exists (
      select 1 from public.purchase_order_items oi join public.purchase_orders o on o.id = oi.order_id
      where o.batch_id = p_batch.id and oi.shortage_id = s.id
    );
  update public.shortages s set status = 'PENDENTE', batch_id = null
  where s.batch_id = p_batch.id and s.status <> 'ENTREGUE'
    and not exists (
      select 1 from public.purchase_order_items oi join public.purchase_orders o on o.id = oi.order_id
      where o.batch_id = p_batch.id and oi.shortage_id = s.id
    );
end;
$$;

create function public.set_batch_status(p_batch_id uuid, p_status text)
returns public.quote_batches
language plpgsql volatile security definer set search_path = '' as $$
declare
  v_batch public.quote_batches;
begin
  perform private.require_buyer();
  if p_status is null or p_status not in ('ABERTO', 'EM_COTACAO', 'COTACAO_FINALIZADA', 'PEDIDO_ENVIADO') then
    raise exception 'Status de lote inválido: %', coalesce(p_status, 'nulo') using errcode = '22023';
  end if;
  v_batch := private.lock_batch(p_batch_id);
  if v_batch.status = p_status then
    return v_batch;
  end if;

  if v_batch.status = 'ABERTO' and p_status = 'EM_COTACAO' then
    if not exists (select 1 from public.shortages s where s.batch_id = p_batch_id) then
      raise exception 'Não foram encontrados itens neste lote. Adicione itens antes de enviar para cotação.'
        using errcode = 'P0001';
    end if;
    update public.shortages s set status = 'EM_COTACAO' where s.batch_id = p_batch_id;
    update public.quote_batches b set status = 'EM_COTACAO', sent_at = now() where b.id = p_batch_id;
  elsif v_batch.status = 'EM_COTACAO' and p_status = 'ABERTO' then
    if exists (select 1 from public.quotes q where q.batch_id = p_batch_id) then
      raise exception 'O lote já possui cotações e não pode voltar a ficar aberto' using errcode = 'P0001';
    end if;
    update public.shortages s set status = 'LOTE_CRIADO' where s.batch_id = p_batch_id;
    update public.quote_batches b set status = 'ABERTO', sent_at = null where b.id = p_batch_id;
  elsif v_batch.status = 'COTACAO_FINALIZADA' and p_status = 'PEDIDO_ENVIADO' then
    perform private.create_orders(v_batch, null);
  elsif p_status = 'COTACAO_FINALIZADA' then
    raise exception 'Selecione os vencedores para finalizar a cotação' using errcode = 'P0001';
  else
    raise exception 'Não é possível alterar o lote de % para %', v_batch.status, p_status using errcode = 'P0001';
  end if;

  select b.* into v_batch from public.quote_batches b where b.id = p_batch_id;
  return v_batch;
end;
$$;

comment on function public.set_batch_status(uuid, text) is
  'Buyers: moves a batch ABERTO ⇄ EM_COTACAO (needs items; shortages follow) or COTACAO_FINALIZADA → PEDIDO_ENVIADO (generates orders); same status is a no-op.';

create or replace function public.get_or_create_quote(p_batch_id uuid)
returns public.quotes
language plpgsql volatile security definer set search_path = '' as $$
declare
  v_supplier_id uuid := private.current_supplier_id();
  v_batch public.quote_batches;
  v_quote public.quotes;
begin
  if auth.uid() is null then
    raise exception 'Você precisa estar autenticado para criar cotações.' using errcode = '42501';
  end if;
  if not private.is_representative() then
    raise exception 'Apenas representantes de fornecedores podem criar cotações' using errcode = '42501';
  end if;
  -- Share lock: the batch cannot change state (winners, deletion) meanwhile.
  select b.* into v_batch from public.quote_batches b where b.id = p_batch_id for share;
  if not found or v_batch.status = 'ABERTO' then
    raise exception 'Lote não encontrado' using errcode = 'PT404';
  end if;

  select q.* into v_quote from public.quotes q where q.batch_id = p_batch_id and q.supplier_id = v_supplier_id;
  if found then
    return v_quote;
  end if;
  if v_batch.status <> 'EM_COTACAO' then
    raise exception 'Este lote não está mais recebendo cotações' using errcode = 'P0001';
  end if;
  if not exists (select 1 from public.shortages s where s.batch_id = p_batch_id) then
    raise exception 'Lote não possui itens para cotação' using errcode = 'P0001';
  end if;

  insert into public.quotes (batch_id, supplier_id, status, created_by)
  values (p_batch_id, v_supplier_id, 'EM_ANDAMENTO', auth.uid())
  on conflict (batch_id, supplier_id) do nothing
  returning * into v_quote;
  if v_quote.id is null then
    -- A concurrent call created it first (the unique constraint decided).
    select q.* into v_quote from public.quotes q where q.batch_id = p_batch_id and q.supplier_id = v_supplier_id;
    return v_quote;
  end if;

  insert into public.quote_items (quote_id, shortage_id)
  select v_quote.id, s.id from public.shortages s where s.batch_id = p_batch_id
  on conflict (quote_id, shortage_id) do nothing;
  return v_quote;
end;
$$;

comment on function public.get_or_create_quote(uuid) is
  'Representatives: the quote of their own supplier for a batch, created (with one empty item per shortage) when the batch is EM_COTACAO.';

create or replace function public.submit_quote(p_quote_id uuid)
returns public.quotes
language plpgsql volatile security definer set search_path = '' as $$
declare
  v_quote public.quotes;
  v_batch_status text;
begin
  if auth.uid() is null then
    raise exception 'Erro de autenticação. Por favor, faça login novamente.' using errcode = '42501';
  end if;
  select b.status into v_batch_status
  from public.quotes q join public.quote_batches b on b.id = q.batch_id
  where q.id = p_quote_id
    and (private.is_buyer() or (private.is_representative() and q.supplier_id = private.current_supplier_id()))
  for share of b;
  if not found then
    raise exception 'Cotação não encontrada' using errcode = 'PT404';
  end if;
  select q.* into v_quote from public.quotes q where q.id = p_quote_id for update;
  if v_quote.status = 'ENVIADA' then
    return v_quote;
  end if;
  if v_quote.status <> 'EM_ANDAMENTO' then
    raise exception 'Apenas cotações em andamento podem ser enviadas' using errcode = 'P0001';
  end if;
  if v_batch_status <> 'EM_COTACAO' then
    raise exception 'Este lote não está mais recebendo cotações' using errcode = 'P0001';
  end if;
  if not exists (select 1 from public.quote_items qi where qi.quote_id = p_quote_id and qi.unit_price is not null) then
    raise exception 'Informe o preço de pelo menos um item antes de enviar a cotação' using errcode = 'P0001';
  end if;
  update public.quotes q set status = 'ENVIADA', updated_at = now() where q.id = p_quote_id returning * into v_quote;
  return v_quote;
end;
$$;

comment on function public.submit_quote(uuid) is
  'Representatives (own supplier) or buyers: EM_ANDAMENTO → ENVIADA; needs at least one priced item and the batch EM_COTACAO.';

create or replace function public.delete_quote(p_quote_id uuid)
returns void
language plpgsql volatile security definer set search_path = '' as $$
declare
  v_quote public.quotes;
begin
  if auth.uid() is null then
    raise exception 'Erro de autenticação. Por favor, faça login novamente.' using errcode = '42501';
  end if;
  select q.* into v_quote from public.quotes q
  where q.id = p_quote_id
    and (private.is_buyer() or (private.is_representative() and q.supplier_id = private.current_supplier_id()))
  for update;
  if not found then
    raise exception 'Cotação não encontrada' using errcode = 'PT404';
  end if;
  if v_quote.status <> 'EM_ANDAMENTO' then
    raise exception 'Apenas cotações em andamento podem ser excluídas' using errcode = 'P0001';
  end if;
  delete from public.quotes q where q.id = p_quote_id;
end;
$$;

comment on function public.delete_quote(uuid) is 'Deletes an EM_ANDAMENTO quote (and its items) of the caller''s supplier, or any for buyers.';

-- Spec §7: select_winning_quotes_native "returns success and error". A refusal
-- answered {success: false, error: '...'} but a success answered only
-- {success: true}, so a client reading `error` found no key. A success now
-- answers {success: true, error: null}. Everything else is unchanged: buyers
-- only, the batch row locked (select ... for update) before its status is
-- checked, only pairs of submitted (ENVIADA) quotes with a price accepted,
-- quotes VENCEDORA/PERDEDORA, batch and shortages COTACAO_FINALIZADA with
-- closed_at set.

create or replace function public.select_winning_quotes_native(p_batch_id uuid, p_quote_items jsonb)
returns jsonb
language plpgsql volatile security definer set search_path = '' as $$
declare
  v_batch public.quote_batches;
  v_pairs integer;
  v_valid integer;
  v_quote_ids uuid[];
  v_shortage_ids uuid[];
begin
  if auth.uid() is null or not private.is_buyer() then
    return jsonb_build_object('success', false, 'error', 'Sem permissão para selecionar vencedores');
  end if;
  select b.* into v_batch from public.quote_batches b where b.id = p_batch_id for update;
  if not found then
    return jsonb_build_object('success', false, 'error', 'Lote não encontrado');
  end if;
  if v_batch.status in ('COTACAO_FINALIZADA', 'PEDIDO_ENVIADO') then
    return jsonb_build_object('success', false, 'error', 'Os vencedores deste lote já foram selecionados');
  end if;
  if v_batch.status <> 'EM_COTACAO' then
    return jsonb_build_object('success', false, 'error', 'O lote precisa estar em cotação para selecionar vencedores');
  end if;
  if p_quote_items is null or jsonb_typeof(p_quote_items) <> 'array' or jsonb_array_length(p_quote_items) = 0 then
    return jsonb_build_object('success', false, 'error', 'Selecione ao menos um item vencedor');
  end if;

  begin
    select coalesce(array_agg(w.quote_id), '{}'), coalesce(array_agg(w.shortage_id), '{}')
    into v_quote_ids, v_shortage_ids
    from (
      select distinct (e ->> 'quote_id')::uuid as quote_id, (e ->> 'shortage_id')::uuid as shortage_id
      from jsonb_array_elements(p_quote_items) as e
    ) w;
  exception when invalid_text_representation then
    return jsonb_build_object('success', false, 'error', 'Item ou cotação inválidos para este lote');
  end;

  v_pairs := cardinality(v_quote_ids);
  if (select count(distinct u.s) from unnest(v_shortage_ids) as u(s)) <> v_pairs then
    return jsonb_build_object('success', false, 'error', 'Cada item pode ter apenas um vencedor');
  end if;
  select count(*) into v_valid
  from unnest(v_quote_ids, v_shortage_ids) as w(quote_id, shortage_id)
  join public.quotes q on q.id = w.quote_id and q.batch_id = p_batch_id and q.status = 'ENVIADA'
  join public.quote_items qi on qi.quote_id = w.quote_id and qi.shortage_id = w.shortage_id and qi.unit_price is not null;
  if v_valid <> v_pairs then
    return jsonb_build_object('success', false, 'error', 'Item ou cotação inválidos para este lote: escolha itens com preço de cotações enviadas');
  end if;

  -- Only the rows whose flag changes are written (is_winner is never null).
  update public.quote_items qi
  set is_winner = not qi.is_winner
  from public.quotes q
  where q.id = qi.quote_id and q.batch_id = p_batch_id
    and qi.is_winner is distinct from ((qi.quote_id, qi.shortage_id) in (
      select w.quote_id, w.shortage_id from unnest(v_quote_ids, v_shortage_ids) as w(quote_id, shortage_id)));

  update public.quotes q
  set status = case when q.id = any(v_quote_ids) then 'VENCEDORA' else 'PERDEDORA' end,
      selected = q.id = any(v_quote_ids)
  where q.batch_id = p_batch_id;

  update public.quote_batches b set status = 'COTACAO_FINALIZADA', closed_at = now() where b.id = p_batch_id;
  update public.shortages s set status = 'COTACAO_FINALIZADA' where s.batch_id = p_batch_id;
  return jsonb_build_object('success', true, 'error', null);
end;
$$;

create function public.delete_quote_batch(p_batch_id uuid)
returns void
language plpgsql volatile security definer set search_path = '' as $$
begin
  perform private.require_buyer();
  perform private.lock_batch(p_batch_id);
  if exists (select 1 from public.purchase_orders o where o.batch_id = p_batch_id) then
    raise exception 'Não é possível excluir um lote com pedidos de compra gerados' using errcode = 'P0001';
  end if;
  delete from public.quotes q where q.batch_id = p_batch_id;
  update public.shortages s set batch_id = null, status = 'PENDENTE' where s.batch_id = p_batch_id;
  delete from public.quote_batches b where b.id = p_batch_id;
end;
$$;

comment on function public.delete_quote_batch(uuid) is
  'Buyers: deletes a batch and all its quotes; its shortages return to PENDENTE. Refused once orders exist.';

create function public.generate_purchase_orders(p_batch_id uuid, p_delivery_date date default null)
returns setof public.purchase_orders
language plpgsql volatile security definer set search_path = '' as $$
declare
  v_batch public.quote_batches;
begin
  perform private.require_buyer();
  v_batch := private.lock_batch(p_batch_id);
  if v_batch.status = 'COTACAO_FINALIZADA' then
    perform private.create_orders(v_batch, p_delivery_date);
  elsif v_batch.status <> 'PEDIDO_ENVIADO' then
    raise exception 'Selecione os vencedores antes de gerar os pedidos' using errcode = 'P0001';
  end if;
  return query
    select o.* from public.purchase_orders o where o.batch_id = p_batch_id order by o.created_at, o.id;
end;
$$;

comment on function public.generate_purchase_orders(uuid, date) is
  'Buyers: one purchase order per winning supplier of a COTACAO_FINALIZADA batch (batch and shortages → PEDIDO_ENVIADO); idempotent.';

revoke execute on function
  private.require_buyer(),
  private.lock_batch(uuid),
  private.assign_shortages(public.quote_batches, uuid[]),
  private.create_orders(public.quote_batches, date)
from public, anon, authenticated;

revoke execute on function
  public.create_quote_batch(uuid, uuid[], text),
  public.add_shortages_to_batch(uuid, uuid[]),
  public.remove_shortage_from_batch(uuid, uuid),
  public.update_batch_quantities(uuid, integer),
  public.set_batch_status(uuid, text),
  public.get_or_create_quote(uuid),
  public.submit_quote(uuid),
  public.delete_quote(uuid),
  public.select_winning_quotes_native(uuid, jsonb),
  public.delete_quote_batch(uuid),
  public.generate_purchase_orders(uuid, date)
from public, anon;

grant execute on function
  public.create_quote_batch(uuid, uuid[], text),
  public.add_shortages_to_batch(uuid, uuid[]),
  public.remove_shortage_from_batch(uuid, uuid),
  public.update_batch_quantities(uuid, integer),
  public.set_batch_status(uuid, text),
  public.get_or_create_quote(uuid),
  public.submit_quote(uuid),
  public.delete_quote(uuid),
  public.select_winning_quotes_native(uuid, jsonb),
  public.delete_quote_batch(uuid),
  public.generate_purchase_orders(uuid, date)
to authenticated;

-- ===========================================================================
-- From create purchasing reports

create or replace function public.get_batch_comparison(p_batch_id uuid)
returns jsonb
language plpgsql stable security definer set search_path = '' as $$
declare
  v_result jsonb;
begin
  perform private.require_purchasing_reader();
  if not exists (select 1 from public.quote_batches b where b.id = p_batch_id) then
    raise exception 'Lote não encontrado' using errcode = 'PT404';
  end if;

  with quotes as (
    select q.id, q.supplier_id, sp.name as supplier_name, q.status, q.selected, q.created_at, q.updated_at,
           coalesce(pr.full_name, 'Usuário não identificado') as created_by_name
    from public.quotes q
    join public.suppliers sp on sp.id = q.supplier_id
    left join public.profiles pr on pr.id = q.created_by
    where q.batch_id = p_batch_id
  ),
  offers as (
    select qi.shortage_id, qi.quote_id, q.supplier_id, q.supplier_name, q.status as quote_status,
           qi.unit_price, qi.minimum_quantity, qi.is_winner, qi.wants_substitute, qi.substitute_product_name,
           qi.substitute_manufacturer, qi.has_bonus, qi.bonus_product_name, qi.bonus_manufacturer,
           qi.bonus_expiry_date, qi.bonus_quantity
    from public.quote_items qi
    join quotes q on q.id = qi.quote_id
  ),
  best as (
    select o.shortage_id, min(o.unit_price) as best_unit_price
    from offers o
    where o.unit_price is not null and o.quote_status <> 'EM_ANDAMENTO'
    group by o.shortage_id
  ),
  offers_by_item as (
    select o.shortage_id,
           json_agg(json_build_object(
             'quote_id', o.quote_id, 'unit_price', o.unit_price, 'minimum_quantity', o.minimum_quantity,
             'is_winner', o.is_winner, 'is_best', o.unit_price is not null and o.unit_price = b.best_unit_price
               and o.quote_status <> 'EM_ANDAMENTO',
             'wants_substitute', o.wants_substitute, 'substitute_product_name', o.substitute_product_name,
             'substitute_manufacturer', o.substitute_manufacturer, 'has_bonus', o.has_bonus,
             'bonus_product_name', o.bonus_product_name, 'bonus_manufacturer', o.bonus_manufacturer,
             'bonus_expiry_date', o.bonus_expiry_date, 'bonus_quantity', o.bonus_quantity
           ) order by o.supplier_name) as offers
    from offers o
    left join best b on b.shortage_id = o.shortage_id
    group by o.shortage_id
  )
  select json_build_object(
    'batch', (
      select json_build_object('id', b.id, 'name', b.name, 'status', b.status, 'unit_id', b.unit_id,
                                'unit_name', u.name, 'created_at', b.created_at, 'sent_at', b.sent_at,
                                'closed_at', b.closed_at)
      from public.quote_batches b left join public.store_units u on u.id = b.unit_id
      where b.id = p_batch_id
    ),
    'quotes', coalesce((
      select json_agg(json_build_object(
        'id', q.id, 'supplier_id', q.supplier_id, 'supplier_name', q.supplier_name, 'status', q.status,
        'selected', q.selected, 'created_at', q.created_at, 'updated_at', q.updated_at,
        'created_by_name', q.created_by_name,
        'priced_items', (select count(*) from offers o where o.quote_id = q.id and o.unit_price is not null)
      ) order by q.supplier_name)
      from quotes q
    ), '[]'::json),
    'items', coalesce((
      select json_agg(json_build_object(
        'shortage_id', s.id, 'product_id', p.id, 'product_name', p.name, 'barcode', p.barcode,
        'requested_quantity', s.requested_quantity, 'available_quantity', s.available_quantity,
        'unit_id', s.unit_id, 'unit_name', u.name, 'status', s.status, 'observation', s.observation,
        'best_unit_price', b.best_unit_price,
        'offers', coalesce(obi.offers, '[]'::json)
      ) order by p.name, s.id)
      from public.shortages s
      join public.products p on p.id = s.product_id
      left join public.store_units u on u.id = s.unit_id
      left join best b on b.shortage_id = s.id
      left join offers_by_item obi on obi.shortage_id = s.id
      where s.batch_id = p_batch_id
    ), '[]'::json)
  )::jsonb into v_result;
  return v_result;
end;
$$;

comment on function public.get_batch_comparison(uuid) is
  'Buyers: every shortage of a batch × every quote (prices, minimums, substitutes, bonuses, winners) with the best submitted price per item.';

create or replace function public.get_winning_items(p_from date default null, p_to date default null)
returns table (
  quote_item_id uuid,
  quote_id uuid,
  batch_id uuid,
  batch_name text,
  supplier_id uuid,
  supplier_name text,
  shortage_id uuid,
  product_id uuid,
  product_name text,
  barcode text,
  unit_name text,
  quantity integer,
  unit_price numeric,
  total numeric,
  won_at timestamptz
)
language plpgsql stable security definer set search_path = '' as $$
declare
  v_supplier_id uuid;
begin
  if auth.uid() is null then
    raise exception 'Erro de autenticação. Por favor, faça login novamente.' using errcode = '42501';
  end if;
  if private.can_read_purchasing() then
    v_supplier_id := null;
  elsif private.is_representative() then
    v_supplier_id := private.current_supplier_id();
  else
    raise exception 'Sem permissão para consultar itens vitoriosos' using errcode = '42501';
  end if;
  return query
    select qi.id, q.id, b.id, b.name, sp.id, sp.name, s.id, p.id, p.name, p.barcode, u.name,
           s.requested_quantity, qi.unit_price, round(s.requested_quantity * qi.unit_price, 2), b.closed_at
    from public.quote_items qi
    join public.quotes q on q.id = qi.quote_id
    join public.quote_batches b on b.id = q.batch_id
    join public.suppliers sp on sp.id = q.supplier_id
    join public.shortages s on s.id = qi.shortage_id
    join public.products p on p.id = s.product_id
    left join public.store_units u on u.id = s.unit_id
    where qi.is_winner
      and (v_supplier_id is null or q.supplier_id = v_supplier_id)
      and (p_from is null or (b.closed_at at time zone 'America/Sao_Paulo')::date >= p_from)
      and (p_to is null or (b.closed_at at time zone 'America/Sao_Paulo')::date <= p_to)
    order by b.closed_at desc nulls last, p.name, qi.id;
end;
$$;

comment on function public.get_winning_items(date, date) is
  'Won quote items (product, quantity, unit price, total, batch, date): own supplier for representatives, all for buyers.';

-- /itens-vitoriosos shows, for one period, the items won (get_winning_items,
-- filtered on the day the batch's winners were chosen: quote_batches.closed_at)
-- next to the suppliers' win rates (get_supplier_win_rates, filtered on the day
-- each quote was created). With two different dates the same period could list
-- a won item while the rates ignored its quote, or the reverse. The rates now
-- use the same date as the won items: a quote counts in the period when its
-- batch was closed in it (America/Sao_Paulo days). Without a period every
-- submitted or decided quote counts, as before; with one, only decided quotes
-- (batches whose winners were chosen in the period) can fall inside it.
-- Readers only (buyers, analysts with VIEW_REPORTS); same columns as before:
-- quotes sent/won/lost, quote win rate (won ÷ decided), items quoted (priced),
-- items won and value won.

create or replace function public.get_supplier_win_rates(p_from date default null, p_to date default null)
returns table (
  supplier_id uuid,
  supplier_name text,
  quotes_sent bigint,
  quotes_won bigint,
  quotes_lost bigint,
  win_rate numeric,
  items_quoted bigint,
  items_won bigint,
  value_won numeric
)
language plpgsql stable security definer set search_path = '' as $$
begin
  perform private.require_purchasing_reader();
  return query
    with q as (
      select q.* from public.quotes q
      join public.quote_batches b on b.id = q.batch_id
      where q.status <> 'EM_ANDAMENTO'
        and (p_from is null or (b.closed_at at time zone 'America/Sao_Paulo')::date >= p_from)
        and (p_to is null or (b.closed_at at time zone 'America/Sao_Paulo')::date <= p_to)
    ),
    items as (
      select q.supplier_id,
             count(*) filter (where qi.unit_price is not null) as quoted,
             count(*) filter (where qi.is_winner) as won,
             coalesce(sum(round(s.requested_quantity * qi.unit_price, 2)) filter (where qi.is_winner), 0) as value
      from q join public.quote_items qi on qi.quote_id = q.id
      join public.shortages s on s.id = qi.shortage_id
      group by q.supplier_id
    ),
    counts as (
      select q.supplier_id, count(*) as sent,
             count(*) filter (where q.status = 'VENCEDORA') as won,
             count(*) filter (where q.status = 'PERDEDORA') as lost
      from q group by q.supplier_id
    )
    select sp.id, sp.name, coalesce(c.sent, 0), coalesce(c.won, 0), coalesce(c.lost, 0),
           case when coalesce(c.won, 0) + coalesce(c.lost, 0) = 0 then null
                else round(c.won::numeric / (c.won + c.lost), 4) end,
           coalesce(i.quoted, 0), coalesce(i.won, 0), coalesce(i.value, 0)
    from public.suppliers sp
    left join counts c on c.supplier_id = sp.id
    left join items i on i.supplier_id = sp.id
    order by sp.name;
end;
$$;

revoke execute on function
  public.get_batch_comparison(uuid),
  public.get_winning_items(date, date),
  public.get_supplier_win_rates(date, date)
from public, anon;

grant execute on function
  public.get_batch_comparison(uuid),
  public.get_winning_items(date, date),
  public.get_supplier_win_rates(date, date)
to authenticated;

-- Live updates for the buyer's batch list and comparison, and the representative's
-- quote list (INSERT/UPDATE events honour RLS; screens never rely on DELETE events).
do $$
begin
  if exists (select 1 from pg_publication where pubname = 'supabase_realtime') then
    alter publication supabase_realtime add table public.quote_batches, public.quotes;
  end if;
end;
$$;

-- ===========================================================================
-- From create shortage in quote batch

-- Whether a shortage belongs to the batch of a quote. The quote-item trigger runs as
-- the caller (security invoker, so writes made by the security-definer RPCs are
-- trusted without per-row role lookups: 5,000 item rows of a 500 × 10 batch made
-- winner selection take seconds otherwise); this membership check reads across
-- tables the caller may not see, so it is a small security-definer helper.

create function private.shortage_in_quote_batch(p_quote_id uuid, p_shortage_id uuid)
returns boolean
language plpgsql stable security definer set search_path = '' as $$
begin
  return exists (
    select 1 from public.quotes q join public.shortages s on s.batch_id = q.batch_id
    where q.id = p_quote_id and s.id = p_shortage_id
  );
end;
$$;

comment on function private.shortage_in_quote_batch(uuid, uuid) is 'True when the shortage belongs to the batch of the quote.';

revoke execute on function private.shortage_in_quote_batch(uuid, uuid) from public, anon;

grant execute on function private.shortage_in_quote_batch(uuid, uuid) to authenticated, service_role;

reset check_function_bodies;
