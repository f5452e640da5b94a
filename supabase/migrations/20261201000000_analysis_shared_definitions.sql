-- Issue 28, one definition each: the last price paid and the quote analysis' items and offers.
--
-- The first analyses each wrote these their own way:
--   * the last price paid was a per-row lookup in get_winning_items (private.last_price_paid), a
--     lateral subquery in the purchase report and a window pass in the quote analysis — three
--     queries that also broke ties between order lines of the same instant differently, and the
--     per-row ones took seconds over a large history (one probe per line through shortages);
--   * the quote analysis' items and offers (and the effective-cost formula) were written out in
--     private.quote_analysis_all and get_quote_matrix, while the representative's document used
--     private.quote_analysis_items / quote_analysis_offers.
-- Here each becomes one private function that every caller reads; the callers are recreated with
-- the same signatures and answers.

-- ---------------------------------------------------------------------------
-- 1. The last price paid

-- For each (product, instant) pair, the unit price of the product's most recent purchase order
-- line whose order was created strictly before the instant (ties at one instant: the greatest line
-- id, as before); null when there is none. Grain: linha de pedido. The pairs come as two arrays of
-- the same length and the answer names each by its position (ordinality, from 1).
--
-- One sorted pass instead of a lookup per pair: the probes and the order lines of their products
-- are sorted together by product and time, each order line opens a group, and a probe takes the
-- price of the group it falls in (the latest line before it). A probe sorts before an order line
-- of the same instant, so that line does not count ("strictly before").
create function private.last_prices_paid(p_product_ids uuid[], p_before timestamptz[])
returns table (ord bigint, last_price numeric)
language sql stable security definer set search_path = '' set work_mem = '32MB' as $$
  with probes as materialized (
    select t.product_id, t.at, t.ord
    from unnest(p_product_ids, p_before) with ordinality as t(product_id, at, ord)
  ),
  events as (
    select p.product_id, p.at, 0 as kind, null::uuid as line_id, p.ord, null::numeric as unit_price
    from probes p
    union all
    select s.product_id, o.created_at, 1, oi.id, null::bigint, oi.unit_price
    from public.purchase_order_items oi
    join public.purchase_orders o on o.id = oi.order_id
    join public.shortages s on s.id = oi.shortage_id
    where s.product_id in (select p.product_id from probes p where p.product_id is not null)
  ),
  grouped as (
    select e.*,
           count(e.line_id) over (partition by e.product_id order by e.at, e.kind, e.line_id rows unbounded preceding) as grp
    from events e
  )
  select x.ord,
         -- A probe without a product or an instant has no last price.
         case when x.product_id is not null and x.at is not null then x.group_price end
  from (
    -- The group's price over its order line, before the probes are kept (a window sees only the rows the WHERE keeps).
    select g.ord, g.kind, g.product_id, g.at, max(g.unit_price) over (partition by g.product_id, g.grp) as group_price
    from grouped g
  ) x
  where x.kind = 0
$$;

comment on function private.last_prices_paid(uuid[], timestamptz[]) is
  'Last price paid for each (product, instant) pair given as two arrays: unit price of the product''s most recent order line (order created_at, then line id) strictly before the instant; null when none. Rows named by ord, the pair''s position from 1.';

revoke all on function private.last_prices_paid(uuid[], timestamptz[]) from public, anon, authenticated;

grant execute on function private.last_prices_paid(uuid[], timestamptz[]) to service_role;

-- The per-row lookup it replaces (get_winning_items was its only caller, rewritten in section 5).
-- Dropped there, after its caller no longer needs it.

-- ---------------------------------------------------------------------------
-- 2. The quote analysis' items and offers

