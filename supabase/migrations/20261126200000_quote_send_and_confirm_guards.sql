-- Issue 22, items 1 and 4: the database, not the screen, decides that a quote is
-- sent with the prices the representative sees, and that winners are confirmed
-- against the figures the buyer saw.
--
-- 1. submit_quote(p_quote_id, p_expected_items default null). The editor sends,
--    with the quote, every item as it shows it ({shortage_id, unit_price,
--    minimum_quantity}). When given, the send is refused, naming the products,
--    if any item the database holds differs from what the screen shows (a price
--    typed whose save never arrived, or one changed in another window): the
--    count 'X de Y item(ns) têm preço' and what is stored cannot differ. A call
--    without the list behaves as before (at least one priced item).
--
-- 2. private.batch_quote_version(batch): a checksum (md5) over what an award is
--    decided on: the batch status, every quote's id, status and updated_at, and
--    the price, minimum, substitute and bonus of every item of every submitted
--    quote (drafts are not offers and change while the representative types),
--    plus each item's requested quantity. get_batch_comparison answers it as
--    `version`; select_winning_quotes_native(p_batch_id, p_quote_items,
--    p_version default null) refuses, awarding nothing, when a given version
--    differs from the batch's state at the moment of the award (the batch row is
--    locked first, so no quote can be submitted in between). Spec §7 names the
--    RPC with {p_batch_id, p_quote_items}: that call still works.

create function private.batch_quote_version(p_batch_id uuid)
returns text
language sql stable security definer set search_path = '' as $$
  select md5(concat_ws('|',
    (select b.status from public.quote_batches b where b.id = p_batch_id),
    (select string_agg(concat_ws(',', q.id, q.status, q.updated_at), ';' order by q.id)
       from public.quotes q where q.batch_id = p_batch_id),
    (select string_agg(concat_ws(',', qi.quote_id, qi.shortage_id, qi.unit_price, qi.minimum_quantity,
                                 qi.wants_substitute, qi.substitute_product_name, qi.substitute_manufacturer,
                                 qi.has_bonus, qi.bonus_product_name, qi.bonus_manufacturer,
                                 qi.bonus_expiry_date, qi.bonus_quantity, qi.updated_at),
                       ';' order by qi.quote_id, qi.shortage_id)
       from public.quote_items qi join public.quotes q on q.id = qi.quote_id
       where q.batch_id = p_batch_id and q.status <> 'EM_ANDAMENTO'),
    (select string_agg(concat_ws(',', s.id, s.requested_quantity), ';' order by s.id)
       from public.shortages s where s.batch_id = p_batch_id)
  ));
$$;

comment on function private.batch_quote_version(uuid) is
  'Checksum of a batch''s award figures (status, quotes, items of submitted quotes, requested quantities); changes whenever the comparison would.';

revoke execute on function private.batch_quote_version(uuid) from public, anon, authenticated;

grant execute on function private.batch_quote_version(uuid) to service_role;

-- ---------------------------------------------------------------------------
-- submit_quote with the items as the screen shows them.

drop function public.submit_quote(uuid);

