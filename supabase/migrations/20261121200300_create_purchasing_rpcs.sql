-- Purchasing cycle, part 4: the RPCs that move batches, quotes and orders
-- through their states. Each one is security definer (it touches rows of
-- several tables the caller may not see), checks the caller's role itself,
-- locks the batch row before any batch state change (select ... for update;
-- for share where it only needs the batch to stay put), and raises P0001 with
-- the spec's Portuguese messages. Unique constraints remain the final arbiters.

create function private.require_buyer()
returns void
language plpgsql
stable
security definer
set search_path = ''
as $$
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

-- Locks a batch (for update) and returns it; raises P0002 when missing.
create function private.lock_batch(p_batch_id uuid)
returns public.quote_batches
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_batch public.quote_batches;
begin
  select b.* into v_batch from public.quote_batches b where b.id = p_batch_id for update;
  if not found then
    raise exception 'Lote não encontrado' using errcode = 'P0002';
  end if;
  return v_batch;
end;
$$;
comment on function private.lock_batch(uuid) is 'SELECT ... FOR UPDATE of a batch; raises ''Lote não encontrado'' (P0002).';

-- Assigns shortages to a locked batch: each must exist, have no batch and be
-- PENDENTE. Returns {added, total, errors: [{shortage_id, message}]}.
-- New items of a batch already in quotation join it as EM_COTACAO and get an
-- empty line in every quote still in progress.
create function private.assign_shortages(p_batch public.quote_batches, p_shortage_ids uuid[])
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
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
language plpgsql
volatile
security definer
set search_path = ''
as $$
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
language plpgsql
volatile
security definer
set search_path = ''
as $$
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

create function public.remove_shortage_from_batch(p_shortage_id uuid, p_batch_id uuid)
returns void
language plpgsql
volatile
security definer
set search_path = ''
as $$
begin
  perform private.require_buyer();
  perform private.lock_batch(p_batch_id);
  perform 1 from public.shortages s where s.id = p_shortage_id and s.batch_id = p_batch_id for update;
  if not found then
    raise exception 'Item não encontrado neste lote' using errcode = 'P0002';
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
language plpgsql
volatile
security definer
set search_path = ''
as $$
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

-- Orders for every winning supplier of a locked COTACAO_FINALIZADA batch.
create function private.create_orders(p_batch public.quote_batches, p_delivery_date date)
returns void
language plpgsql
volatile
security definer
set search_path = ''
as $$
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
  update public.shortages s set status = 'PEDIDO_ENVIADO'
  where s.batch_id = p_batch.id and s.status <> 'ENTREGUE';
end;
$$;
comment on function private.create_orders(public.quote_batches, date) is 'One purchase order per winning supplier; batch and shortages → PEDIDO_ENVIADO.';

create function public.set_batch_status(p_batch_id uuid, p_status text)
returns public.quote_batches
language plpgsql
volatile
security definer
set search_path = ''
as $$
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

create function public.get_or_create_quote(p_batch_id uuid)
returns public.quotes
language plpgsql
volatile
security definer
set search_path = ''
as $$
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
    raise exception 'Lote não encontrado' using errcode = 'P0002';
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

create function public.submit_quote(p_quote_id uuid)
returns public.quotes
language plpgsql
volatile
security definer
set search_path = ''
as $$
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
    raise exception 'Cotação não encontrada' using errcode = 'P0002';
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

create function public.delete_quote(p_quote_id uuid)
returns void
language plpgsql
volatile
security definer
set search_path = ''
as $$
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
    raise exception 'Cotação não encontrada' using errcode = 'P0002';
  end if;
  if v_quote.status <> 'EM_ANDAMENTO' then
    raise exception 'Apenas cotações em andamento podem ser excluídas' using errcode = 'P0001';
  end if;
  delete from public.quotes q where q.id = p_quote_id;
end;
$$;
comment on function public.delete_quote(uuid) is 'Deletes an EM_ANDAMENTO quote (and its items) of the caller''s supplier, or any for buyers.';

create function public.select_winning_quotes_native(p_batch_id uuid, p_quote_items jsonb)
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
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
  return jsonb_build_object('success', true);
end;
$$;
comment on function public.select_winning_quotes_native(uuid, jsonb) is
  'Buyers: marks the listed (quote_id, shortage_id) pairs as winners, quotes VENCEDORA/PERDEDORA, batch and shortages COTACAO_FINALIZADA; {success, error}.';

create function public.delete_quote_batch(p_batch_id uuid)
returns void
language plpgsql
volatile
security definer
set search_path = ''
as $$
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
language plpgsql
volatile
security definer
set search_path = ''
as $$
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
