-- Issue 28, items 3 and 4: /analise-faltas (which products run short, where, how often again,
-- and how long a shortage waits for its batch, its order and its delivery) and
-- /analise-dias-compras (days from shortage to order and to delivery by supplier, product and
-- weekday of ordering; suppliers' on-time rate against the ORIGINAL promised date and fill rate
-- from the counted quantities). Both are computed here, in one jsonb document per screen load,
-- so the screens only draw: one round trip per filter change and no arithmetic in React.
--
-- Conventions (shared by every analysis RPC of issue 28):
--   * security definer, stable; the first line checks the route's access (spec §6) through
--     private.require_analysis_access, then the period through private.check_analysis_period;
--   * periods are America/Sao_Paulo days; both dates null = everything;
--   * filters null = all; an id that does not exist simply matches nothing;
--   * every ratio whose denominator is 0 is JSON null (the screen says 'sem dados', never 0 % or
--     100 %); durations are days with one decimal (numeric(10,1)).
-- Only ADMIN and purchasing readers pass the access check, and they read every unit, so there is
-- no per-unit scope inside.

-- Recurrence looks back, per product and unit, at the previous shortage's registration time.
-- (Indexes for the periods' ranges on base tables are H5's 20261130500000_analytics_indexes.sql.)
create index shortages_recurrence_idx on public.shortages (product_id, unit_id, created_at);

-- ===========================================================================
-- /analise-faltas

create function public.get_shortage_analysis(
  p_from date,
  p_to date,
  p_unit_id uuid default null,
  p_category_id uuid default null,
  p_product_id uuid default null,
  p_recurrence_days integer default 30
)
returns jsonb
language plpgsql stable security definer set search_path = '' as $$
declare
  v_result jsonb;
  v_first_week date;
  v_last_week date;
  -- The period's São Paulo days as instants, so the index on created_at serves the range.
  v_start timestamptz := p_from::timestamp at time zone 'America/Sao_Paulo';
  v_end timestamptz := (p_to + 1)::timestamp at time zone 'America/Sao_Paulo';
