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
  return jsonb_build_object('success', true, 'error', null);
end;
$$;
comment on function public.select_winning_quotes_native(uuid, jsonb) is
  'Buyers: marks the listed (quote_id, shortage_id) pairs as winners, quotes VENCEDORA/PERDEDORA, batch and shortages COTACAO_FINALIZADA; always {success, error} (error null on success).';
