-- Purchasing cycle, part 6: speed for 500-item batches (bench/purchasing.ts).
--   * The quote and quote-item triggers ran private.is_buyer() (several queries)
--     for every row, also inside the RPCs: 5,000 item rows made winner selection
--     take seconds. They now run as the caller (security invoker) and trust
--     without further lookups any write made by a security-definer RPC or a
--     trusted loader (current_user is then not a Data API role, as in
--     private.guard_profile_update); the batch-membership check moves into a
--     small security-definer helper.
--   * select_winning_quotes_native writes only the items whose flag changes.

create function private.shortage_in_quote_batch(p_quote_id uuid, p_shortage_id uuid)
returns boolean
language plpgsql
stable
security definer
set search_path = ''
as $$
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

create or replace function private.quotes_before_write()
returns trigger
language plpgsql
security invoker
set search_path = ''
as $$
declare
  v_trusted boolean := current_user not in ('authenticated', 'anon') or private.is_buyer();
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

create or replace function private.quote_items_before_write()
returns trigger
language plpgsql
security invoker
set search_path = ''
as $$
declare
  v_trusted boolean := current_user not in ('authenticated', 'anon') or private.is_buyer();
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
  return jsonb_build_object('success', true);
end;
$$;