begin
  perform private.require_analysis_access('analise-faltas');
  perform private.check_analysis_period(p_from, p_to);
  if p_recurrence_days is null or p_recurrence_days < 1 or p_recurrence_days > 365 then
    raise exception 'A recorrência deve ser de 1 a 365 dias' using errcode = '22023';
  end if;

  -- Weeks start on Monday (ISO); the series covers the whole period so quiet weeks show as 0.
  if p_from is not null then
    v_first_week := date_trunc('week', p_from)::date;
    v_last_week := date_trunc('week', p_to)::date;
  end if;

  with base as (
    -- Grain: falta. One row per shortage registered in the period that matches the filters.
    select s.id, s.product_id, s.unit_id, s.requested_quantity, s.created_at, s.batched_at,
           (s.created_at at time zone 'America/Sao_Paulo')::date as day
    from public.shortages s
    where (p_from is null or (s.created_at >= v_start and s.created_at < v_end))
      and (p_unit_id is null or s.unit_id = p_unit_id)
      and (p_product_id is null or s.product_id = p_product_id)
      and (p_category_id is null or exists (
            select 1 from public.product_categories pc where pc.product_id = s.product_id and pc.category_id = p_category_id))
  ),
  facts as (
    -- Recurring: the same product in the same unit was registered short within N days before
    -- (looking back before the period too: recurrence is a fact of the shortage, not of the window).
    -- Lead times in days, only for shortages that reached the step: registration → batch
    -- (batched_at), → order (the first order line's order), → delivery (that line's receipt).
    select b.*,
           exists (
             select 1 from public.shortages p
             where p.product_id = b.product_id and p.unit_id = b.unit_id and p.id <> b.id
               and p.created_at <= b.created_at
               and p.created_at >= b.created_at - make_interval(days => p_recurrence_days)
               and (p.created_at < b.created_at or p.id < b.id)
           ) as recurring,
           extract(epoch from (b.batched_at - b.created_at)) / 86400.0 as days_to_batch,
           extract(epoch from (o.ordered_at - b.created_at)) / 86400.0 as days_to_order,
           extract(epoch from (o.received_at - b.created_at)) / 86400.0 as days_to_delivery
    from base b
    left join lateral (
      select po.created_at as ordered_at, oi.received_at
      from public.purchase_order_items oi join public.purchase_orders po on po.id = oi.order_id
      where oi.shortage_id = b.id
      order by po.created_at, oi.id
      limit 1
    ) o on true
  ),
  summary as (
    select jsonb_build_object(
      'shortages', count(*),
      'products', count(distinct f.product_id),
      'units', count(distinct f.unit_id),
      'requested_quantity', coalesce(sum(f.requested_quantity), 0),
      'recurring_shortages', count(*) filter (where f.recurring),
      'recurring_share', case when count(*) = 0 then null
                              else round(count(*) filter (where f.recurring)::numeric / count(*), 4) end,
      'avg_days_to_batch', round(avg(f.days_to_batch), 1),
      'avg_days_to_order', round(avg(f.days_to_order), 1),
      'avg_days_to_delivery', round(avg(f.days_to_delivery), 1)
    ) as doc
    from facts f
  ),
  weeks as (
    select w::date as week
    from generate_series(
      coalesce(v_first_week, (select date_trunc('week', min(f.day))::date from facts f)),
      coalesce(v_last_week, (select date_trunc('week', max(f.day))::date from facts f)),
      interval '7 days') w
  ),
  by_week as (
    select coalesce(jsonb_agg(jsonb_build_object(
             'week', to_char(w.week, 'YYYY-MM-DD'),
             'shortages', coalesce(x.shortages, 0),
             'requested_quantity', coalesce(x.requested_quantity, 0)) order by w.week), '[]'::jsonb) as doc
    from weeks w
    left join (
      select date_trunc('week', f.day)::date as week, count(*) as shortages, sum(f.requested_quantity) as requested_quantity
      from facts f group by 1
    ) x on x.week = w.week
  ),
  by_unit as (
    select coalesce(jsonb_agg(jsonb_build_object(
             'unit_id', x.unit_id, 'unit_name', u.name, 'shortages', x.shortages,
             'requested_quantity', x.requested_quantity, 'recurring', x.recurring,
             'avg_days_to_delivery', x.avg_days_to_delivery) order by x.shortages desc, u.name), '[]'::jsonb) as doc
    from (
      select f.unit_id, count(*) as shortages, sum(f.requested_quantity) as requested_quantity,
             count(*) filter (where f.recurring) as recurring,
             round(avg(f.days_to_delivery), 1) as avg_days_to_delivery
      from facts f group by f.unit_id
    ) x join public.store_units u on u.id = x.unit_id
  ),
  by_category as (
    -- A product in several categories counts in each; one without any under 'Sem categoria'.
    select coalesce(jsonb_agg(jsonb_build_object(
             'category_id', x.category_id, 'category_name', coalesce(c.name, 'Sem categoria'),
             'shortages', x.shortages, 'requested_quantity', x.requested_quantity)
             order by x.shortages desc, c.name nulls last), '[]'::jsonb) as doc
    from (
      select pc.category_id, count(*) as shortages, sum(f.requested_quantity) as requested_quantity
      from facts f left join public.product_categories pc on pc.product_id = f.product_id
      where p_category_id is null or pc.category_id = p_category_id
      group by pc.category_id
    ) x left join public.categories c on c.id = x.category_id
  ),
  per_product as (
    select f.product_id, p.name as product_name, count(*) as shortages,
           sum(f.requested_quantity) as requested_quantity, count(distinct f.unit_id) as units
    from facts f join public.products p on p.id = f.product_id
    group by f.product_id, p.name
  ),
  top_by_frequency as (
    select coalesce(jsonb_agg(jsonb_build_object(
             'product_id', t.product_id, 'product_name', t.product_name, 'shortages', t.shortages,
             'requested_quantity', t.requested_quantity, 'units', t.units)
             order by t.shortages desc, t.requested_quantity desc, t.product_name), '[]'::jsonb) as doc
    from (select * from per_product order by shortages desc, requested_quantity desc, product_name limit 20) t
  ),
  top_by_quantity as (
    select coalesce(jsonb_agg(jsonb_build_object(
             'product_id', t.product_id, 'product_name', t.product_name, 'shortages', t.shortages,
             'requested_quantity', t.requested_quantity, 'units', t.units)
             order by t.requested_quantity desc, t.shortages desc, t.product_name), '[]'::jsonb) as doc
    from (select * from per_product order by requested_quantity desc, shortages desc, product_name limit 20) t
  ),
  recurring as (
    -- Products that ran short again in the same unit within N days: occurrences = shortages of
    -- that product and unit in the period, recurring = how many of them were repeats.
    select coalesce(jsonb_agg(jsonb_build_object(
             'product_id', t.product_id, 'product_name', t.product_name, 'unit_id', t.unit_id,
             'unit_name', t.unit_name, 'occurrences', t.occurrences, 'recurring', t.recurring,
             'last_at', t.last_at)
             order by t.occurrences desc, t.last_at desc, t.product_name), '[]'::jsonb) as doc
    from (
      select f.product_id, p.name as product_name, f.unit_id, u.name as unit_name, count(*) as occurrences,
             count(*) filter (where f.recurring) as recurring, max(f.created_at) as last_at
      from facts f join public.products p on p.id = f.product_id join public.store_units u on u.id = f.unit_id
      group by f.product_id, p.name, f.unit_id, u.name
      having count(*) filter (where f.recurring) > 0
      order by count(*) desc, max(f.created_at) desc, p.name
      limit 100
    ) t
  )
  select jsonb_build_object(
    'recurrence_days', p_recurrence_days,
    'summary', (select doc from summary),
    'by_week', (select doc from by_week),
    'by_unit', (select doc from by_unit),
    'by_category', (select doc from by_category),
    'top_by_frequency', (select doc from top_by_frequency),
    'top_by_quantity', (select doc from top_by_quantity),
    'recurring', (select doc from recurring)
  ) into v_result;
  return v_result;