-- One row per offer of every item of the batches sent in the period (São Paulo days), and one row
-- with null offer columns for an item nobody priced. Item: a shortage in a sent batch, or one
-- quoted there and later returned to the queue (its quote lines keep it), filtered by the
-- shortage's unit, the product's category and the product. Offer: a priced line of a sent quote (a
-- quote still EM_ANDAMENTO is a draft nobody may compare), with its effective unit cost at the
-- monthly rate and its price and effective ranks among the item's offers (rank(), 1 = best).
-- first_of_item marks one row per item, so a caller lists items without sorting them apart.
--
-- enable_nestloop off: the planner cannot estimate the period's batches (a range over a time zone
-- expression), then loops over whole sets once per item (37 s for 90 days on 2,000 batches). Every
-- set here is a few tens of thousands of rows: hash joins suit all. work_mem 32MB: the default 4 MB
-- spilled a year's lines to disk.
create function private.quote_analysis_rows(
  p_from date, p_to date, p_unit_id uuid, p_category_id uuid, p_product_id uuid, p_rate numeric
)
returns table (
  batch_id uuid, batch_name text, batch_status text, sent_at timestamptz, closed_at timestamptz,
  shortage_id uuid, product_id uuid, product_name text, category_name text, unit_id uuid, unit_name text,
  need integer, first_of_item boolean,
  quote_item_id uuid, quote_id uuid, supplier_id uuid, supplier_name text,
  unit_price numeric, minimum_quantity integer, bonus integer, payment_term_days integer,
  effective_unit_cost numeric, price_rank integer, effective_rank integer, is_winner boolean
)
language sql stable security definer set search_path = '' set enable_nestloop = off set work_mem = '32MB'
rows 20000 as $$
  with batches as materialized (
    select b.id, b.name, b.status, b.sent_at, b.closed_at
    from public.quote_batches b
    where b.sent_at is not null
      and (p_from is null or (
        -- The range on sent_at itself (same São Paulo days) lets quote_batches_sent_at_idx serve it.
        b.sent_at >= (p_from::timestamp at time zone 'America/Sao_Paulo')
        and b.sent_at < ((p_to + 1)::timestamp at time zone 'America/Sao_Paulo')
        and (b.sent_at at time zone 'America/Sao_Paulo')::date between p_from and p_to))
  ),
  -- The quotes of those batches, each with the discount of its payment term at the rate (the
  -- power() of private.effective_unit_cost, taken once per quote rather than once per line).
  batch_quotes as materialized (
    select q.batch_id, q.id, q.supplier_id, q.status, q.payment_term_days,
           power(1 + greatest(coalesce(p_rate, 0), 0), greatest(coalesce(q.payment_term_days, 0), 0) / 30.0) as discount
    from batches b join public.quotes q on q.batch_id = b.id
  ),
  -- Every quote line of those batches (drafts too: a line keeps its shortage an item of the batch).
  lines as materialized (
    select q.batch_id, q.id as quote_id, q.supplier_id, q.status as quote_status, q.payment_term_days, q.discount,
           qi.id as quote_item_id, qi.shortage_id, qi.unit_price, qi.minimum_quantity,
           case when qi.has_bonus then qi.bonus_quantity else 0 end as bonus, qi.is_winner
    from batch_quotes q
    join public.quote_items qi on qi.quote_id = q.id
  ),
  items as materialized (
    select b.id as batch_id, b.name as batch_name, b.status as batch_status, b.sent_at, b.closed_at,
           s.id as shortage_id, p.id as product_id, p.name as product_name, pc.category_name,
           s.unit_id, u.name as unit_name, s.requested_quantity as need
    from (
      select s.batch_id, s.id as shortage_id from public.shortages s join batches b on b.id = s.batch_id
      union
      select l.batch_id, l.shortage_id from lines l
    ) x
    join batches b on b.id = x.batch_id
    join public.shortages s on s.id = x.shortage_id
    join public.products p on p.id = s.product_id
    left join public.store_units u on u.id = s.unit_id
    left join (
      select pc.product_id, string_agg(c.name, ', ' order by c.name) as category_name
      from public.product_categories pc join public.categories c on c.id = pc.category_id
      group by pc.product_id
    ) pc on pc.product_id = p.id
    where (p_unit_id is null or s.unit_id = p_unit_id)
      and (p_product_id is null or s.product_id = p_product_id)
      and (p_category_id is null or exists (
        select 1 from public.product_categories pc2 where pc2.product_id = s.product_id and pc2.category_id = p_category_id))
  ),
  offers as (
    select l.batch_id, l.shortage_id, l.quote_item_id, l.quote_id, l.supplier_id, sp.name as supplier_name,
           l.unit_price, l.minimum_quantity, l.bonus, l.payment_term_days,
           -- private.effective_unit_cost written out: a function with its own search_path is never
           -- inlined, and calling it once per offer dominated the whole history. The integration
           -- test "the analysis' effective cost is private.effective_unit_cost's" holds them equal.
           case when coalesce(i.need, 0) <= 0 then null
                else round(
                  l.unit_price * greatest(i.need, coalesce(l.minimum_quantity, 0))
                    / l.discount
                    / (i.need + greatest(coalesce(l.bonus, 0), 0)),
                  4)
           end as effective_unit_cost,
           l.is_winner
    from lines l
    join items i on i.batch_id = l.batch_id and i.shortage_id = l.shortage_id
    join public.suppliers sp on sp.id = l.supplier_id
    where l.quote_status <> 'EM_ANDAMENTO' and l.unit_price is not null
  )
  select i.batch_id, i.batch_name, i.batch_status, i.sent_at, i.closed_at,
         i.shortage_id, i.product_id, i.product_name, i.category_name, i.unit_id, i.unit_name, i.need,
         -- Ordered as the price rank, so the two windows share one sort (any row of the item would do).
         row_number() over (partition by i.batch_id, i.shortage_id order by o.unit_price) = 1,
         o.quote_item_id, o.quote_id, o.supplier_id, o.supplier_name,
         o.unit_price, o.minimum_quantity, o.bonus, o.payment_term_days, o.effective_unit_cost,
         case when o.quote_item_id is not null
              then (rank() over (partition by i.batch_id, i.shortage_id order by o.unit_price))::integer end,
         case when o.quote_item_id is not null
              then (rank() over (partition by i.batch_id, i.shortage_id order by o.effective_unit_cost))::integer end,
         o.is_winner
  from items i
  left join offers o on o.batch_id = i.batch_id and o.shortage_id = i.shortage_id
