-- Issue 28, speed: the quote analysis reads its offers and items fewer times.
--
-- Measured on the bench's 2,000-batch history (12 months: 7,747 items, 37,567 offers; four
-- alternating calls in psql each), private.quote_analysis_all took 292–340 ms, now 260–287 ms
-- (the document is unchanged):
--   * the offers listed (500 at most) are those of the first items of the items list that hold one,
--     read from item_rows (its offer count; with a supplier, every item holds one of its offers)
--     instead of grouping every offer twice to find those items and sorting all of them to join;
--   * the offers are counted once (offer_counts) for the summary and the list's length, where
--     five subqueries each read every offer;
--   * the suppliers table's totals row adds up the suppliers' rows (their response hours, answers
--     with a submission instant and the sum of their price ranks) instead of reading the quotes and
--     every offer again; the suppliers' rows in the document are unchanged (the sums are left out);
--   * the month of an item is written once (all_items.month), not once for the months and again
--     for the awarded lines;
--   * the lines of items returned to the queue are looked for among the distinct (batch, item)
--     pairs quoted, not among every quote line.
-- The whole document was compared with the previous function's on that history for the whole
-- history, 12 months (25 and 1,000 lines), 90 days, a supplier (0.02 and 0.2 a month), a unit with a
-- category at 0 %, a product, a supplier with a product, and an empty period: all equal. The
-- integration tests of the quote analysis hold its figures.