end;
$$;

comment on function public.get_shortage_analysis(date, date, uuid, uuid, uuid, integer) is
  '/analise-faltas (ADMIN, ANALISTA with VIEW_REPORTS). Grain: falta, period on shortages.created_at (São Paulo days). '
  'Counts and requested quantity by week, unit, category and product; recurring = the same product in the same unit '
  'registered within p_recurrence_days (1–365) after a previous one; average days from registration to batch '
  '(batched_at), to order and to delivery over the shortages that reached each step (null when none did).';

revoke all on function public.get_shortage_analysis(date, date, uuid, uuid, uuid, integer) from public, anon;
grant execute on function public.get_shortage_analysis(date, date, uuid, uuid, uuid, integer) to authenticated;

-- ===========================================================================
-- /analise-dias-compras

create function public.get_purchase_days_analysis(
  p_from date,
  p_to date,
  p_unit_id uuid default null,
  p_supplier_id uuid default null,
  p_category_id uuid default null,
  p_product_id uuid default null
)
returns jsonb
language plpgsql stable security definer set search_path = '' as $$
declare
  v_result jsonb;
  v_start timestamptz := p_from::timestamp at time zone 'America/Sao_Paulo';
  v_end timestamptz := (p_to + 1)::timestamp at time zone 'America/Sao_Paulo';
