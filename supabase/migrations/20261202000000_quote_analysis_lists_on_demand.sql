-- Issue 28, speed: the quote analysis sends the lines the screen shows, and the rest on demand.
--
-- /analise-cotacoes listed every item (up to 1,000) and offer (up to 500, each with its one-line
-- explanation) in its first answer: 940 KB for 90 days of the bench's 2,000-batch history, of which
-- the screen shows 25 lines of each until 'Mostrar todas'. Building, sending and reading that list
-- was most of a first load. get_quote_analysis gains p_list_limit (default null: the whole lists as
-- before, capped as before): the screen asks for 25 lines first, and for the whole lists only when
-- the user expands a table or exports it; items_listed and offers_listed say how long the whole
-- lists are (the totals up to the caps), so the screen need not know the caps. The spread chart, which drew the widest spreads among the
-- listed items, gets its own 'spread_items': the 15 widest of the whole period.

-- ---------------------------------------------------------------------------
-- 1. The buyers', analysts' and admins' document, with the lists' length

drop function private.quote_analysis_all(date, date, uuid, uuid, uuid, uuid, numeric);

create function private.quote_analysis_all(
  p_from date, p_to date, p_unit_id uuid, p_supplier_id uuid, p_category_id uuid, p_product_id uuid, p_rate numeric,
  p_list_limit integer
)
returns jsonb
-- enable_nestloop off: the planner cannot estimate the period's batches (a CTE over a time zone
-- expression: 1 row guessed for hundreds), then loops over whole CTEs once per item (37 s for 90
-- days on 2,000 batches). Every set here is a few tens of thousands of rows: hash joins suit all.
-- work_mem 32MB: the default 4 MB spilled the lines and offers of a year to disk.
language sql stable security definer set search_path = '' set enable_nestloop = off set work_mem = '32MB' as $$
  with analysis_rows as materialized (
    select * from private.quote_analysis_rows(p_from, p_to, p_unit_id, p_category_id, p_product_id, p_rate)
  ),
  all_items as materialized (
    select r.batch_id, r.batch_name, r.batch_status, r.sent_at, r.closed_at, r.shortage_id, r.product_id,
           r.product_name, r.category_name, r.unit_id, r.unit_name, r.need
    from analysis_rows r where r.first_of_item
  ),
  all_offers as materialized (
    select r.batch_id, r.shortage_id, r.quote_item_id, r.quote_id, r.supplier_id, r.supplier_name,
           r.unit_price, r.minimum_quantity, r.bonus, r.payment_term_days, r.effective_unit_cost,
           r.is_winner, r.price_rank, r.effective_rank
    from analysis_rows r where r.quote_item_id is not null
  ),
  items as materialized (
    select i.* from all_items i
    where p_supplier_id is null or (i.batch_id, i.shortage_id) in (
      select o.batch_id, o.shortage_id from all_offers o where o.supplier_id = p_supplier_id)
  ),
  offers as materialized (
    select o.* from all_offers o
    where p_supplier_id is null or (o.batch_id, o.shortage_id) in (select i.batch_id, i.shortage_id from items i)
  ),
  -- Batches for response rates: every batch holding a filtered item (grain: lote).
  scope_batches as (
    select distinct i.batch_id, i.sent_at from all_items i
  ),
  -- Last price paid (see the header): private.last_prices_paid, the items named by position.
  item_refs as materialized (
    select i.batch_id, i.shortage_id, i.product_id, coalesce(i.closed_at, now()) as at,
           row_number() over () as ord
    from items i
  ),
  last_prices as (
    select r.batch_id, r.shortage_id, lp.last_price
    from item_refs r
    join private.last_prices_paid(
      (select array_agg(r2.product_id order by r2.ord) from item_refs r2),
      (select array_agg(r2.at order by r2.ord) from item_refs r2)) lp on lp.ord = r.ord
  ),
  offer_stats as (
    select o.batch_id, o.shortage_id, count(*) as offers, min(o.unit_price) as min_price,
           avg(o.unit_price) as avg_price, max(o.unit_price) as max_price,
           string_agg(o.supplier_name, ', ' order by o.supplier_name) filter (where o.price_rank = 1) as best_price_names,
           string_agg(o.supplier_name, ', ' order by o.supplier_name) filter (where o.effective_rank = 1) as best_effective_names,
           not bool_or(o.price_rank = 1 and o.effective_rank = 1) as effective_differs
    from all_offers o
    group by o.batch_id, o.shortage_id
  ),
  item_rows as (
    select i.*, coalesce(st.offers, 0) as offers, st.min_price, st.avg_price, st.max_price,
           st.best_price_names, st.best_effective_names, coalesce(st.effective_differs, false) as effective_differs,
           lp.last_price, w.unit_price as awarded_price, w.supplier_id as awarded_supplier_id,
           w.supplier_name as awarded_supplier_name,
           coalesce(oi.quantity, i.need) as awarded_quantity
    from items i
    left join offer_stats st on st.batch_id = i.batch_id and st.shortage_id = i.shortage_id
    left join last_prices lp on lp.batch_id = i.batch_id and lp.shortage_id = i.shortage_id
    left join all_offers w on w.batch_id = i.batch_id and w.shortage_id = i.shortage_id and w.is_winner
    left join public.purchase_order_items oi on oi.quote_item_id = w.quote_item_id
  ),
  -- Awarded lines (grain: item cotado): value and savings against the three references.
  awarded as (
    select r.*, round(r.awarded_price * r.awarded_quantity, 2) as value,
           round((r.avg_price - r.awarded_price) * r.awarded_quantity, 2) as savings_vs_avg,
           round((r.max_price - r.awarded_price) * r.awarded_quantity, 2) as savings_vs_max,
           round((r.last_price - r.awarded_price) * r.awarded_quantity, 2) as savings_vs_last
    from item_rows r
    where r.awarded_price is not null and (p_supplier_id is null or r.awarded_supplier_id = p_supplier_id)
  ),
  invited as (
    select inv.supplier_id, count(*) as invited
    from public.quote_batch_invitations inv join scope_batches sb on sb.batch_id = inv.batch_id
    group by inv.supplier_id
  ),
  responded as (
    select q.supplier_id, count(*) as responded,
           round(avg(extract(epoch from q.submitted_at - sb.sent_at) / 3600)::numeric, 1) as avg_response_hours
    from public.quotes q join scope_batches sb on sb.batch_id = q.batch_id
    where q.status <> 'EM_ANDAMENTO'
    group by q.supplier_id
  ),
  quoted as (
    select o.supplier_id, count(*) as items_quoted, count(*) filter (where o.is_winner) as items_won,
           round(avg(o.price_rank), 2) as avg_rank
    from offers o group by o.supplier_id
  ),
  won as (
    select a.awarded_supplier_id as supplier_id, sum(a.value) as value_won from awarded a group by a.awarded_supplier_id
  ),
  supplier_rows as (
    select sp.id as supplier_id, sp.name as supplier_name,
           coalesce(iv.invited, 0) as invited, coalesce(rs.responded, 0) as responded,
           case when coalesce(iv.invited, 0) = 0 then null else round(coalesce(rs.responded, 0)::numeric / iv.invited, 4) end as response_rate,
           rs.avg_response_hours,
           coalesce(qt.items_quoted, 0) as items_quoted, coalesce(qt.items_won, 0) as items_won,
           case when coalesce(qt.items_quoted, 0) = 0 then null else round(qt.items_won::numeric / qt.items_quoted, 4) end as win_rate,
           qt.avg_rank, coalesce(wn.value_won, 0) as value_won
    from public.suppliers sp
    left join invited iv on iv.supplier_id = sp.id
    left join responded rs on rs.supplier_id = sp.id
    left join quoted qt on qt.supplier_id = sp.id
    left join won wn on wn.supplier_id = sp.id
    where (iv.supplier_id is not null or rs.supplier_id is not null or qt.supplier_id is not null)
      and (p_supplier_id is null or sp.id = p_supplier_id)
  ),
  months as (
    select distinct to_char(i.sent_at at time zone 'America/Sao_Paulo', 'YYYY-MM') as month from items i
  ),
  awarded_by_month as (
    select to_char(a.sent_at at time zone 'America/Sao_Paulo', 'YYYY-MM') as month, sum(a.value) as awarded_value,
           sum(a.savings_vs_avg) as savings_vs_avg, sum(a.savings_vs_max) as savings_vs_max,
           sum(a.savings_vs_last) as savings_vs_last
    from awarded a group by 1
  )
  select jsonb_build_object(
    'scope', 'ALL',
    'monthly_rate', p_rate,
    'summary', (
      select jsonb_build_object(
        'batches', (select count(distinct i.batch_id) from items i),
        'items', (select count(*) from items),
        'offers', (select count(*) from offers),
        'avg_offers_per_item', (select case when count(*) = 0 then null
                                            else round((select count(*) from offers)::numeric / count(*), 2) end from items),
        'awarded_lines', (select count(*) from awarded),
        'awarded_value', (select coalesce(sum(a.value), 0) from awarded a),
        'savings_vs_avg', (select sum(a.savings_vs_avg) from awarded a),
        'savings_vs_max', (select sum(a.savings_vs_max) from awarded a),
        'savings_vs_last', (select sum(a.savings_vs_last) from awarded a),
        'effective_differs_count', (select count(*) from item_rows r where r.effective_differs)
      )
    ),
    'suppliers', coalesce((
      select jsonb_agg(to_jsonb(s) order by s.value_won desc, s.supplier_name) from supplier_rows s
    ), '[]'::jsonb),
    -- The suppliers table's totals row: the same ratios over the summed counts (grain: lote for
    -- invitations and answers, item cotado for items).
    'supplier_totals', (
      select jsonb_build_object(
        'invited', coalesce(sum(s.invited), 0), 'responded', coalesce(sum(s.responded), 0),
        'response_rate', case when coalesce(sum(s.invited), 0) = 0 then null else round(sum(s.responded) / sum(s.invited), 4) end,
        'avg_response_hours', (
          select round(avg(extract(epoch from q.submitted_at - sb.sent_at) / 3600)::numeric, 1)
          from public.quotes q join scope_batches sb on sb.batch_id = q.batch_id
          where q.status <> 'EM_ANDAMENTO' and (p_supplier_id is null or q.supplier_id = p_supplier_id)),
        'items_quoted', coalesce(sum(s.items_quoted), 0), 'items_won', coalesce(sum(s.items_won), 0),
        'win_rate', case when coalesce(sum(s.items_quoted), 0) = 0 then null else round(sum(s.items_won) / sum(s.items_quoted), 4) end,
        'avg_rank', (select round(avg(o.price_rank), 2) from offers o where p_supplier_id is null or o.supplier_id = p_supplier_id),
        'value_won', coalesce(sum(s.value_won), 0)
      ) from supplier_rows s
    ),
    'items_total', (select count(*) from item_rows),
    -- The whole list's length (what 'Mostrar todas' and the exports load): the total, up to the cap.
    'items_listed', (select least(count(*), 1000) from item_rows),
    'items_truncated', (select count(*) > 1000 from item_rows),
    'items', coalesce((
      select jsonb_agg(jsonb_build_object(
        'batch_id', r.batch_id, 'batch_name', r.batch_name, 'shortage_id', r.shortage_id,
        'product_id', r.product_id, 'product_name', r.product_name, 'category_name', r.category_name,
        'unit_name', r.unit_name, 'quantity', r.need, 'offers', r.offers,
        'min_price', round(r.min_price, 4), 'avg_price', round(r.avg_price, 4), 'max_price', round(r.max_price, 4),
        'spread_pct', case when r.min_price > 0 then round((r.max_price - r.min_price) / r.min_price, 4) end,
        'awarded_price', r.awarded_price, 'awarded_supplier_name', r.awarded_supplier_name, 'last_price', r.last_price,
        'best_price_supplier_name', r.best_price_names, 'best_effective_supplier_name', r.best_effective_names,
        'effective_differs', r.effective_differs
      ) order by r.sent_at desc, r.batch_id, r.product_name, r.shortage_id)
      from (select * from item_rows r order by r.sent_at desc, r.batch_id, r.product_name, r.shortage_id
            limit least(greatest(coalesce(p_list_limit, 1000), 1), 1000)) r
    ), '[]'::jsonb),
    -- The spread chart's items: the widest spreads of the whole period (not of the listed lines).
    'spread_items', coalesce((
      select jsonb_agg(jsonb_build_object(
        'batch_id', r.batch_id, 'batch_name', r.batch_name, 'shortage_id', r.shortage_id,
        'product_name', r.product_name, 'unit_name', r.unit_name,
        'min_price', round(r.min_price, 4), 'avg_price', round(r.avg_price, 4), 'max_price', round(r.max_price, 4),
        'spread_pct', r.spread_pct
      ) order by r.spread_pct desc, r.sent_at desc, r.batch_id, r.product_name, r.shortage_id)
      from (
        select r.*, round((r.max_price - r.min_price) / r.min_price, 4) as spread_pct
        from item_rows r where r.offers > 1 and r.min_price > 0
        -- The rounded spread, as the items list and the chart show it: ties go to the newest batch.
        order by round((r.max_price - r.min_price) / r.min_price, 4) desc, r.sent_at desc, r.batch_id, r.product_name, r.shortage_id
        limit 15
      ) r
    ), '[]'::jsonb),
    'offers_total', (select count(*) from offers o where p_supplier_id is null or o.supplier_id = p_supplier_id),
    'offers_listed', (select least(count(*), 500) from offers o where p_supplier_id is null or o.supplier_id = p_supplier_id),
    'offers_truncated', (select count(*) > 500 from offers o where p_supplier_id is null or o.supplier_id = p_supplier_id),
    'offers', coalesce((
      select jsonb_agg(jsonb_build_object(
        'batch_id', x.batch_id, 'batch_name', x.batch_name, 'shortage_id', x.shortage_id,
        'product_name', x.product_name, 'unit_name', x.unit_name, 'quantity', x.need,
        'supplier_id', x.supplier_id, 'supplier_name', x.supplier_name, 'price', x.unit_price,
        'minimum_quantity', x.minimum_quantity, 'bonus_quantity', x.bonus, 'payment_term_days', x.payment_term_days,
        'effective_unit_cost', x.effective_unit_cost,
        'effective_explanation', private.effective_cost_explanation(x.unit_price, x.need, x.minimum_quantity, x.bonus,
                                                                     x.payment_term_days, p_rate),
        'price_rank', x.price_rank, 'effective_rank', x.effective_rank, 'is_winner', x.is_winner
      ) order by x.sent_at desc, x.batch_id, x.product_name, x.shortage_id, x.price_rank, x.supplier_name)
      from (
        select o.*, i.batch_name, i.product_name, i.unit_name, i.need, i.sent_at
        from (
          -- The 500 offers listed belong to the first 500 items (in the same order) holding one:
          -- sort those items, not every offer of the period.
          select i.* from items i
          where (i.batch_id, i.shortage_id) in (
            select o2.batch_id, o2.shortage_id from offers o2 where p_supplier_id is null or o2.supplier_id = p_supplier_id)
          order by i.sent_at desc, i.batch_id, i.product_name, i.shortage_id
          limit least(greatest(coalesce(p_list_limit, 500), 1), 500)
        ) i
        join offers o on o.batch_id = i.batch_id and o.shortage_id = i.shortage_id
        where p_supplier_id is null or o.supplier_id = p_supplier_id
        order by i.sent_at desc, o.batch_id, i.product_name, o.shortage_id, o.price_rank, o.supplier_name
        limit least(greatest(coalesce(p_list_limit, 500), 1), 500)
      ) x
    ), '[]'::jsonb),
    'monthly', coalesce((
      select jsonb_agg(jsonb_build_object(
        'month', m.month,
        'awarded_value', coalesce(a.awarded_value, 0),
        'savings_vs_avg', a.savings_vs_avg,
        'savings_vs_max', a.savings_vs_max,
        'savings_vs_last', a.savings_vs_last
      ) order by m.month)
      from months m left join awarded_by_month a on a.month = m.month
    ), '[]'::jsonb)
  )