create or replace function private.quote_analysis_all(
  p_from date, p_to date, p_unit_id uuid, p_supplier_id uuid, p_category_id uuid, p_product_id uuid, p_rate numeric,
  p_list_limit integer
)
returns jsonb
-- enable_nestloop off and work_mem 32MB: see 20261201000000_analysis_shared_definitions.sql;
-- plan_cache_mode: see 20261203100000_analyses_plan_each_call.sql (create or replace resets both).
language sql stable security definer set search_path = '' set enable_nestloop = off set work_mem = '32MB'
set plan_cache_mode = force_custom_plan as $$
  with batches as materialized (
    select b.id, b.sent_at, b.closed_at
    from public.quote_batches b
    where b.sent_at is not null
      and (p_from is null or (
        b.sent_at >= (p_from::timestamp at time zone 'America/Sao_Paulo')
        and b.sent_at < ((p_to + 1)::timestamp at time zone 'America/Sao_Paulo')))
  ),
  -- The quotes of those batches with their payment term (negative or missing: none).
  batch_quotes as materialized (
    select q.batch_id, q.id, q.supplier_id, q.status, q.payment_term_days, q.submitted_at,
           greatest(coalesce(q.payment_term_days, 0), 0) as term
    from batches b join public.quotes q on q.batch_id = b.id
  ),
  -- The discount of each term at the monthly rate (private.effective_unit_cost's power()), once per term.
  discounts as materialized (
    select t.term, power(1 + greatest(coalesce(p_rate, 0), 0), t.term / 30.0) as discount
    from (select distinct q.term from batch_quotes q) t
  ),
  -- Every quote line of those batches (drafts too: a line keeps its shortage an item of the batch).
  lines as materialized (
    select q.batch_id, qi.shortage_id, qi.id as quote_item_id, q.id as quote_id, q.supplier_id, q.status as quote_status,
           q.payment_term_days, q.term, qi.unit_price, qi.minimum_quantity,
           case when qi.has_bonus then qi.bonus_quantity else 0 end as bonus, qi.is_winner
    from batch_quotes q
    join public.quote_items qi on qi.quote_id = q.id
  ),
  -- Item: a shortage in a sent batch of the period, or one quoted there and later returned to the
  -- queue (its quote lines keep it); the two sets are disjoint.
  item_keys as (
    select s.batch_id, s.id as shortage_id from public.shortages s join batches b on b.id = s.batch_id
    union all
    select k.batch_id, k.shortage_id
    from (select distinct l.batch_id, l.shortage_id from lines l) k
    where not exists (select 1 from public.shortages s where s.id = k.shortage_id and s.batch_id = k.batch_id)
  ),
  -- The items by unit, product and category (the supplier filter comes after the offers).
  all_items as materialized (
    select x.batch_id, x.shortage_id, b.sent_at, b.closed_at, s.product_id, p.name as product_name, s.unit_id,
           s.requested_quantity as need, to_char(b.sent_at at time zone 'America/Sao_Paulo', 'YYYY-MM') as month
    from item_keys x
    join batches b on b.id = x.batch_id
    join public.shortages s on s.id = x.shortage_id
    join public.products p on p.id = s.product_id
    where (p_unit_id is null or s.unit_id = p_unit_id)
      and (p_product_id is null or s.product_id = p_product_id)
      and (p_category_id is null or exists (
        select 1 from public.product_categories pc2 where pc2.product_id = s.product_id and pc2.category_id = p_category_id))
  ),
  -- The offers (priced lines of sent quotes) of those items with their effective unit cost and
  -- price rank among the item's offers (rank(), 1 = lowest).
  all_offers as materialized (
    select o.*, (rank() over (partition by o.batch_id, o.shortage_id order by o.unit_price))::integer as price_rank
    from (
      select l.batch_id, l.shortage_id, l.quote_item_id, l.quote_id, l.supplier_id,
             l.unit_price, l.minimum_quantity, l.bonus, l.payment_term_days, l.is_winner,
             -- private.effective_unit_cost written out (a function with its own search_path is never
             -- inlined); the integration test "the analysis' effective cost is
             -- private.effective_unit_cost's" holds them equal.
             case when coalesce(i.need, 0) <= 0 then null
                  else round(
                    l.unit_price * greatest(i.need, coalesce(l.minimum_quantity, 0))
                      / d.discount
                      / (i.need + greatest(coalesce(l.bonus, 0), 0)),
                    4)
             end as effective_unit_cost
      from lines l
      join all_items i on i.batch_id = l.batch_id and i.shortage_id = l.shortage_id
      join discounts d on d.term = l.term
      where l.quote_status <> 'EM_ANDAMENTO' and l.unit_price is not null
    ) o
  ),
  -- With a supplier: the items it offered for, and every offer on them (its rivals' too).
  items as materialized (
    select i.* from all_items i
    where p_supplier_id is null or (i.batch_id, i.shortage_id) in (
      select o.batch_id, o.shortage_id from all_offers o where o.supplier_id = p_supplier_id)
  ),
  offers as materialized (
    select o.* from all_offers o
    where p_supplier_id is null or (o.batch_id, o.shortage_id) in (select i.batch_id, i.shortage_id from items i)
  ),
  -- The offers counted once: all of them (rivals' too) and the chosen supplier's.
  offer_counts as materialized (
    select count(*) as offers, count(*) filter (where p_supplier_id is null or o.supplier_id = p_supplier_id) as own
    from offers o
  ),
  -- Batches for response rates: every batch holding a filtered item (grain: lote).
  scope_batches as (
    select distinct i.batch_id, i.sent_at from all_items i
  ),
  -- Last price paid: private.last_prices_paid, the items named by position.
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
           avg(o.unit_price) as avg_price, max(o.unit_price) as max_price, min(o.effective_unit_cost) as min_effective,
           -- The lowest effective cost among the lowest-priced offers (arrays compare element by element).
           (min(array[o.unit_price, o.effective_unit_cost]))[2] as min_effective_of_best_price
    from all_offers o
    group by o.batch_id, o.shortage_id
  ),
  item_rows as materialized (
    select i.*, coalesce(st.offers, 0) as offers, st.min_price, st.avg_price, st.max_price,
           coalesce(st.min_effective_of_best_price is distinct from st.min_effective, false) as effective_differs, st.min_effective,
           lp.last_price, w.unit_price as awarded_price, w.supplier_id as awarded_supplier_id,
           coalesce(oi.quantity, i.need) as awarded_quantity
    from items i
    left join offer_stats st on st.batch_id = i.batch_id and st.shortage_id = i.shortage_id
    left join last_prices lp on lp.batch_id = i.batch_id and lp.shortage_id = i.shortage_id
    left join all_offers w on w.batch_id = i.batch_id and w.shortage_id = i.shortage_id and w.is_winner
    left join public.purchase_order_items oi on oi.quote_item_id = w.quote_item_id
  ),
  -- Awarded lines (grain: item cotado): value and savings against the three references.
  awarded as materialized (
    select r.*, round(r.awarded_price * r.awarded_quantity, 2) as value,
           round((r.avg_price - r.awarded_price) * r.awarded_quantity, 2) as savings_vs_avg,
           round((r.max_price - r.awarded_price) * r.awarded_quantity, 2) as savings_vs_max,
           round((r.last_price - r.awarded_price) * r.awarded_quantity, 2) as savings_vs_last
    from item_rows r
    where r.awarded_price is not null and (p_supplier_id is null or r.awarded_supplier_id = p_supplier_id)
  ),
  -- The lines listed, then the names they show (joined to those few lines only).
  listed as materialized (
    select * from item_rows r order by r.sent_at desc, r.batch_id, r.product_name, r.shortage_id
    limit least(greatest(coalesce(p_list_limit, 1000), 1), 1000)
  ),
  listed_best as (
    select o.batch_id, o.shortage_id,
           string_agg(sp.name, ', ' order by sp.name) filter (where o.price_rank = 1) as best_price_names,
           string_agg(sp.name, ', ' order by sp.name)
             filter (where o.effective_unit_cost is not distinct from l.min_effective) as best_effective_names
    from all_offers o
    join listed l on l.batch_id = o.batch_id and l.shortage_id = o.shortage_id
    join public.suppliers sp on sp.id = o.supplier_id
    group by o.batch_id, o.shortage_id
  ),
  listed_items as (
    select r.*, b.name as batch_name, u.name as unit_name, pc.category_name, asp.name as awarded_supplier_name,
           lb.best_price_names, lb.best_effective_names
    from listed r
    join public.quote_batches b on b.id = r.batch_id
    left join public.store_units u on u.id = r.unit_id
    left join public.suppliers asp on asp.id = r.awarded_supplier_id
    left join listed_best lb on lb.batch_id = r.batch_id and lb.shortage_id = r.shortage_id
    left join (
      select pc.product_id, string_agg(c.name, ', ' order by c.name) as category_name
      from public.product_categories pc join public.categories c on c.id = pc.category_id
      where pc.product_id in (select l.product_id from listed l)
      group by pc.product_id
    ) pc on pc.product_id = r.product_id
  ),
  -- The items whose offers are listed: the first ones, in the items list's order, holding an offer
  -- of the chosen supplier (with a supplier, every item does: see items) or any offer.
  offer_items as materialized (
    select r.batch_id, r.shortage_id, r.sent_at, r.product_name, r.unit_id, r.need
    from item_rows r
    where p_supplier_id is not null or r.offers > 0
    order by r.sent_at desc, r.batch_id, r.product_name, r.shortage_id
    limit least(greatest(coalesce(p_list_limit, 500), 1), 500)
  ),
  invited as (
    select inv.supplier_id, count(*) as invited
    from public.quote_batch_invitations inv join scope_batches sb on sb.batch_id = inv.batch_id
    group by inv.supplier_id
  ),
  responded as (
    select q.supplier_id, count(*) as responded,
           round(avg(extract(epoch from q.submitted_at - sb.sent_at) / 3600)::numeric, 1) as avg_response_hours,
           -- For the totals row: the hours summed over the answers that have a submission instant.
           sum(extract(epoch from q.submitted_at - sb.sent_at) / 3600) as response_hours, count(q.submitted_at) as timed
    from public.quotes q join scope_batches sb on sb.batch_id = q.batch_id
    where q.status <> 'EM_ANDAMENTO'
    group by q.supplier_id
  ),
  quoted as (
    select o.supplier_id, count(*) as items_quoted, count(*) filter (where o.is_winner) as items_won,
           round(avg(o.price_rank), 2) as avg_rank, sum(o.price_rank) as rank_sum
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
           qt.avg_rank, coalesce(wn.value_won, 0) as value_won,
           rs.response_hours, coalesce(rs.timed, 0) as timed, qt.rank_sum
    from public.suppliers sp
    left join invited iv on iv.supplier_id = sp.id
    left join responded rs on rs.supplier_id = sp.id
    left join quoted qt on qt.supplier_id = sp.id
    left join won wn on wn.supplier_id = sp.id
    where (iv.supplier_id is not null or rs.supplier_id is not null or qt.supplier_id is not null)
      and (p_supplier_id is null or sp.id = p_supplier_id)
  ),
  months as (
    select distinct i.month from items i
  ),
  awarded_by_month as (
    select a.month, sum(a.value) as awarded_value,
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
        'offers', (select c.offers from offer_counts c),
        'avg_offers_per_item', (select case when count(*) = 0 then null
                                            else round((select c.offers from offer_counts c)::numeric / count(*), 2) end from items),
        'awarded_lines', (select count(*) from awarded),
        'awarded_value', (select coalesce(sum(a.value), 0) from awarded a),
        'savings_vs_avg', (select sum(a.savings_vs_avg) from awarded a),
        'savings_vs_max', (select sum(a.savings_vs_max) from awarded a),
        'savings_vs_last', (select sum(a.savings_vs_last) from awarded a),
        'effective_differs_count', (select count(*) from item_rows r where r.effective_differs)
      )
    ),
    'suppliers', coalesce((
      -- Without the sums kept for the totals row.
      select jsonb_agg(to_jsonb(s) - array['response_hours', 'timed', 'rank_sum'] order by s.value_won desc, s.supplier_name)
      from supplier_rows s
    ), '[]'::jsonb),
    -- The suppliers table's totals row: the same ratios over the summed counts (grain: lote for
    -- invitations and answers, item cotado for items).
    'supplier_totals', (
      select jsonb_build_object(
        'invited', coalesce(sum(s.invited), 0), 'responded', coalesce(sum(s.responded), 0),
        'response_rate', case when coalesce(sum(s.invited), 0) = 0 then null else round(sum(s.responded) / sum(s.invited), 4) end,
        'avg_response_hours', case when sum(s.timed) > 0 then round((sum(s.response_hours) / sum(s.timed))::numeric, 1) end,
        'items_quoted', coalesce(sum(s.items_quoted), 0), 'items_won', coalesce(sum(s.items_won), 0),
        'win_rate', case when coalesce(sum(s.items_quoted), 0) = 0 then null else round(sum(s.items_won) / sum(s.items_quoted), 4) end,
        'avg_rank', case when sum(s.items_quoted) > 0 then round(sum(s.rank_sum) / sum(s.items_quoted), 2) end,
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
      from listed_items r
    ), '[]'::jsonb),
    'spread_items', coalesce((
      select jsonb_agg(jsonb_build_object(
        'batch_id', r.batch_id, 'batch_name', b.name, 'shortage_id', r.shortage_id,
        'product_name', r.product_name, 'unit_name', u.name,
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
      join public.quote_batches b on b.id = r.batch_id
      left join public.store_units u on u.id = r.unit_id
    ), '[]'::jsonb),
    'offers_total', (select c.own from offer_counts c),
    'offers_listed', (select least(c.own, 500) from offer_counts c),
    'offers_truncated', (select c.own > 500 from offer_counts c),
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
        select o.*, sp.name as supplier_name, b.name as batch_name, i.product_name, u.name as unit_name, i.need, i.sent_at
        -- The 500 offers listed belong to the first 500 items (in the same order) holding one.
        from offer_items i
        join (
          -- The effective rank among all the item's offers, taken for those items only.
          select o.*, (rank() over (partition by o.batch_id, o.shortage_id order by o.effective_unit_cost))::integer as effective_rank
          from offers o
          where (o.batch_id, o.shortage_id) in (select i2.batch_id, i2.shortage_id from offer_items i2)
        ) o on o.batch_id = i.batch_id and o.shortage_id = i.shortage_id
        join public.suppliers sp on sp.id = o.supplier_id
        join public.quote_batches b on b.id = i.batch_id
        left join public.store_units u on u.id = i.unit_id
        where p_supplier_id is null or o.supplier_id = p_supplier_id
        order by i.sent_at desc, o.batch_id, i.product_name, o.shortage_id, o.price_rank, sp.name
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
