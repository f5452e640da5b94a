-- Security review, finding P1: buyers bypassed every purchasing state rule with
-- plain table writes through the Data API:
--   * quote_batches.status set by hand (PEDIDO_ENVIADO without orders,
--     COTACAO_FINALIZADA without winners, back to ABERTO with quotes);
--   * quotes.status VENCEDORA / quote_items.is_winner without
--     select_winning_quotes_native, and submitted prices rewritten;
--   * purchase orders and their lines inserted or repriced by hand;
--   * a batch with quotes deleted without delete_quote_batch's lock;
--   * a shortage pulled out of a batch in quotation (batch_id = null) without
--     remove_shortage_from_batch's "cotação ativa" rule.
--
-- State changes belong to the security-definer purchasing RPCs. Inside them
-- current_user is the function owner, never a Data API role, so the guards
-- below only bind writes made directly by `authenticated` (and `anon`).
-- What the UI still does with plain writes keeps working: renaming a batch
-- (quote_batches.name), receiving an order (purchase_orders.status), and the
-- representative's edits of their own quote in progress (quote_items).

-- Batches: Data API callers create ABERTO batches and change only descriptive
-- columns; status, sent_at and closed_at move through the RPCs. A batch that
-- already has quotes or orders is deleted only by delete_quote_batch.
create function private.guard_quote_batch_state()
returns trigger
language plpgsql
security invoker
set search_path = ''
as $$
begin
  if current_user not in ('authenticated', 'anon') then
    return coalesce(new, old);
  end if;
  if tg_op = 'INSERT' then
    if new.status <> 'ABERTO' or new.sent_at is not null or new.closed_at is not null then
      raise exception 'O status do lote é definido pelas ações de compras' using errcode = '42501';
    end if;
    return new;
  end if;
  if tg_op = 'UPDATE' then
    if new.status is distinct from old.status
       or new.sent_at is distinct from old.sent_at
       or new.closed_at is distinct from old.closed_at then
      raise exception 'O status do lote é definido pelas ações de compras' using errcode = '42501';
    end if;
    new.created_by := old.created_by;
    new.created_at := old.created_at;
    return new;
  end if;
  -- DELETE
  if private.batch_has_quotes_or_orders(old.id) then
    raise exception 'Este lote possui cotações: exclua-o pela tela de compras' using errcode = '42501';
  end if;
  return old;
end;
$$;
comment on function private.guard_quote_batch_state() is
  'BEFORE INSERT/UPDATE/DELETE on quote_batches: Data API callers never set status/sent_at/closed_at nor delete a batch with quotes or orders.';

-- Security definer: quotes and orders may be hidden from the caller by RLS.
create function private.batch_has_quotes_or_orders(p_batch_id uuid)
returns boolean
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  return exists (select 1 from public.quotes q where q.batch_id = p_batch_id)
      or exists (select 1 from public.purchase_orders o where o.batch_id = p_batch_id);
end;
$$;
comment on function private.batch_has_quotes_or_orders(uuid) is 'True when the batch has any quote or purchase order.';

revoke all on function private.guard_quote_batch_state(), private.batch_has_quotes_or_orders(uuid) from public, anon;
grant execute on function private.guard_quote_batch_state(), private.batch_has_quotes_or_orders(uuid) to authenticated, service_role;

create trigger quote_batches_guard_state
  before insert or update or delete on public.quote_batches
  for each row execute function private.guard_quote_batch_state();

-- Quotes: only the RPCs are trusted. A Data API caller (representative or
-- buyer) opens a quote EM_ANDAMENTO and may only submit it (EM_ANDAMENTO →
-- ENVIADA, what submit_quote does); results and `selected` are the RPCs'.
create or replace function private.quotes_before_write()
returns trigger
language plpgsql
security invoker
set search_path = ''
as $$
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

-- Quote items: is_winner is set only by select_winning_quotes_native.
create or replace function private.quote_items_before_write()
returns trigger
language plpgsql
security invoker
set search_path = ''
as $$
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

-- Prices are the supplier's answer: only the representative edits the items
-- of their own quote while it is in progress (can_edit_quote). Buyers read
-- them; the RPCs (definer) create and remove items.
drop policy quote_items_insert on public.quote_items;
drop policy quote_items_update on public.quote_items;
drop policy quote_items_delete on public.quote_items;

create policy quote_items_insert on public.quote_items
  for insert to authenticated
  with check (private.can_edit_quote(quote_id));