$$;

comment on function private.quote_analysis_rows(date, date, uuid, uuid, uuid, numeric) is
  'The quote analysis'' items (batch × shortage of the batches sent in the period, by unit, category, product) and their offers (priced lines of sent quotes) with effective unit cost at the monthly rate and price/effective rank; one row per offer, one with null offer columns per unpriced item, first_of_item once per item.';

revoke all on function private.quote_analysis_rows(date, date, uuid, uuid, uuid, numeric) from public, anon, authenticated;

grant execute on function private.quote_analysis_rows(date, date, uuid, uuid, uuid, numeric) to service_role;

-- ---------------------------------------------------------------------------
-- 3. The quote analysis reads them

-- The buyers', analysts' and admins' document (scope ALL), from private.quote_analysis_rows and
-- private.last_prices_paid; the rest as in 20261130200000_quote_analysis.sql.
create or replace function private.quote_analysis_all(
  p_from date, p_to date, p_unit_id uuid, p_supplier_id uuid, p_category_id uuid, p_product_id uuid, p_rate numeric
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
      from (select * from item_rows r order by r.sent_at desc, r.batch_id, r.product_name, r.shortage_id limit 1000) r
    ), '[]'::jsonb),
    'offers_total', (select count(*) from offers o where p_supplier_id is null or o.supplier_id = p_supplier_id),
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
          limit 500
        ) i
        join offers o on o.batch_id = i.batch_id and o.shortage_id = i.shortage_id
        where p_supplier_id is null or o.supplier_id = p_supplier_id
        order by i.sent_at desc, o.batch_id, i.product_name, o.shortage_id, o.price_rank, o.supplier_name
        limit 500
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

comment on function private.quote_analysis_all(date, date, uuid, uuid, uuid, uuid, numeric) is
  'The /analise-cotacoes document for buyers, analysts and admins (scope ALL): summary, suppliers, items, offers (500) and savings by month.';

revoke all on function private.quote_analysis_all(date, date, uuid, uuid, uuid, uuid, numeric) from public, anon, authenticated;

