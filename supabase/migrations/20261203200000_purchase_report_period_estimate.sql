-- Issue 28, speed: the purchase report's lines give the planner a range it can estimate.
--
-- private.purchase_report_lines kept the orders of the period with a São Paulo day expression on
-- created_at, whose selectivity the planner cannot estimate: it guessed 80 lines where 12 months of
-- the bench's history hold 7,815, and then read the quotes' average of each line's item by one index
-- probe per quote line (37,920 probes, about 140 ms of the report's 400–560 ms). The filter now
-- states the period as the range of instants its São Paulo days span (from p_from's midnight to the
-- midnight after p_to: the same orders), which the column's statistics estimate, so a long period
-- is joined by hashing and a short one or a single order still by probes. Same rows; plan_cache_mode
-- as set by 20261203100000 (create or replace resets a function's settings to those it states).

create or replace function private.purchase_report_lines(
  p_from date, p_to date, p_unit_id uuid, p_supplier_id uuid, p_category_id uuid, p_order_id uuid default null
)
returns table (
  line_id uuid, order_id uuid, batch_id uuid, supplier_id uuid, unit_id uuid, product_id uuid,
  order_created_at timestamptz, quantity integer, unit_price numeric, total_price numeric,
  avg_quote_price numeric, last_price numeric, savings_vs_avg numeric, savings_vs_last numeric
)
language sql stable set search_path = '' set work_mem = '32MB' set plan_cache_mode = force_custom_plan as $$
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
       -- The São Paulo days from p_from to p_to, as the range of instants they span: from p_from's
       -- midnight to the midnight after p_to (what the planner can estimate).
       and (p_from is null or (
             po.created_at >= (p_from::timestamp at time zone 'America/Sao_Paulo')
             and po.created_at < ((p_to + 1)::timestamp at time zone 'America/Sao_Paulo')))
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
