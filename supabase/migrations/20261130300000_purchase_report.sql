-- Issue 28: the options every analysis screen's filter bar offers, and the purchase report
-- (/relatorio-compras) with its order drill-down.
--
--   * get_analysis_filter_options(): units, suppliers and categories as [{id, name}] for the
--     filter bar of the four analysis routes, in one round trip. A representative gets its own
--     supplier and no other (a competitor's name is exactly what it must not learn there).
--   * get_purchase_report(...): orders by period, supplier and unit with totals, line counts and
--     savings (section 2 below).
--   * get_purchase_report_order(p_order_id): one order and its lines, for the drill-down.
--
-- All are security definer: they read across units for callers whom
-- private.require_analysis_access admits, and refuse everyone else before reading anything.

-- ---------------------------------------------------------------------------
-- 1. Filter options of the analysis screens

create function public.get_analysis_filter_options()
returns jsonb
language plpgsql stable security definer set search_path = '' as $$
declare
  v_screen text;
  v_allowed boolean := false;
  v_supplier uuid;
begin
  -- Whoever may open at least one analysis screen may list its filter options.
  foreach v_screen in array array['analise-cotacoes', 'analise-faltas', 'analise-dias-compras', 'relatorio-compras'] loop
    begin
      perform private.require_analysis_access(v_screen);
      v_allowed := true;
      exit;
    exception when insufficient_privilege then
      -- An unauthenticated caller gets the same refusal on every screen: report it as it is.
      if auth.uid() is null then
        raise;
      end if;
    end;
  end loop;
  if not v_allowed then
    raise exception 'Você não tem permissão para ver esta análise' using errcode = '42501';
  end if;

  -- A representative (not an admin) sees only its own supplier in the Fornecedor filter.
  v_supplier := case when private.is_representative() and not private.is_admin() then private.current_supplier_id() end;

  return jsonb_build_object(
    'units', coalesce((select jsonb_agg(jsonb_build_object('id', u.id, 'name', u.name) order by u.name)
                         from public.store_units u), '[]'::jsonb),
    'suppliers', coalesce((select jsonb_agg(jsonb_build_object('id', s.id, 'name', s.name) order by s.name)
                             from public.suppliers s
                            where v_supplier is null or s.id = v_supplier),
                          '[]'::jsonb),
    'categories', coalesce((select jsonb_agg(jsonb_build_object('id', c.id, 'name', c.name) order by c.name)
                              from public.categories c), '[]'::jsonb)
  );
end;
$$;

comment on function public.get_analysis_filter_options() is
  'Units, suppliers and categories ({units, suppliers, categories}, each [{id, name}] by name) for the analysis screens'' filters; '
  'a representative gets only its own supplier. 42501 for callers who may open no analysis screen.';

revoke all on function public.get_analysis_filter_options() from public, anon;

grant execute on function public.get_analysis_filter_options() to authenticated, service_role;

-- ---------------------------------------------------------------------------
-- 2. The purchase report (/relatorio-compras)
--
-- Grain: the order line (purchase_order_items). An order can serve several units (its lines come
-- from shortages of different units), so the unit and category filters keep the matching LINES,
-- and an order counts when at least one of its lines matches; its amount is then the sum of
-- those lines (without filters, exactly purchase_orders.total_amount).
--
-- Savings of a line, each null when its reference is missing (summed over the lines that have one;
-- null when none has):
--   savings_vs_avg  = (average unit price of the priced, submitted quote items of the line's shortage
--                      in its batch − the line's unit price) × ordered quantity
--   savings_vs_last = (unit price of the most recent earlier order line of the same product, by order
--                      created_at, before the line's batch was closed − the line's unit price) × quantity
-- Period: purchase_orders.created_at as a São Paulo day.

-- The measured lines: one row per order line with its order, unit, product and both references.
-- Security invoker (default for SQL functions) but private and only called from the security-definer
-- RPCs below, after their access check.
create function private.purchase_report_lines(
  p_from date, p_to date, p_unit_id uuid, p_supplier_id uuid, p_category_id uuid, p_order_id uuid default null
)
returns table (
  line_id uuid, order_id uuid, batch_id uuid, supplier_id uuid, unit_id uuid, product_id uuid,
  order_created_at timestamptz, quantity integer, unit_price numeric, total_price numeric,
  avg_quote_price numeric, last_price numeric, savings_vs_avg numeric, savings_vs_last numeric
)
language sql stable set search_path = '' as $$
  select oi.id, po.id, po.batch_id, po.supplier_id, s.unit_id, s.product_id,
         po.created_at, oi.quantity, oi.unit_price, oi.total_price,
         ref.avg_price, last.unit_price,
         round((ref.avg_price - oi.unit_price) * oi.quantity, 2),
         round((last.unit_price - oi.unit_price) * oi.quantity, 2)
    from public.purchase_orders po
    join public.purchase_order_items oi on oi.order_id = po.id
    join public.shortages s on s.id = oi.shortage_id
    join public.quote_batches b on b.id = po.batch_id
    left join lateral (
      select avg(qi.unit_price) as avg_price
        from public.quote_items qi
        join public.quotes q on q.id = qi.quote_id
       where qi.shortage_id = oi.shortage_id and q.batch_id = po.batch_id
         and qi.unit_price is not null and q.status <> 'EM_ANDAMENTO'
    ) ref on true
    left join lateral (
      select oi2.unit_price
        from public.purchase_order_items oi2
        join public.purchase_orders po2 on po2.id = oi2.order_id
        join public.shortages s2 on s2.id = oi2.shortage_id
       where s2.product_id = s.product_id and po2.id <> po.id
         and po2.created_at < coalesce(b.closed_at, po.created_at)
       order by po2.created_at desc, oi2.id
       limit 1
    ) last on true
   where (p_order_id is null or po.id = p_order_id)
     and (p_from is null or (po.created_at at time zone 'America/Sao_Paulo')::date between p_from and p_to)
     and (p_supplier_id is null or po.supplier_id = p_supplier_id)
     and (p_unit_id is null or s.unit_id = p_unit_id)
     and (p_category_id is null or exists (
           select 1 from public.product_categories pc where pc.product_id = s.product_id and pc.category_id = p_category_id))
$$;

comment on function private.purchase_report_lines(date, date, uuid, uuid, uuid, uuid) is
  'Order lines of the purchase report (grain: linha de pedido) with their savings against the average quote and the last price paid.';

revoke all on function private.purchase_report_lines(date, date, uuid, uuid, uuid, uuid) from public, anon, authenticated;

grant execute on function private.purchase_report_lines(date, date, uuid, uuid, uuid, uuid) to service_role;

create function public.get_purchase_report(
  p_from date, p_to date,
  p_unit_id uuid default null, p_supplier_id uuid default null, p_category_id uuid default null
)
returns jsonb
language plpgsql stable security definer set search_path = '' as $$
declare
  v_cap constant integer := 1000;
  v_result jsonb;
begin
  perform private.require_analysis_access('relatorio-compras');
  perform private.check_analysis_period(p_from, p_to);

  -- One pass over the lines (materialized once), every grouping from it.
  with l as materialized (
    select * from private.purchase_report_lines(p_from, p_to, p_unit_id, p_supplier_id, p_category_id)
  ),
  orders as (
    select l.order_id, count(*) as lines, sum(l.total_price) as total_amount,
           sum(l.savings_vs_avg) as savings_vs_avg, sum(l.savings_vs_last) as savings_vs_last
      from l group by l.order_id
  )
  select jsonb_build_object(
    'summary', (
      select jsonb_build_object(
        'orders', count(*),
        'lines', coalesce(sum(o.lines), 0),
        'total_amount', coalesce(round(sum(o.total_amount), 2), 0),
        'savings_vs_avg', round(sum(o.savings_vs_avg), 2),
        'savings_vs_last', round(sum(o.savings_vs_last), 2),
        'received_orders', count(*) filter (where po.status = 'RECEBIDO'),
        'pending_orders', count(*) filter (where po.status <> 'RECEBIDO'))
        from orders o join public.purchase_orders po on po.id = o.order_id),
    'by_month', coalesce((
      select jsonb_agg(jsonb_build_object(
               'month', m.month, 'orders', m.orders, 'lines', m.lines, 'total_amount', m.total_amount,
               'savings_vs_avg', m.savings_vs_avg, 'savings_vs_last', m.savings_vs_last) order by m.month)
        from (select to_char(l.order_created_at at time zone 'America/Sao_Paulo', 'YYYY-MM') as month,
                     count(distinct l.order_id) as orders, count(*) as lines,
                     round(sum(l.total_price), 2) as total_amount,
                     round(sum(l.savings_vs_avg), 2) as savings_vs_avg,
                     round(sum(l.savings_vs_last), 2) as savings_vs_last
                from l group by 1) m), '[]'::jsonb),
    'by_supplier', coalesce((
      select jsonb_agg(jsonb_build_object(
               'supplier_id', x.supplier_id, 'supplier_name', sup.name, 'orders', x.orders, 'lines', x.lines,
               'total_amount', x.total_amount, 'savings_vs_avg', x.savings_vs_avg, 'savings_vs_last', x.savings_vs_last)
               order by x.total_amount desc, sup.name)
        from (select l.supplier_id, count(distinct l.order_id) as orders, count(*) as lines,
                     round(sum(l.total_price), 2) as total_amount,
                     round(sum(l.savings_vs_avg), 2) as savings_vs_avg,
                     round(sum(l.savings_vs_last), 2) as savings_vs_last
                from l group by l.supplier_id) x
        join public.suppliers sup on sup.id = x.supplier_id), '[]'::jsonb),
    'by_unit', coalesce((
      select jsonb_agg(jsonb_build_object(
               'unit_id', x.unit_id, 'unit_name', u.name, 'orders', x.orders, 'lines', x.lines,
               'total_amount', x.total_amount, 'savings_vs_avg', x.savings_vs_avg)
               order by x.total_amount desc, u.name)
        from (select l.unit_id, count(distinct l.order_id) as orders, count(*) as lines,
                     round(sum(l.total_price), 2) as total_amount,
                     round(sum(l.savings_vs_avg), 2) as savings_vs_avg
                from l group by l.unit_id) x
        join public.store_units u on u.id = x.unit_id), '[]'::jsonb),
    'orders', coalesce((
      select jsonb_agg(jsonb_build_object(
               'order_id', po.id, 'batch_id', po.batch_id, 'batch_name', coalesce(b.name, 'Lote ' || left(b.id::text, 6)),
               'supplier_id', po.supplier_id, 'supplier_name', sup.name,
               'created_at', po.created_at, 'promised_date', po.promised_date, 'delivery_date', po.delivery_date,
               'received_at', po.received_at, 'status', po.status, 'lines', o.lines,
               'total_amount', round(o.total_amount, 2), 'savings_vs_avg', round(o.savings_vs_avg, 2),
               'savings_vs_last', round(o.savings_vs_last, 2))
               order by po.created_at desc, po.id)
        from (select * from orders) o
        join public.purchase_orders po on po.id = o.order_id
        join public.quote_batches b on b.id = po.batch_id
        join public.suppliers sup on sup.id = po.supplier_id
       where po.id in (select o2.order_id from orders o2 join public.purchase_orders p2 on p2.id = o2.order_id
                        order by p2.created_at desc, p2.id limit v_cap)), '[]'::jsonb),
    'truncated', (select count(*) > v_cap from orders)
  ) into v_result;

  return v_result;
end;
$$;

comment on function public.get_purchase_report(date, date, uuid, uuid, uuid) is
  'Purchase report (/relatorio-compras): orders created in the period (São Paulo days; both null = everything) by month, '
  'supplier and unit, with totals, line counts and savings against the average quote and the last price paid '
  '(grain: linha de pedido; orders counted when a line matches the unit/category filter). Orders newest first, '
  'capped at 1,000 (truncated). ADMIN, or ADMIN_COMPRAS/ANALISTA with VIEW_REPORTS and MANAGE_ORDERS.';

revoke all on function public.get_purchase_report(date, date, uuid, uuid, uuid) from public, anon;

grant execute on function public.get_purchase_report(date, date, uuid, uuid, uuid) to authenticated, service_role;

create function public.get_purchase_report_order(p_order_id uuid)
returns jsonb
language plpgsql stable security definer set search_path = '' as $$
declare
  v_result jsonb;
begin
  perform private.require_analysis_access('relatorio-compras');

  select jsonb_build_object(
    'order_id', po.id, 'batch_id', po.batch_id, 'batch_name', coalesce(b.name, 'Lote ' || left(b.id::text, 6)),
    'batch_unit_name', bu.name,
    'supplier_id', po.supplier_id, 'supplier_name', sup.name,
    'created_at', po.created_at, 'promised_date', po.promised_date, 'delivery_date', po.delivery_date,
    'received_at', po.received_at, 'status', po.status, 'total_amount', po.total_amount,
    'lines', coalesce((
      select jsonb_agg(jsonb_build_object(
               'line_id', oi.id, 'shortage_id', oi.shortage_id, 'product_name', p.name, 'barcode', p.barcode,
               'unit_id', l.unit_id, 'unit_name', u.name, 'quantity', oi.quantity, 'requested_quantity', oi.requested_quantity,
               'minimum_quantity', oi.minimum_quantity, 'raised_to_minimum', oi.raised_to_minimum,
               'received_quantity', oi.received_quantity, 'received_at', oi.received_at,
               'received_by_name', oi.received_by_name, 'receipt_requested_at', oi.receipt_requested_at,
               'unit_price', oi.unit_price, 'total_price', oi.total_price,
               'substitute_product_name', oi.substitute_product_name, 'substitute_manufacturer', oi.substitute_manufacturer,
               'bonus_quantity', oi.bonus_quantity, 'bonus_product_name', oi.bonus_product_name,
               'bonus_manufacturer', oi.bonus_manufacturer, 'bonus_expiry_date', oi.bonus_expiry_date,
               'avg_quote_price', round(l.avg_quote_price, 4), 'savings_vs_avg', l.savings_vs_avg,
               'last_price', l.last_price, 'savings_vs_last', l.savings_vs_last)
               order by p.name, u.name, oi.id)
        from private.purchase_report_lines(null, null, null, null, null, po.id) l
        join public.purchase_order_items oi on oi.id = l.line_id
        join public.products p on p.id = l.product_id
        join public.store_units u on u.id = l.unit_id), '[]'::jsonb)
  ) into v_result
    from public.purchase_orders po
    join public.quote_batches b on b.id = po.batch_id
    left join public.store_units bu on bu.id = b.unit_id
    join public.suppliers sup on sup.id = po.supplier_id
   where po.id = p_order_id;

  -- An order that does not exist: null (the screen says so), like a filter id that matches nothing.
  return v_result;
end;
$$;

comment on function public.get_purchase_report_order(uuid) is
  'One order of the purchase report and its lines (product, unit, quantities ordered and received, price, substitute, '
  'bonus, savings against the average quote and the last price paid), for the drill-down; null when there is no such order. '
  'Same access as get_purchase_report.';

revoke all on function public.get_purchase_report_order(uuid) from public, anon;

grant execute on function public.get_purchase_report_order(uuid) to authenticated, service_role;