-- A representative's document (scope SUPPLIER), from the same rows.
create or replace function private.quote_analysis_supplier(
  p_supplier_id uuid, p_from date, p_to date, p_unit_id uuid, p_category_id uuid, p_product_id uuid
)
returns jsonb
-- enable_nestloop off: see private.quote_analysis_rows (the sets joined here are as large).
language sql stable security definer set search_path = '' set enable_nestloop = off as $$
  with analysis_rows as materialized (
    -- The rate changes no rank by price; the effective cost is not returned here.
    select * from private.quote_analysis_rows(p_from, p_to, p_unit_id, p_category_id, p_product_id, 0)
  ),
  items as materialized (
    select r.batch_id, r.batch_name, r.batch_status, r.sent_at, r.closed_at, r.shortage_id, r.product_name, r.need
    from analysis_rows r where r.first_of_item
  ),
  all_offers as materialized (
    select r.batch_id, r.shortage_id, r.quote_item_id, r.supplier_id, r.unit_price, r.price_rank, r.is_winner
    from analysis_rows r where r.quote_item_id is not null
  ),
  best as (
    select o.batch_id, o.shortage_id, min(o.unit_price) as best_price from all_offers o group by o.batch_id, o.shortage_id
  ),
  mine as (
    select o.*, i.batch_name, i.batch_status, i.closed_at, i.product_name, i.need, b.best_price,
           round(o.unit_price * coalesce(oi.quantity, i.need), 2) as value
    from all_offers o
    join items i on i.batch_id = o.batch_id and i.shortage_id = o.shortage_id
    join best b on b.batch_id = o.batch_id and b.shortage_id = o.shortage_id
    left join public.purchase_order_items oi on oi.quote_item_id = o.quote_item_id and o.is_winner
    where o.supplier_id = p_supplier_id
  ),
  scope_batches as (
    select distinct i.batch_id, i.sent_at from items i
  ),
  my_quotes as (
    select q.status, q.submitted_at, sb.sent_at
    from public.quotes q join scope_batches sb on sb.batch_id = q.batch_id
    where q.supplier_id = p_supplier_id
  ),
  closed_lines as (
    select m.* from mine m where m.batch_status in ('COTACAO_FINALIZADA', 'PEDIDO_ENVIADO')
  ),
  counts as (
    select
      (select count(*) from public.quote_batch_invitations inv join scope_batches sb on sb.batch_id = inv.batch_id
        where inv.supplier_id = p_supplier_id) as invited,
      (select count(*) from my_quotes q where q.status <> 'EM_ANDAMENTO') as responded,
      (select round(avg(extract(epoch from q.submitted_at - q.sent_at) / 3600)::numeric, 1)
         from my_quotes q where q.status <> 'EM_ANDAMENTO') as avg_response_hours,
      (select count(*) from mine) as items_quoted,
      (select count(*) from mine m where m.is_winner) as items_won,
      (select coalesce(sum(m.value) filter (where m.is_winner), 0) from mine m) as value_won
  )
  select jsonb_build_object(
    'scope', 'SUPPLIER',
    'supplier', (select jsonb_build_object('id', sp.id, 'name', sp.name) from public.suppliers sp where sp.id = p_supplier_id),
    'summary', (
      select jsonb_build_object(
        'invited', c.invited, 'responded', c.responded,
        'response_rate', case when c.invited = 0 then null else round(c.responded::numeric / c.invited, 4) end,
        'avg_response_hours', c.avg_response_hours,
        'items_quoted', c.items_quoted, 'items_won', c.items_won,
        'win_rate', case when c.items_quoted = 0 then null else round(c.items_won::numeric / c.items_quoted, 4) end,
        'value_won', c.value_won
      ) from counts c
    ),
    -- How its closed lines stand against the best price (grain: item cotado).
    'by_band', coalesce((
      select jsonb_agg(jsonb_build_object('band', b.band, 'lines', coalesce(c.lines, 0), 'won', coalesce(c.won, 0)) order by b.ord)
      from (values (1, 'melhor preço'), (2, 'até 5 %'), (3, '5–10 %'), (4, 'acima de 10 %')) as b(ord, band)
      left join (
        select x.band, count(*) as lines, count(*) filter (where x.is_winner) as won
        from (select l.is_winner, private.quote_price_band(l.unit_price, l.best_price) as band from closed_lines l) x
        group by x.band
      ) c on c.band = b.band
    ), '[]'::jsonb),
    'lines_total', (select count(*) from closed_lines),
    'lines_truncated', (select count(*) > 500 from closed_lines),
    'lines', coalesce((
      select jsonb_agg(jsonb_build_object(
        'line_id', l.quote_item_id, 'batch_id', l.batch_id, 'batch_name', l.batch_name, 'closed_at', l.closed_at,
        'product_name', l.product_name,
        'my_price', l.unit_price, 'my_rank', l.price_rank, 'won', l.is_winner,
        'band', private.quote_price_band(l.unit_price, l.best_price)
      ) order by l.closed_at desc, l.batch_id, l.product_name, l.shortage_id)
      from (select * from closed_lines c order by c.closed_at desc, c.batch_id, c.product_name, c.shortage_id limit 500) l
    ), '[]'::jsonb)
  )
