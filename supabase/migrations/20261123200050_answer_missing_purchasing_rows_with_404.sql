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
    raise exception 'Lote não encontrado' using errcode = 'PT404';
  end if;
  return v_batch;
end;
$$;

create or replace function public.remove_shortage_from_batch(p_shortage_id uuid, p_batch_id uuid)
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

create or replace function public.get_or_create_quote(p_batch_id uuid)
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

create or replace function public.submit_quote(p_quote_id uuid)
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

create or replace function public.delete_quote(p_quote_id uuid)
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
    raise exception 'Cotação não encontrada' using errcode = 'PT404';
  end if;
  if v_quote.status <> 'EM_ANDAMENTO' then
    raise exception 'Apenas cotações em andamento podem ser excluídas' using errcode = 'P0001';
  end if;
  delete from public.quotes q where q.id = p_quote_id;
end;
$$;

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

create or replace function public.get_batch_comparison(p_batch_id uuid)
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
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

comment on function private.lock_batch(uuid) is 'SELECT ... FOR UPDATE of a batch; raises ''Lote não encontrado'' (PT404, HTTP 404).';
