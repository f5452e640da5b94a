-- Purchasing cycle, part 5: read RPCs for the comparison grid, the won items,
-- supplier win rates and the representative's dashboard. Security definer with
-- the caller's role checked inside; a representative only ever gets figures of
-- the supplier on their own profile.

-- The whole comparison grid of a batch in one round trip (buyers only):
-- {batch, quotes: [...], items: [{shortage..., best_unit_price, offers: [...]}]}.
-- best_unit_price considers submitted quotes only (not drafts in progress).
create function public.get_batch_comparison(p_batch_id uuid)
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_result jsonb;
begin
  perform private.require_buyer();
  if not exists (select 1 from public.quote_batches b where b.id = p_batch_id) then
    raise exception 'Lote não encontrado' using errcode = 'P0002';
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
           jsonb_agg(jsonb_build_object(
             'quote_id', o.quote_id, 'supplier_id', o.supplier_id, 'supplier_name', o.supplier_name,
             'quote_status', o.quote_status, 'unit_price', o.unit_price, 'minimum_quantity', o.minimum_quantity,
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
  select jsonb_build_object(
    'batch', (
      select jsonb_build_object('id', b.id, 'name', b.name, 'status', b.status, 'unit_id', b.unit_id,
                                'unit_name', u.name, 'created_at', b.created_at, 'sent_at', b.sent_at,
                                'closed_at', b.closed_at)
      from public.quote_batches b left join public.store_units u on u.id = b.unit_id
      where b.id = p_batch_id
    ),
    'quotes', coalesce((
      select jsonb_agg(jsonb_build_object(
        'id', q.id, 'supplier_id', q.supplier_id, 'supplier_name', q.supplier_name, 'status', q.status,
        'selected', q.selected, 'created_at', q.created_at, 'updated_at', q.updated_at,
        'created_by_name', q.created_by_name,
        'priced_items', (select count(*) from offers o where o.quote_id = q.id and o.unit_price is not null)
      ) order by q.supplier_name)
      from quotes q
    ), '[]'::jsonb),
    'items', coalesce((
      select jsonb_agg(jsonb_build_object(
        'shortage_id', s.id, 'product_id', p.id, 'product_name', p.name, 'barcode', p.barcode,
        'requested_quantity', s.requested_quantity, 'available_quantity', s.available_quantity,
        'unit_id', s.unit_id, 'unit_name', u.name, 'status', s.status, 'observation', s.observation,
        'best_unit_price', b.best_unit_price,
        'offers', coalesce(obi.offers, '[]'::jsonb)
      ) order by p.name, s.id)
      from public.shortages s
      join public.products p on p.id = s.product_id
      left join public.store_units u on u.id = s.unit_id
      left join best b on b.shortage_id = s.id
      left join offers_by_item obi on obi.shortage_id = s.id
      where s.batch_id = p_batch_id
    ), '[]'::jsonb)
  ) into v_result;
  return v_result;
end;
$$;
comment on function public.get_batch_comparison(uuid) is
  'Buyers: every shortage of a batch × every quote (prices, minimums, substitutes, bonuses, winners) with the best submitted price per item.';

-- Won items: a representative gets its own supplier's; buyers and admins get all.
-- p_from / p_to filter on the day the winners were chosen (America/Sao_Paulo).
create function public.get_winning_items(p_from date default null, p_to date default null)
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
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_supplier_id uuid;
begin
  if auth.uid() is null then
    raise exception 'Erro de autenticação. Por favor, faça login novamente.' using errcode = '42501';
  end if;
  if private.is_buyer() then
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

-- Per supplier, over quotes created in the period: quotes sent (submitted or
-- decided), quotes won, win rate (won ÷ decided), items quoted, items won and
-- value won. Buyers and admins only.
create function public.get_supplier_win_rates(p_from date default null, p_to date default null)
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
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  perform private.require_buyer();
  return query
    with q as (
      select q.* from public.quotes q
      where q.status <> 'EM_ANDAMENTO'
        and (p_from is null or (q.created_at at time zone 'America/Sao_Paulo')::date >= p_from)
        and (p_to is null or (q.created_at at time zone 'America/Sao_Paulo')::date <= p_to)
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
comment on function public.get_supplier_win_rates(date, date) is
  'Buyers: per supplier quotes sent/won/lost, win rate (won ÷ decided), items quoted/won and value won.';

-- The representative's home: what awaits an answer, what is in progress, and results.
create function public.get_representative_dashboard()
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_supplier_id uuid;
  v_result jsonb;
begin
  if auth.uid() is null or not private.is_representative() then
    raise exception 'Apenas representantes de fornecedores têm este painel' using errcode = '42501';
  end if;
  v_supplier_id := private.current_supplier_id();

  with my_quotes as (
    select q.id, q.batch_id, q.status, q.created_at, q.updated_at, b.name as batch_name, b.closed_at,
           (select count(*) from public.quote_items qi where qi.quote_id = q.id) as total_items,
           (select count(*) from public.quote_items qi where qi.quote_id = q.id and qi.unit_price is not null) as priced_items,
           (select count(*) from public.quote_items qi where qi.quote_id = q.id and qi.is_winner) as items_won,
           (select coalesce(sum(round(s.requested_quantity * qi.unit_price, 2)), 0)
              from public.quote_items qi join public.shortages s on s.id = qi.shortage_id
              where qi.quote_id = q.id and qi.is_winner) as value_won
    from public.quotes q join public.quote_batches b on b.id = q.batch_id
    where q.supplier_id = v_supplier_id
  ),
  awaiting as (
    select b.id, b.name, b.sent_at, b.created_at,
           (select count(*) from public.shortages s where s.batch_id = b.id) as item_count
    from public.quote_batches b
    where b.status = 'EM_COTACAO'
      and not exists (select 1 from public.quotes q where q.batch_id = b.id and q.supplier_id = v_supplier_id)
  ),
  totals as (
    select count(*) filter (where status = 'EM_ANDAMENTO') as in_progress,
           count(*) filter (where status = 'ENVIADA') as sent,
           count(*) filter (where status = 'VENCEDORA') as won,
           count(*) filter (where status = 'PERDEDORA') as lost,
           coalesce(sum(value_won), 0) as value_won,
           coalesce(sum(items_won), 0) as items_won
    from my_quotes
  )
  select jsonb_build_object(
    'supplier', (select jsonb_build_object('id', sp.id, 'name', sp.name) from public.suppliers sp where sp.id = v_supplier_id),
    'awaiting_count', (select count(*) from awaiting),
    'awaiting_batches', coalesce((
      select jsonb_agg(jsonb_build_object('batch_id', a.id, 'batch_name', a.name, 'sent_at', a.sent_at,
                                          'item_count', a.item_count) order by a.sent_at desc nulls last, a.created_at desc)
      from awaiting a), '[]'::jsonb),
    'in_progress_count', t.in_progress,
    'quotes_in_progress', coalesce((
      select jsonb_agg(jsonb_build_object('quote_id', m.id, 'batch_id', m.batch_id, 'batch_name', m.batch_name,
                                          'priced_items', m.priced_items, 'total_items', m.total_items,
                                          'updated_at', m.updated_at) order by m.updated_at desc)
      from my_quotes m where m.status = 'EM_ANDAMENTO'), '[]'::jsonb),
    'sent_count', t.sent,
    'won_count', t.won,
    'lost_count', t.lost,
    'win_rate', case when t.won + t.lost = 0 then null else round(t.won::numeric / (t.won + t.lost), 4) end,
    'items_won', t.items_won,
    'value_won', t.value_won,
    'recent_results', coalesce((
      select jsonb_agg(r.obj order by r.closed_at desc nulls last)
      from (
        select m.closed_at, jsonb_build_object('quote_id', m.id, 'batch_id', m.batch_id, 'batch_name', m.batch_name,
                                               'status', m.status, 'closed_at', m.closed_at, 'items_won', m.items_won,
                                               'value_won', m.value_won) as obj
        from my_quotes m where m.status in ('VENCEDORA', 'PERDEDORA')
        order by m.closed_at desc nulls last limit 10
      ) r), '[]'::jsonb)
  ) into v_result
  from totals t;
  return v_result;
end;
$$;
comment on function public.get_representative_dashboard() is
  'Representatives: batches awaiting their answer, quotes in progress, counts of sent/won/lost quotes, win rate, value won, recent results.';

revoke execute on function
  public.get_batch_comparison(uuid),
  public.get_winning_items(date, date),
  public.get_supplier_win_rates(date, date),
  public.get_representative_dashboard()
from public, anon;

grant execute on function
  public.get_batch_comparison(uuid),
  public.get_winning_items(date, date),
  public.get_supplier_win_rates(date, date),
  public.get_representative_dashboard()
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
