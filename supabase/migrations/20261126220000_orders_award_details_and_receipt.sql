-- Issue 22, items 3 and 6: purchase orders say what won, and order and shortage statuses agree.
--
-- Item 3. An order line carried only the shortage, the quantity and the price: a substitute
-- that won (another product offered in place of the one asked for), the bonus units and the
-- supplier's minimum quantity stayed behind on the quote, so the printout and the clerk's
-- screen named a product the supplier was not going to deliver. Each line now copies from
-- its winning quote item what was awarded: the substitute (name, manufacturer), the bonus
-- (quantity, product, manufacturer, expiry), the supplier's minimum and the need it was
-- generated for. A line whose need is below the supplier's minimum is ordered at the need
-- unless the buyer chose, for that line, to raise it to the minimum (the generate dialog
-- lists such lines first; generate_purchase_orders takes the choice as p_raise_to_minimum).
-- generate_purchase_orders also takes a client request id: a retried request with the same
-- id returns the first result and applies nothing again.
--
-- Item 6. Receiving an order moved every shortage of every unit to ENTREGUE: the buyer's
-- 'Recebido' confirmed deliveries on behalf of stores that had not seen the goods, and a
-- clerk's 'Entregue' never reached the order. Now each line is confirmed by the unit that
-- receives it:
--   * a clerk (or anyone working in the shortage's unit) marks the shortage ENTREGUE: the
--     order line records who confirmed and when; when every line's shortage is ENTREGUE the
--     order reads RECEBIDO;
--   * the buyer's 'Recebido' (receive_purchase_order) confirms only the lines of the units
--     the buyer works in, and asks the other units for theirs (receipt_requested_at/by on
--     the line; the clerk sees the request with the order); the order stays SOLICITADO until
--     the last unit confirms;
--   * nobody marks another unit's shortage ENTREGUE (refused, 42501), and an order is never
--     set RECEBIDO by hand (the status column is no longer updatable through the API).
-- No status name is added: orders stay SOLICITADO → RECEBIDO and shortages PEDIDO_ENVIADO →
-- ENTREGUE; "awaiting the unit's confirmation" is a fact of the line, not a status.

-- ---------------------------------------------------------------------------
-- 1. What an order line carries

alter table public.purchase_order_items
  add column quote_item_id uuid references public.quote_items (id) on delete set null,
  add column requested_quantity integer
    constraint purchase_order_items_requested_quantity_check check (requested_quantity > 0),
  add column minimum_quantity integer
    constraint purchase_order_items_minimum_quantity_check check (minimum_quantity >= 0),
  add column raised_to_minimum boolean not null default false,
  add column substitute_product_name text,
  add column substitute_manufacturer text,
  add column bonus_quantity integer not null default 0
    constraint purchase_order_items_bonus_quantity_check check (bonus_quantity >= 0),
  add column bonus_product_name text,
  add column bonus_manufacturer text,
  add column bonus_expiry_date date,
  add column received_at timestamptz,
  add column received_by uuid references auth.users (id) on delete set null,
  add column received_by_name text,
  add column receipt_requested_at timestamptz,
  add column receipt_requested_by uuid references auth.users (id) on delete set null,
  add constraint purchase_order_items_received_check check ((received_at is null) = (received_by_name is null));

comment on column public.purchase_order_items.quote_item_id is 'The winning quote item this line was generated from.';
comment on column public.purchase_order_items.requested_quantity is 'The shortage''s need when the order was generated (quantity may be raised to the supplier''s minimum).';
comment on column public.purchase_order_items.minimum_quantity is 'The supplier''s minimum quantity for this item, from the winning quote (null or 0: none).';
comment on column public.purchase_order_items.raised_to_minimum is 'True when the buyer chose to order the supplier''s minimum instead of the (smaller) need.';
comment on column public.purchase_order_items.substitute_product_name is 'The product actually bought when the winning offer was a substitute; null: the product asked for.';
comment on column public.purchase_order_items.bonus_quantity is 'Bonus units (bonificação) the winning offer gives with this line; 0 when none.';
comment on column public.purchase_order_items.received_at is 'When the receiving unit confirmed the delivery of this line (its shortage became ENTREGUE).';
comment on column public.purchase_order_items.received_by is 'Who confirmed the delivery of this line (a person working in the shortage''s unit).';
comment on column public.purchase_order_items.received_by_name is 'The confirmer''s name at the time of the confirmation (evidence; survives renames).';
comment on column public.purchase_order_items.receipt_requested_at is 'When the buyer marked the order received and asked this line''s unit to confirm its delivery.';
comment on column public.purchase_order_items.receipt_requested_by is 'The buyer who asked the unit to confirm.';

comment on table public.purchase_order_items is
  'Line of a purchase order: the winning offer (price, substitute, bonus, supplier minimum) for one shortage, and the receiving unit''s confirmation.';

create index purchase_order_items_quote_item_id_idx on public.purchase_order_items (quote_item_id);
create index purchase_order_items_received_by_idx on public.purchase_order_items (received_by);
create index purchase_order_items_receipt_requested_by_idx on public.purchase_order_items (receipt_requested_by);

alter table public.purchase_orders add column received_at timestamptz;

comment on column public.purchase_orders.received_at is 'When the last line''s unit confirmed its delivery (the order became RECEBIDO).';

-- Lines generated before this migration: the award they came from.
update public.purchase_order_items oi
set quote_item_id = qi.id,
    requested_quantity = oi.quantity,
    minimum_quantity = qi.minimum_quantity,
    substitute_product_name = case when qi.wants_substitute then nullif(btrim(qi.substitute_product_name), '') end,
    substitute_manufacturer = case when qi.wants_substitute then nullif(btrim(qi.substitute_manufacturer), '') end,
    bonus_quantity = case when qi.has_bonus then qi.bonus_quantity else 0 end,
    bonus_product_name = case when qi.has_bonus then nullif(btrim(qi.bonus_product_name), '') end,
    bonus_manufacturer = case when qi.has_bonus then nullif(btrim(qi.bonus_manufacturer), '') end,
    bonus_expiry_date = case when qi.has_bonus then qi.bonus_expiry_date end
from public.purchase_orders o, public.quotes q, public.quote_items qi
where o.id = oi.order_id and q.batch_id = o.batch_id and q.supplier_id = o.supplier_id
  and qi.quote_id = q.id and qi.shortage_id = oi.shortage_id and qi.is_winner;

update public.purchase_order_items oi set requested_quantity = oi.quantity where oi.requested_quantity is null;

-- Orders received before: who confirmed is not known.
update public.purchase_order_items oi
set received_at = o.updated_at, received_by_name = 'Não registrado'
from public.purchase_orders o
where o.id = oi.order_id and o.status = 'RECEBIDO' and oi.received_at is null;

update public.purchase_orders o set received_at = o.updated_at where o.status = 'RECEBIDO' and o.received_at is null;

alter table public.purchase_order_items alter column requested_quantity set not null;

-- Lines written without the need (a seed, a service-role script) take it from the quantity.
create function private.purchase_order_items_default_need()
returns trigger
language plpgsql set search_path = '' as $$
begin
  new.requested_quantity := coalesce(new.requested_quantity, new.quantity);
  return new;
end;
$$;

comment on function private.purchase_order_items_default_need() is
  'BEFORE INSERT on purchase_order_items: requested_quantity defaults to the quantity ordered.';

revoke all on function private.purchase_order_items_default_need() from public, anon, authenticated;

create trigger purchase_order_items_default_need
  before insert on public.purchase_order_items
  for each row execute function private.purchase_order_items_default_need();

-- ---------------------------------------------------------------------------
-- 2. Generating orders

-- The winning lines of a batch whose need is below the supplier's minimum.
create function private.lines_below_minimum(p_batch_id uuid)
returns table (shortage_id uuid, requested_quantity integer, minimum_quantity integer)
language sql stable security definer set search_path = '' as $$
  select s.id, s.requested_quantity, qi.minimum_quantity
  from public.quotes q
  join public.quote_items qi on qi.quote_id = q.id and qi.is_winner and qi.unit_price is not null
  join public.shortages s on s.id = qi.shortage_id
  where q.batch_id = p_batch_id and qi.minimum_quantity > s.requested_quantity
$$;

comment on function private.lines_below_minimum(uuid) is 'Winning lines of a batch whose need is below the supplier''s minimum quantity.';

create function private.create_orders(p_batch public.quote_batches, p_delivery_date date, p_raise_to_minimum uuid[])
returns void
language plpgsql volatile security definer set search_path = '' as $$
declare
  v_raise uuid[] := coalesce(p_raise_to_minimum, '{}');
begin
  if not exists (
    select 1 from public.quote_items qi join public.quotes q on q.id = qi.quote_id
    where q.batch_id = p_batch.id and qi.is_winner and qi.unit_price is not null
  ) then
    raise exception 'Nenhum item vencedor neste lote para gerar pedidos' using errcode = 'P0001';
  end if;
  if exists (
    select 1 from unnest(v_raise) as r(id)
    where r.id is null or r.id not in (select l.shortage_id from private.lines_below_minimum(p_batch.id) l)
  ) then
    raise exception 'Só é possível elevar à quantidade mínima um item vencedor deste lote cuja necessidade está abaixo do mínimo do fornecedor'
      using errcode = 'P0001';
  end if;

  insert into public.purchase_orders (batch_id, supplier_id, delivery_date, created_by)
  select distinct p_batch.id, q.supplier_id, p_delivery_date, auth.uid()
  from public.quotes q join public.quote_items qi on qi.quote_id = q.id
  where q.batch_id = p_batch.id and qi.is_winner and qi.unit_price is not null
  on conflict (batch_id, supplier_id) do nothing;

  insert into public.purchase_order_items (
    order_id, shortage_id, quantity, unit_price, quote_item_id, requested_quantity, minimum_quantity, raised_to_minimum,
    substitute_product_name, substitute_manufacturer,
    bonus_quantity, bonus_product_name, bonus_manufacturer, bonus_expiry_date)
  select o.id, s.id,
         case when s.id = any(v_raise) then qi.minimum_quantity else s.requested_quantity end,
         qi.unit_price, qi.id, s.requested_quantity, qi.minimum_quantity, s.id = any(v_raise),
         case when qi.wants_substitute then nullif(btrim(qi.substitute_product_name), '') end,
         case when qi.wants_substitute then nullif(btrim(qi.substitute_manufacturer), '') end,
         case when qi.has_bonus then qi.bonus_quantity else 0 end,
         case when qi.has_bonus then nullif(btrim(qi.bonus_product_name), '') end,
         case when qi.has_bonus then nullif(btrim(qi.bonus_manufacturer), '') end,
         case when qi.has_bonus then qi.bonus_expiry_date end
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

comment on function private.create_orders(public.quote_batches, date, uuid[]) is
  'One purchase order per winning supplier, each line with the awarded offer (substitute, bonus, supplier minimum); lines in p_raise_to_minimum are ordered at the minimum. Batch and ordered shortages → PEDIDO_ENVIADO, shortages without an order line back to PENDENTE without batch.';

-- set_batch_status (COTACAO_FINALIZADA → PEDIDO_ENVIADO) keeps calling the two-argument form:
-- every line is ordered at its need.
create or replace function private.create_orders(p_batch public.quote_batches, p_delivery_date date)
returns void
language plpgsql volatile security definer set search_path = '' as $$
begin
  perform private.create_orders(p_batch, p_delivery_date, null);
end;
$$;

comment on function private.create_orders(public.quote_batches, date) is
  'create_orders with every line ordered at its need (no line raised to the supplier''s minimum).';

drop function public.generate_purchase_orders(uuid, date);

create function public.generate_purchase_orders(
  p_batch_id uuid,
  p_delivery_date date default null,
  p_raise_to_minimum uuid[] default null,
  p_request_id uuid default null
)
returns setof public.purchase_orders
language plpgsql volatile security definer set search_path = '' as $$
declare
  v_batch public.quote_batches;
  v_replay record;
  v_order_ids uuid[];
begin
  perform private.require_buyer();
  -- A retried request (the same caller's p_request_id) returns the first call's orders and applies
  -- nothing again, whatever it asks now (the shared request log of the create RPCs).
  select * into v_replay from private.request_replay(p_request_id, 'generate_purchase_orders');
  if v_replay.replayed then
    if v_replay.result ->> 'batch_id' is distinct from p_batch_id::text then
      raise exception 'Esta solicitação já foi usada para outro pedido. Recarregue a página e tente novamente.'
        using errcode = 'P0001';
    end if;
    return query
      select o.* from public.purchase_orders o
      where o.id in (select (jsonb_array_elements_text(v_replay.result -> 'order_ids'))::uuid)
      order by o.created_at, o.id;
    return;
  end if;

  v_batch := private.lock_batch(p_batch_id);
  if v_batch.status = 'COTACAO_FINALIZADA' then
    perform private.create_orders(v_batch, p_delivery_date, p_raise_to_minimum);
  elsif v_batch.status <> 'PEDIDO_ENVIADO' then
    raise exception 'Selecione os vencedores antes de gerar os pedidos' using errcode = 'P0001';
  end if;
  select coalesce(array_agg(o.id order by o.created_at, o.id), '{}') into v_order_ids
  from public.purchase_orders o where o.batch_id = p_batch_id;
  perform private.request_record(p_request_id, jsonb_build_object('batch_id', p_batch_id, 'order_ids', to_jsonb(v_order_ids)));
  return query
    select o.* from public.purchase_orders o where o.id = any(v_order_ids) order by o.created_at, o.id;
end;
$$;

comment on function public.generate_purchase_orders(uuid, date, uuid[], uuid) is
  'Buyers: one purchase order per winning supplier of a COTACAO_FINALIZADA batch (batch and shortages → PEDIDO_ENVIADO), lines with the awarded substitute, bonus and supplier minimum; p_raise_to_minimum lists the lines below the minimum to order at the minimum (others keep their need); a repeated p_request_id returns the first result; idempotent per batch.';

revoke execute on function
  private.lines_below_minimum(uuid),
  private.create_orders(public.quote_batches, date, uuid[])
from public, anon, authenticated;

revoke execute on function public.generate_purchase_orders(uuid, date, uuid[], uuid) from public, anon;

grant execute on function public.generate_purchase_orders(uuid, date, uuid[], uuid) to authenticated;

-- ---------------------------------------------------------------------------
-- 3. Receiving, unit by unit

-- Whether the caller works in a unit (their current unit or one assigned to them): the people
-- who can say the goods arrived there. Administrators are no exception.
create function private.works_in_unit(p_unit_id uuid)
returns boolean
language sql stable security definer set search_path = '' as $$
  select p_unit_id is not null and private.has_access() and (
    p_unit_id = private.current_unit_id()
    or exists (select 1 from public.user_units uu where uu.user_id = auth.uid() and uu.unit_id = p_unit_id));
$$;

comment on function private.works_in_unit(uuid) is
  'True when the caller (an active account with access) works in the unit: their current unit or one assigned in user_units.';

revoke all on function private.works_in_unit(uuid) from public, anon;

grant execute on function private.works_in_unit(uuid) to authenticated, service_role;

-- A direct update PEDIDO_ENVIADO → ENTREGUE is the receiving unit's confirmation.
create function private.shortages_guard_delivery()
returns trigger
language plpgsql set search_path = '' as $$
begin
  if current_user in ('authenticated', 'anon')
     and old.status = 'PEDIDO_ENVIADO' and new.status = 'ENTREGUE'
     and not private.works_in_unit(old.unit_id) then
    raise exception 'Apenas quem trabalha na unidade que recebe pode confirmar a entrega desta falta'
      using errcode = '42501';
  end if;
  return new;
end;
$$;

comment on function private.shortages_guard_delivery() is
  'BEFORE UPDATE OF status on shortages: only someone working in the shortage''s unit confirms its delivery (PEDIDO_ENVIADO → ENTREGUE).';

revoke all on function private.shortages_guard_delivery() from public;

grant execute on function private.shortages_guard_delivery() to authenticated, service_role;

create trigger shortages_guard_delivery
  before update of status on public.shortages
  for each row execute function private.shortages_guard_delivery();

-- The confirmation reaches the order: the line records who confirmed, and the order reads
-- RECEBIDO once every line's shortage is ENTREGUE.
create function private.shortages_after_delivery()
returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  v_name text;
begin
  if not (old.status is distinct from 'ENTREGUE' and new.status = 'ENTREGUE') then
    return null;
  end if;
  select coalesce(nullif(btrim(p.full_name), ''), 'Usuário não identificado') into v_name
  from public.profiles p where p.id = auth.uid();
  update public.purchase_order_items oi
  set received_at = now(), received_by = auth.uid(),
      received_by_name = coalesce(v_name, case when auth.uid() is null then 'Sistema' else 'Usuário não identificado' end)
  where oi.shortage_id = new.id and oi.received_at is null;
  update public.purchase_orders o
  set status = 'RECEBIDO', received_at = now()
  where o.status = 'SOLICITADO'
    and o.id in (select oi.order_id from public.purchase_order_items oi where oi.shortage_id = new.id)
    and not exists (
      select 1 from public.purchase_order_items oi join public.shortages s on s.id = oi.shortage_id
      where oi.order_id = o.id and s.status <> 'ENTREGUE');
  return null;
end;
$$;

comment on function private.shortages_after_delivery() is
  'AFTER UPDATE OF status on shortages: ENTREGUE records the confirmer on the order line; the order becomes RECEBIDO when all its lines are delivered.';

revoke all on function private.shortages_after_delivery() from public, anon;

create trigger shortages_after_delivery
  after update of status on public.shortages
  for each row execute function private.shortages_after_delivery();

-- An order becomes RECEBIDO only when every line's unit has confirmed; it no longer delivers
-- other units' shortages on their behalf.
create or replace function private.purchase_orders_after_update()
returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  if new.status = 'RECEBIDO' and old.status is distinct from 'RECEBIDO' and exists (
    select 1 from public.purchase_order_items oi join public.shortages s on s.id = oi.shortage_id
    where oi.order_id = new.id and s.status <> 'ENTREGUE'
  ) then
    raise exception 'O pedido só fica recebido quando cada unidade confirma a entrega dos seus itens'
      using errcode = 'P0001';
  end if;
  return null;
end;
$$;

comment on function private.purchase_orders_after_update() is
  'AFTER UPDATE on purchase_orders: RECEBIDO is refused while a line''s shortage is not ENTREGUE (each unit confirms its own delivery).';

-- The buyer marks an order received: what arrived in the buyer's own units is confirmed, the
-- other units are asked to confirm theirs.
create function public.receive_purchase_order(p_order_id uuid)
returns jsonb
language plpgsql volatile security definer set search_path = '' as $$
declare
  v_order public.purchase_orders;
  v_confirmed integer := 0;
  v_requested integer := 0;
begin
  perform private.require_buyer();
  select o.* into v_order from public.purchase_orders o where o.id = p_order_id for update;
  if not found then
    raise exception 'Pedido não encontrado' using errcode = 'PT404';
  end if;
  if v_order.status = 'SOLICITADO' then
    update public.shortages s set status = 'ENTREGUE'
    from public.purchase_order_items oi
    where oi.order_id = p_order_id and s.id = oi.shortage_id
      and s.status = 'PEDIDO_ENVIADO' and private.works_in_unit(s.unit_id);
    get diagnostics v_confirmed = row_count;
    update public.purchase_order_items oi
    set receipt_requested_at = now(), receipt_requested_by = auth.uid()
    from public.shortages s
    where oi.order_id = p_order_id and s.id = oi.shortage_id
      and oi.received_at is null and oi.receipt_requested_at is null and s.status <> 'ENTREGUE';
    get diagnostics v_requested = row_count;
    select o.* into v_order from public.purchase_orders o where o.id = p_order_id;
  end if;
  return jsonb_build_object(
    'status', v_order.status,
    'confirmed', v_confirmed,
    'requested', v_requested,
    'awaiting_units', coalesce((
      select jsonb_agg(distinct u.name order by u.name)
      from public.purchase_order_items oi
      join public.shortages s on s.id = oi.shortage_id
      join public.store_units u on u.id = s.unit_id
      where oi.order_id = p_order_id and oi.received_at is null), '[]'::jsonb));
end;
$$;

comment on function public.receive_purchase_order(uuid) is
  'Buyers: marks an order received. Lines of the units the buyer works in are confirmed (shortages ENTREGUE, the buyer recorded); the other units are asked to confirm theirs. The order reads RECEBIDO once every line is confirmed. Returns {status, confirmed, requested, awaiting_units}.';

revoke execute on function public.receive_purchase_order(uuid) from public, anon;

grant execute on function public.receive_purchase_order(uuid) to authenticated;

-- The order's status follows its lines; through the API only the delivery date is edited.
revoke update on table public.purchase_orders from authenticated;

grant update (delivery_date) on table public.purchase_orders to authenticated;

-- ---------------------------------------------------------------------------
-- 4. What the clerk sees: the order behind a shortage of their unit

create function public.get_shortage_order(p_shortage_id uuid)
returns table (
  order_id uuid,
  order_status text,
  supplier_name text,
  delivery_date date,
  ordered_at timestamptz,
  product_name text,
  substitute_product_name text,
  substitute_manufacturer text,
  quantity integer,
  requested_quantity integer,
  minimum_quantity integer,
  raised_to_minimum boolean,
  bonus_quantity integer,
  bonus_product_name text,
  bonus_manufacturer text,
  bonus_expiry_date date,
  received_at timestamptz,
  received_by_name text,
  receipt_requested_at timestamptz
)
language sql stable security definer set search_path = '' as $$
  select o.id, o.status, sp.name, o.delivery_date, o.created_at, p.name,
         oi.substitute_product_name, oi.substitute_manufacturer,
         oi.quantity, oi.requested_quantity, oi.minimum_quantity, oi.raised_to_minimum,
         oi.bonus_quantity, oi.bonus_product_name, oi.bonus_manufacturer, oi.bonus_expiry_date,
         oi.received_at, oi.received_by_name, oi.receipt_requested_at
  from public.shortages s
  join public.purchase_order_items oi on oi.shortage_id = s.id
  join public.purchase_orders o on o.id = oi.order_id
  join public.suppliers sp on sp.id = o.supplier_id
  join public.products p on p.id = s.product_id
  where s.id = p_shortage_id
    and auth.uid() is not null
    and (private.works_in_unit(s.unit_id) or private.is_admin() or private.can_read_purchasing())
  order by o.created_at desc
$$;

comment on function public.get_shortage_order(uuid) is
  'The order behind a shortage, for whoever works in its unit (and purchasing readers): supplier, product actually bought (substitute), quantity, supplier minimum, bonus, delivery date and the receipt (who confirmed, or that the buyer asked the unit to confirm). No prices.';

revoke execute on function public.get_shortage_order(uuid) from public, anon;

grant execute on function public.get_shortage_order(uuid) to authenticated;