begin
  perform private.require_analysis_access('analise-dias-compras');
  perform private.check_analysis_period(p_from, p_to);

  with lines as (
    -- Grain: linha de pedido. Every line of an order created in the period; the unit, category
    -- and product are the shortage's (an order may serve several units).
    select oi.id as line_id, o.id as order_id, o.supplier_id, s.product_id,
           oi.quantity, oi.received_at is not null as received,
           coalesce(oi.received_quantity, oi.quantity) as received_quantity,
           extract(dow from (o.created_at at time zone 'America/Sao_Paulo'))::integer as weekday,
           extract(epoch from (o.created_at - s.created_at)) / 86400.0 as days_shortage_to_order,
           extract(epoch from (oi.received_at - s.created_at)) / 86400.0 as days_shortage_to_delivery,
           extract(epoch from (oi.received_at - o.created_at)) / 86400.0 as days_order_to_delivery
    from public.purchase_orders o
    join public.purchase_order_items oi on oi.order_id = o.id
    join public.shortages s on s.id = oi.shortage_id
    where (p_from is null or (o.created_at >= v_start and o.created_at < v_end))
      and (p_supplier_id is null or o.supplier_id = p_supplier_id)
      and (p_unit_id is null or s.unit_id = p_unit_id)
      and (p_product_id is null or s.product_id = p_product_id)
      and (p_category_id is null or exists (
            select 1 from public.product_categories pc where pc.product_id = s.product_id and pc.category_id = p_category_id))
  ),
  orders as (
    -- Grain: pedido. The orders with at least one line above. On time = received (the last line
    -- confirmed) on or before the date promised when the order was sent (promised_date), never
    -- the current delivery_date, which later edits move.
    select o.id as order_id, o.supplier_id,
           extract(dow from (o.created_at at time zone 'America/Sao_Paulo'))::integer as weekday,
           o.received_at is not null as received,
           o.received_at is not null and o.promised_date is not null as judged,
           o.received_at is not null and o.promised_date is not null
             and (o.received_at at time zone 'America/Sao_Paulo')::date <= o.promised_date as on_time
    from public.purchase_orders o
    where o.id in (select l.order_id from lines l)
  ),
  summary as (
    select jsonb_build_object(
      'orders', (select count(*) from orders),
      'received_orders', (select count(*) filter (where received) from orders),
      'lines', count(*),
      'received_lines', count(*) filter (where l.received),
      'avg_days_shortage_to_order', round(avg(l.days_shortage_to_order), 1),
      'avg_days_shortage_to_delivery', round(avg(l.days_shortage_to_delivery), 1),
      'avg_days_order_to_delivery', round(avg(l.days_order_to_delivery), 1),
      'judged_orders', (select count(*) filter (where judged) from orders),
      'on_time_orders', (select count(*) filter (where on_time) from orders),
      'on_time_rate', (select case when count(*) filter (where judged) = 0 then null
                                   else round(count(*) filter (where on_time)::numeric / count(*) filter (where judged), 4) end
                       from orders),
      'fill_rate', case when coalesce(sum(l.quantity) filter (where l.received), 0) = 0 then null
                        else round(sum(l.received_quantity) filter (where l.received)::numeric
                                   / sum(l.quantity) filter (where l.received), 4) end
    ) as doc
    from lines l
  ),
  by_supplier as (
    select coalesce(jsonb_agg(jsonb_build_object(
             'supplier_id', x.supplier_id, 'supplier_name', sp.name, 'orders', coalesce(y.orders, 0),
             'lines', x.lines, 'received_orders', coalesce(y.received_orders, 0),
             'avg_days_order_to_delivery', x.avg_days_order_to_delivery,
             'avg_days_shortage_to_delivery', x.avg_days_shortage_to_delivery,
             'judged_orders', coalesce(y.judged, 0), 'on_time_orders', coalesce(y.on_time, 0),
             'on_time_rate', case when coalesce(y.judged, 0) = 0 then null else round(y.on_time::numeric / y.judged, 4) end,
             'ordered_quantity', x.ordered_quantity, 'received_quantity', x.received_quantity,
             'fill_rate', case when coalesce(x.ordered_quantity, 0) = 0 then null
                               else round(x.received_quantity::numeric / x.ordered_quantity, 4) end)
             order by x.lines desc, sp.name), '[]'::jsonb) as doc
    from (
      select l.supplier_id, count(*) as lines,
             round(avg(l.days_order_to_delivery), 1) as avg_days_order_to_delivery,
             round(avg(l.days_shortage_to_delivery), 1) as avg_days_shortage_to_delivery,
             coalesce(sum(l.quantity) filter (where l.received), 0) as ordered_quantity,
             coalesce(sum(l.received_quantity) filter (where l.received), 0) as received_quantity
      from lines l group by l.supplier_id
    ) x
    join public.suppliers sp on sp.id = x.supplier_id
    left join (
      select o.supplier_id, count(*) as orders, count(*) filter (where o.received) as received_orders,
             count(*) filter (where o.judged) as judged, count(*) filter (where o.on_time) as on_time
      from orders o group by o.supplier_id
    ) y on y.supplier_id = x.supplier_id
  ),
  weekdays as (
    -- All seven days (0 = domingo … 6 = sábado), the day the order was created in São Paulo.
    select d.weekday,
           (select count(*) from orders o where o.weekday = d.weekday) as orders,
           (select round(avg(l.days_order_to_delivery), 1) from lines l where l.weekday = d.weekday) as avg_days_order_to_delivery,
           (select round(avg(l.days_shortage_to_delivery), 1) from lines l where l.weekday = d.weekday) as avg_days_shortage_to_delivery
    from generate_series(0, 6) as d(weekday)
  ),
  by_product as (
    select coalesce(jsonb_agg(jsonb_build_object(
             'product_id', t.product_id, 'product_name', t.product_name, 'lines', t.lines,
             'avg_days_shortage_to_order', t.avg_days_shortage_to_order,
             'avg_days_shortage_to_delivery', t.avg_days_shortage_to_delivery)
             order by t.lines desc, t.product_name), '[]'::jsonb) as doc
    from (
      select l.product_id, p.name as product_name, count(*) as lines,
             round(avg(l.days_shortage_to_order), 1) as avg_days_shortage_to_order,
             round(avg(l.days_shortage_to_delivery), 1) as avg_days_shortage_to_delivery
      from lines l join public.products p on p.id = l.product_id
      group by l.product_id, p.name
      order by count(*) desc, p.name
      limit 50
    ) t
  )
  select jsonb_build_object(
    'summary', (select doc from summary),
    'by_supplier', (select doc from by_supplier),
    'by_weekday', (select jsonb_agg(jsonb_build_object(
                     'weekday', w.weekday, 'orders', w.orders,
                     'avg_days_order_to_delivery', w.avg_days_order_to_delivery,
                     'avg_days_shortage_to_delivery', w.avg_days_shortage_to_delivery) order by w.weekday)
                   from weekdays w),
    'by_product', (select doc from by_product),
    -- The ordering weekday whose lines arrived soonest after the order (ties: the earlier day);
    -- null while no line was received.
    'best_weekday', (select w.weekday from weekdays w where w.avg_days_order_to_delivery is not null
                     order by w.avg_days_order_to_delivery, w.weekday limit 1)
  ) into v_result;
  return v_result;
end;
$$;

comment on function public.get_purchase_days_analysis(date, date, uuid, uuid, uuid, uuid) is
  '/analise-dias-compras (ADMIN, ADMIN_COMPRAS, ANALISTA with VIEW_REPORTS). Period on purchase_orders.created_at '
  '(São Paulo days). Grain: linha de pedido for days shortage → order, shortage → delivery, order → delivery (received '
  'lines only) and the fill rate (Σ received ÷ Σ ordered over received lines); grain: pedido for the on-time rate '
  '(received on or before the ORIGINAL promised_date ÷ received orders with a promise). By supplier, weekday of '
  'ordering (0 = domingo) and product (top 50 by lines); best_weekday = shortest order → delivery.';

revoke all on function public.get_purchase_days_analysis(date, date, uuid, uuid, uuid, uuid) from public, anon;
grant execute on function public.get_purchase_days_analysis(date, date, uuid, uuid, uuid, uuid) to authenticated;