create policy quote_items_update on public.quote_items
  for update to authenticated
  using (private.can_edit_quote(quote_id))
  with check (private.can_edit_quote(quote_id));

create policy quote_items_delete on public.quote_items
  for delete to authenticated
  using (private.can_edit_quote(quote_id));

-- Orders are generated by generate_purchase_orders / set_batch_status only.
-- The UI updates an order's status (receiving it); purchase_orders_before_write
-- already pins its identity and total, so UPDATE stays granted. Orders and
-- their lines are never inserted, repriced or deleted by hand.
revoke insert, delete on table public.purchase_orders from authenticated;
revoke insert, update, delete on table public.purchase_order_items from authenticated;

-- Shortages: batch membership and purchasing statuses are the RPCs' for every
-- Data API caller, buyers included (remove_shortage_from_batch refuses items in
-- an active quote, add_shortages_to_batch creates their quote lines). Buyers
-- keep editing quantities and the product of a shortage; counter staff stay
-- under the S1 rules.
create or replace function private.guard_shortage_purchasing_fields()
returns trigger
language plpgsql
security invoker
set search_path = ''
as $$
declare
  v_pipeline constant text[] := array['LOTE_CRIADO', 'EM_COTACAO', 'COTACAO_FINALIZADA', 'PEDIDO_ENVIADO'];
  v_buyer boolean;
begin
  if current_user not in ('authenticated', 'anon') then
    return new;
  end if;
  v_buyer := private.is_buyer();
  if tg_op = 'INSERT' then
    if new.batch_id is not null then
      raise exception 'Apenas o setor de compras pode incluir faltas em um lote' using errcode = '42501';
    end if;
    if new.status = any (v_pipeline) then
      raise exception 'Este status é definido pelo setor de compras' using errcode = '42501';
    end if;
    return new;
  end if;
  if new.batch_id is distinct from old.batch_id then
    raise exception 'Apenas o setor de compras pode incluir ou retirar faltas de um lote' using errcode = '42501';
  end if;
  if old.batch_id is not null then
    if not v_buyer and (
         new.product_id is distinct from old.product_id
         or new.unit_id is distinct from old.unit_id
         or new.requested_quantity is distinct from old.requested_quantity) then
      raise exception 'Esta falta está em um lote de compras e não pode mais ser alterada' using errcode = '42501';
    end if;
    if new.status is distinct from old.status
       and not (old.status = 'PEDIDO_ENVIADO' and new.status = 'ENTREGUE') then
      raise exception 'Este status é definido pelo setor de compras' using errcode = '42501';
    end if;
  elsif new.status is distinct from old.status and new.status = any (v_pipeline) then
    raise exception 'Este status é definido pelo setor de compras' using errcode = '42501';
  end if;
  return new;
end;
$$;
comment on function private.guard_shortage_purchasing_fields() is
  'BEFORE INSERT/UPDATE on shortages: only definer RPCs set batch_id and purchasing statuses; non-buyers cannot change a batched shortage''s product, unit and quantity.';

-- assign_shortage_to_batch ran as the caller and wrote batch_id directly; it
-- now runs as definer with the rules of add_shortages_to_batch (buyers only,
-- batch locked and still open, shortage pending, quote lines created).
create or replace function public.assign_shortage_to_batch(shortage_id uuid, batch_id uuid)
returns public.shortages
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_batch public.quote_batches;
  v_shortage public.shortages;
begin
  if auth.uid() is null or not private.is_buyer() then
    -- Non-buyers manage no batch: the same answer as a missing one.
    raise exception 'Lote não encontrado' using errcode = 'P0002';
  end if;
  v_batch := private.lock_batch(assign_shortage_to_batch.batch_id);
  select s.* into v_shortage from public.shortages s where s.id = assign_shortage_to_batch.shortage_id for update;
  if not found then
    raise exception 'Falta não encontrada' using errcode = 'P0002';
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
comment on function public.assign_shortage_to_batch(uuid, uuid) is
  'Buyers: adds a pending shortage to an ABERTO/EM_COTACAO batch (LOTE_CRIADO, or EM_COTACAO with quote lines); idempotent for the same batch.';
revoke all on function public.assign_shortage_to_batch(uuid, uuid) from public, anon;
grant execute on function public.assign_shortage_to_batch(uuid, uuid) to authenticated, service_role;