$$;

comment on function private.quote_analysis_supplier(uuid, date, date, uuid, uuid, uuid) is
  'The /analise-cotacoes document for one supplier''s representative (scope SUPPLIER): own KPIs and, for closed batches, own lines with rank and a band of distance to the best price; nothing of competitors.';

revoke all on function private.quote_analysis_supplier(uuid, date, date, uuid, uuid, uuid) from public, anon, authenticated;

-- The supplier × item sheet, from the same rows.
create or replace function public.get_quote_matrix(
  p_from date,
  p_to date,
  p_unit_id uuid default null,
  p_supplier_id uuid default null,
  p_category_id uuid default null,
  p_product_id uuid default null,
  p_monthly_rate numeric default null
)
returns jsonb
-- enable_nestloop off and work_mem 32MB: see private.quote_analysis_all.
language plpgsql stable security definer set search_path = '' set enable_nestloop = off set work_mem = '32MB' as $$
declare
  v_rate numeric;
  v_result jsonb;
begin
  perform private.require_analysis_access('analise-cotacoes');
  perform private.check_analysis_period(p_from, p_to);
  v_rate := private.check_monthly_rate(p_monthly_rate);
  if private.quote_analysis_scope() <> 'ALL' then
    raise exception 'Representantes não exportam a matriz de preços' using errcode = '42501';
  end if;

  -- The cells are built only for the 5,000 rows returned, by one grouped pass instead of a lookup per row.
  with analysis_rows as materialized (
    select * from private.quote_analysis_rows(p_from, p_to, p_unit_id, p_category_id, p_product_id, v_rate)
  ),
  items as materialized (
    select r.batch_id, r.batch_name, r.sent_at, r.shortage_id, r.product_name, r.unit_name, r.need
    from analysis_rows r where r.first_of_item
  ),
  offers as materialized (
    select r.batch_id, r.shortage_id, r.supplier_id, r.supplier_name, r.unit_price, r.is_winner, r.effective_unit_cost
    from analysis_rows r
    where r.quote_item_id is not null and (p_supplier_id is null or r.supplier_id = p_supplier_id)
  ),
  rows as materialized (
    select i.* from items i
    where p_supplier_id is null or (i.batch_id, i.shortage_id) in (select o.batch_id, o.shortage_id from offers o)
  ),
  shown as materialized (
    select r.* from rows r order by r.sent_at desc, r.batch_id, r.product_name, r.shortage_id limit 5000
  ),
  cells as (
    select o.batch_id, o.shortage_id, jsonb_object_agg(o.supplier_id::text, jsonb_build_object(
             'price', o.unit_price, 'effective_unit_cost', o.effective_unit_cost, 'winner', o.is_winner)) as cells
    from offers o
    where (o.batch_id, o.shortage_id) in (select r.batch_id, r.shortage_id from shown r)
    group by o.batch_id, o.shortage_id
  )
  select jsonb_build_object(
    'monthly_rate', v_rate,
    'suppliers', coalesce((
      select jsonb_agg(jsonb_build_object('id', s.supplier_id, 'name', s.supplier_name) order by s.supplier_name, s.supplier_id)
      from (select distinct o.supplier_id, o.supplier_name from offers o) s
    ), '[]'::jsonb),
    'rows_total', (select count(*) from rows),
    'truncated', (select count(*) > 5000 from rows),
    'rows', coalesce((
      select jsonb_agg(jsonb_build_object(
        'batch_id', r.batch_id, 'batch_name', r.batch_name, 'sent_at', r.sent_at, 'product_name', r.product_name,
        'unit_name', r.unit_name, 'quantity', r.need, 'cells', coalesce(c.cells, '{}'::jsonb)
      ) order by r.sent_at desc, r.batch_id, r.product_name, r.shortage_id)
      from shown r left join cells c on c.batch_id = r.batch_id and c.shortage_id = r.shortage_id
    ), '[]'::jsonb)
  ) into v_result;
  return v_result;