create function public.submit_quote(p_quote_id uuid, p_expected_items jsonb default null)
returns public.quotes
language plpgsql volatile security definer set search_path = '' as $$
declare
  v_quote public.quotes;
  v_batch_status text;
  v_expected jsonb;
  v_unsaved text;
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
  -- The item rows are locked with the quote: no autosave lands between the check and the send.
  select q.* into v_quote from public.quotes q where q.id = p_quote_id for update;
  perform 1 from public.quote_items qi where qi.quote_id = p_quote_id for update;
  if v_quote.status = 'ENVIADA' then
    return v_quote;
  end if;
  if v_quote.status <> 'EM_ANDAMENTO' then
    raise exception 'Apenas cotações em andamento podem ser enviadas' using errcode = 'P0001';
  end if;
  if v_batch_status <> 'EM_COTACAO' then
    raise exception 'Este lote não está mais recebendo cotações' using errcode = 'P0001';
  end if;

  if p_expected_items is not null then
    if jsonb_typeof(p_expected_items) <> 'array' then
      raise exception 'Itens da cotação inválidos: envie a lista de itens como aparecem na tela' using errcode = 'P0001';
    end if;
    if exists (select 1 from jsonb_array_elements(p_expected_items) as e
               where jsonb_typeof(e) <> 'object' or coalesce(e ->> 'shortage_id', '') = '') then
      raise exception 'Itens da cotação inválidos: cada item precisa da falta (shortage_id)' using errcode = 'P0001';
    end if;
    if exists (select 1 from jsonb_array_elements(p_expected_items) as e
               where not exists (select 1 from public.quote_items qi
                                 where qi.quote_id = p_quote_id and qi.shortage_id::text = e ->> 'shortage_id')) then
      raise exception 'Itens da cotação inválidos: a lista inclui itens que não são desta cotação' using errcode = 'P0001';
    end if;
    begin
      -- One entry per item of the quote; an item the screen does not list counts as shown without price.
      select coalesce(jsonb_object_agg(e ->> 'shortage_id', jsonb_build_object(
               'unit_price', (e ->> 'unit_price')::numeric, 'minimum_quantity', (e ->> 'minimum_quantity')::integer)), '{}')
      into v_expected
      from jsonb_array_elements(p_expected_items) as e;
    exception when invalid_text_representation or numeric_value_out_of_range then
      raise exception 'Itens da cotação inválidos: preço ou quantidade mínima fora do formato' using errcode = 'P0001';
    end;
    select string_agg(coalesce(p.name, 'item sem produto'), ', ' order by p.name)
    into v_unsaved
    from public.quote_items qi
    join public.shortages s on s.id = qi.shortage_id
    left join public.products p on p.id = s.product_id
    where qi.quote_id = p_quote_id
      and (qi.unit_price is distinct from (v_expected -> qi.shortage_id::text ->> 'unit_price')::numeric
           or qi.minimum_quantity is distinct from (v_expected -> qi.shortage_id::text ->> 'minimum_quantity')::integer);
    if v_unsaved is not null then
      raise exception 'A cotação não foi enviada: o que está salvo para % difere do que aparece na tela. Aguarde o salvamento ou revise esses itens e envie de novo.', v_unsaved
        using errcode = 'P0001';
    end if;
  end if;

  if not exists (select 1 from public.quote_items qi where qi.quote_id = p_quote_id and qi.unit_price is not null) then
    raise exception 'Informe o preço de pelo menos um item antes de enviar a cotação' using errcode = 'P0001';
  end if;
  update public.quotes q set status = 'ENVIADA', updated_at = now() where q.id = p_quote_id returning * into v_quote;
  return v_quote;
end;
$$;

comment on function public.submit_quote(uuid, jsonb) is
  'Representatives (own supplier) or buyers: EM_ANDAMENTO → ENVIADA; needs at least one priced item and the batch EM_COTACAO; with p_expected_items ([{shortage_id, unit_price, minimum_quantity}]) refused unless every stored item equals it.';

revoke execute on function public.submit_quote(uuid, jsonb) from public, anon;

grant execute on function public.submit_quote(uuid, jsonb) to authenticated;

-- ---------------------------------------------------------------------------
-- The comparison answers the batch's version (otherwise unchanged).

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
    'version', private.batch_quote_version(p_batch_id),
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
  'Buyers: every shortage of a batch × every quote (prices, minimums, substitutes, bonuses, winners) with the best submitted price per item, and the batch''s version (checksum of those figures) for the award.';

-- ---------------------------------------------------------------------------
-- The award refuses figures older than the batch's.

drop function public.select_winning_quotes_native(uuid, jsonb);

create function public.select_winning_quotes_native(p_batch_id uuid, p_quote_items jsonb, p_version text default null)
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
  -- The batch row is locked: submit_quote (which takes it for share) cannot change the figures meanwhile.
  if p_version is not null and p_version is distinct from private.batch_quote_version(p_batch_id) then
    return jsonb_build_object('success', false, 'stale', true, 'error',
      'As cotações deste lote mudaram depois que o comparativo foi carregado. Revise os novos valores e confirme os vencedores novamente.');
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

comment on function public.select_winning_quotes_native(uuid, jsonb, text) is
  'Buyers: marks the listed (quote_id, shortage_id) pairs as winners, quotes VENCEDORA/PERDEDORA, batch and shortages COTACAO_FINALIZADA; always {success, error} (error null on success); with p_version (get_batch_comparison''s version) refused, {success: false, stale: true}, when the batch''s figures changed since.';

revoke execute on function public.select_winning_quotes_native(uuid, jsonb, text) from public, anon;

grant execute on function public.select_winning_quotes_native(uuid, jsonb, text) to authenticated;