$$;

comment on function private.quote_analysis_all(date, date, uuid, uuid, uuid, uuid, numeric, integer) is
  'The /analise-cotacoes document for buyers, analysts and admins (scope ALL): summary, suppliers, the 15 widest spreads, the first p_list_limit items (≤ 1,000) and offers (≤ 500; null: the caps) and savings by month.';

revoke all on function private.quote_analysis_all(date, date, uuid, uuid, uuid, uuid, numeric, integer) from public, anon, authenticated;

-- ---------------------------------------------------------------------------
-- 2. The RPC

drop function public.get_quote_analysis(date, date, uuid, uuid, uuid, uuid, numeric);

create function public.get_quote_analysis(
  p_from date,
  p_to date,
  p_unit_id uuid default null,
  p_supplier_id uuid default null,
  p_category_id uuid default null,
  p_product_id uuid default null,
  p_monthly_rate numeric default null,
  p_list_limit integer default null
)
returns jsonb
language plpgsql stable security definer set search_path = '' as $$
declare
  v_rate numeric;
  v_supplier_id uuid;
begin
  perform private.require_analysis_access('analise-cotacoes');
  perform private.check_analysis_period(p_from, p_to);
  v_rate := private.check_monthly_rate(p_monthly_rate);
  if p_list_limit is not null and p_list_limit < 1 then
    raise exception 'O limite de linhas deve ser de pelo menos 1' using errcode = '22023';
  end if;
  if private.quote_analysis_scope() = 'ALL' then
    return private.quote_analysis_all(p_from, p_to, p_unit_id, p_supplier_id, p_category_id, p_product_id, v_rate, p_list_limit);
  end if;
  v_supplier_id := private.current_supplier_id();
  if p_supplier_id is not null and p_supplier_id is distinct from v_supplier_id then
    raise exception 'Sem permissão para consultar a análise de outro fornecedor' using errcode = '42501';
  end if;
  -- A representative's lines are its own offers (a few hundred at most): always the whole list.
  return private.quote_analysis_supplier(v_supplier_id, p_from, p_to, p_unit_id, p_category_id, p_product_id);
end;
$$;

comment on function public.get_quote_analysis(date, date, uuid, uuid, uuid, uuid, numeric, integer) is
  '/analise-cotacoes in one document (period on quote_batches.sent_at, São Paulo days; filters by shortage unit, supplier, category, product; monthly cost of money default 2 %; p_list_limit: the first lines of the items and offers lists, null = all up to their caps): scope ALL for ADMIN, ADMIN_COMPRAS and ANALISTA; scope SUPPLIER (own figures, rank and band only) for a representative, another supplier''s id → 42501.';

revoke execute on function public.get_quote_analysis(date, date, uuid, uuid, uuid, uuid, numeric, integer) from public, anon;

grant execute on function public.get_quote_analysis(date, date, uuid, uuid, uuid, uuid, numeric, integer) to authenticated;