end;
$$;

comment on function public.get_quote_matrix(date, date, uuid, uuid, uuid, uuid, numeric) is
  'The supplier × item price sheet of /analise-cotacoes (exported as XLSX): per item, each supplier''s price, effective unit cost and winner flag (5,000 rows, newest first). Buyers, analysts and admins; representatives → 42501.';

-- Replaced by private.quote_analysis_rows and private.last_prices_paid.
drop function private.quote_analysis_offers(date, date, uuid, uuid, uuid, numeric);
drop function private.quote_analysis_items(date, date, uuid, uuid, uuid);

-- ---------------------------------------------------------------------------
-- 4. The purchase report's lines read the last price paid from its one definition

-- Same lines and columns as before. The average quote of a line's item and its last price paid are
-- now one grouped pass and one private.last_prices_paid call over all the lines, instead of two
-- lookups per line (2.9 s for the whole generated history of bench:analytics). The last price is
-- the one before the line's batch was closed, and always before its own order was created (so an
-- order never serves as its own reference).
create or replace function private.purchase_report_lines(
  p_from date, p_to date, p_unit_id uuid, p_supplier_id uuid, p_category_id uuid, p_order_id uuid default null
)
returns table (
  line_id uuid, order_id uuid, batch_id uuid, supplier_id uuid, unit_id uuid, product_id uuid,
  order_created_at timestamptz, quantity integer, unit_price numeric, total_price numeric,
  avg_quote_price numeric, last_price numeric, savings_vs_avg numeric, savings_vs_last numeric
)
language sql stable set search_path = '' set work_mem = '32MB' as $$
  with lines as materialized (
    select oi.id as line_id, po.id as order_id, po.batch_id, po.supplier_id, s.unit_id, s.product_id,
           po.created_at, oi.quantity, oi.unit_price, oi.total_price, oi.shortage_id,
           least(coalesce(b.closed_at, po.created_at), po.created_at) as reference_at,
           row_number() over () as ord
      from public.purchase_orders po
      join public.purchase_order_items oi on oi.order_id = po.id
      join public.shortages s on s.id = oi.shortage_id
      join public.quote_batches b on b.id = po.batch_id
     where (p_order_id is null or po.id = p_order_id)
       and (p_from is null or (po.created_at at time zone 'America/Sao_Paulo')::date between p_from and p_to)
       and (p_supplier_id is null or po.supplier_id = p_supplier_id)
       and (p_unit_id is null or s.unit_id = p_unit_id)
       and (p_category_id is null or exists (
             select 1 from public.product_categories pc where pc.product_id = s.product_id and pc.category_id = p_category_id))
  ),
  -- The average of the priced lines of sent quotes for the line's item (its shortage in its batch).
  quoted as (
    select q.batch_id, qi.shortage_id, avg(qi.unit_price) as avg_price
      from public.quote_items qi
      join public.quotes q on q.id = qi.quote_id
     where qi.unit_price is not null and q.status <> 'EM_ANDAMENTO'
       and qi.shortage_id in (select l.shortage_id from lines l)
     group by q.batch_id, qi.shortage_id
  ),
  last_prices as (
    select lp.ord, lp.last_price
      from private.last_prices_paid(
        (select array_agg(l.product_id order by l.ord) from lines l),
        (select array_agg(l.reference_at order by l.ord) from lines l)) lp
  )
  select l.line_id, l.order_id, l.batch_id, l.supplier_id, l.unit_id, l.product_id,
         l.created_at, l.quantity, l.unit_price, l.total_price,
         r.avg_price, lp.last_price,
         round((r.avg_price - l.unit_price) * l.quantity, 2),
         round((lp.last_price - l.unit_price) * l.quantity, 2)
    from lines l
    left join quoted r on r.batch_id = l.batch_id and r.shortage_id = l.shortage_id
    left join last_prices lp on lp.ord = l.ord
