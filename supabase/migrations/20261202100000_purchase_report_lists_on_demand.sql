-- Issue 28, speed: the purchase report sends the orders its screen shows, and the rest on demand.
--
-- /relatorio-compras listed up to 1,000 orders in its first answer (360 KB for 90 days of the
-- bench's 2,000-batch history) while the screen shows 50 until 'Mostrar todas'. As the quote
-- analysis does (20261202000000), get_purchase_report gains p_list_limit (default null: the whole
-- list as before, capped at 1,000): the screen asks for its first lines and loads the whole list when
-- the user expands the table or exports it. 'truncated' keeps its meaning (the whole list is capped)
-- and 'orders_listed' says how long the whole list is, so the screen need not know the cap.

drop function public.get_purchase_report(date, date, uuid, uuid, uuid);

create function public.get_purchase_report(
  p_from date, p_to date,
  p_unit_id uuid default null, p_supplier_id uuid default null, p_category_id uuid default null,
  p_list_limit integer default null
)
returns jsonb
language plpgsql stable security definer set search_path = '' as $$
declare
  v_cap constant integer := 1000;
  v_result jsonb;
begin
  perform private.require_analysis_access('relatorio-compras');
  perform private.check_analysis_period(p_from, p_to);
  if p_list_limit is not null and p_list_limit < 1 then
    raise exception 'O limite de linhas deve ser de pelo menos 1' using errcode = '22023';
  end if;

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
                        order by p2.created_at desc, p2.id
                        limit least(coalesce(p_list_limit, v_cap), v_cap))), '[]'::jsonb),
    -- The whole list's length (what 'Mostrar todas' and the exports load): the orders, up to the cap.
    'orders_listed', (select least(count(*), v_cap) from orders),
    'truncated', (select count(*) > v_cap from orders)
  ) into v_result;

  return v_result;
end;
$$;

comment on function public.get_purchase_report(date, date, uuid, uuid, uuid, integer) is
  'Purchase report (/relatorio-compras): orders created in the period (São Paulo days; both null = everything) by month, '
  'supplier and unit, with totals, line counts and savings against the average quote and the last price paid '
  '(grain: linha de pedido; orders counted when a line matches the unit/category filter). Orders newest first: the '
  'first p_list_limit, or all up to 1,000 (truncated). ADMIN, or ADMIN_COMPRAS/ANALISTA with VIEW_REPORTS and MANAGE_ORDERS.';

revoke all on function public.get_purchase_report(date, date, uuid, uuid, uuid, integer) from public, anon;

grant execute on function public.get_purchase_report(date, date, uuid, uuid, uuid, integer) to authenticated, service_role;