$$;

comment on function private.purchase_report_lines(date, date, uuid, uuid, uuid, uuid) is
  'Order lines of the purchase report (grain: linha de pedido) with their savings against the average quote and the last price paid (private.last_prices_paid, before the batch closed and the order was created).';

-- ---------------------------------------------------------------------------
-- 5. get_winning_items reads the last prices in one pass

-- Same signature, rows and order as 20261130100000_purchasing_effective_cost.sql; the last price
-- paid comes from one private.last_prices_paid call over the won lines (a lookup per line took
-- 3.8 s over the generated history of bench:analytics).
create or replace function public.get_winning_items(p_from date default null, p_to date default null)
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
  won_at timestamptz,
  payment_term_days integer,
  effective_unit_cost numeric,
  last_price numeric,
  savings_vs_last numeric
)
language plpgsql stable security definer set search_path = '' as $$
declare
  v_supplier_id uuid;
  v_reader boolean;
begin
  if auth.uid() is null then
    raise exception 'Erro de autenticação. Por favor, faça login novamente.' using errcode = '42501';
  end if;
  v_reader := private.can_read_purchasing();
  if v_reader then
    v_supplier_id := null;
  elsif private.is_representative() then
    v_supplier_id := private.current_supplier_id();
  else
    raise exception 'Sem permissão para consultar itens vitoriosos' using errcode = '42501';
  end if;
  return query
    with won as materialized (
      select qi.id as w_quote_item_id, q.id as w_quote_id, b.id as w_batch_id, b.name as w_batch_name,
             sp.id as w_supplier_id, sp.name as w_supplier_name, s.id as w_shortage_id, p.id as w_product_id,
             p.name as w_product_name, p.barcode as w_barcode, u.name as w_unit_name,
             s.requested_quantity as w_quantity, qi.unit_price as w_unit_price, b.closed_at as w_closed_at,
             q.payment_term_days as w_payment_term_days, qi.minimum_quantity as w_minimum_quantity,
             case when qi.has_bonus then qi.bonus_quantity else 0 end as w_bonus,
             row_number() over (order by b.closed_at desc nulls last, p.name, qi.id) as w_ord
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
    ),
    -- The last price paid may be a competitor's: readers only, never a representative (no pairs
    -- asked: every last price null). A batch not closed yet has none.
    last_prices as (
      select lp.ord as l_ord, lp.last_price as l_price
      from private.last_prices_paid(
        (select array_agg(w.w_product_id order by w.w_ord) from won w where v_reader),
        (select array_agg(w.w_closed_at order by w.w_ord) from won w where v_reader)) lp
    )
    select w.w_quote_item_id, w.w_quote_id, w.w_batch_id, w.w_batch_name, w.w_supplier_id, w.w_supplier_name,
           w.w_shortage_id, w.w_product_id, w.w_product_name, w.w_barcode, w.w_unit_name,
           w.w_quantity, w.w_unit_price, round(w.w_quantity * w.w_unit_price, 2), w.w_closed_at,
           w.w_payment_term_days,
           -- At the default cost of money (2 % a month); the analyses take the buyer's own rate.
           private.effective_unit_cost(w.w_unit_price, w.w_quantity, w.w_minimum_quantity, w.w_bonus,
                                       w.w_payment_term_days, 0.02),
           l.l_price,
           case when l.l_price is not null then round((l.l_price - w.w_unit_price) * w.w_quantity, 2) end
    from won w
    left join last_prices l on l.l_ord = w.w_ord
    order by w.w_ord;
end;
$$;

drop function private.last_price_paid(uuid, timestamptz);
