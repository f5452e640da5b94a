-- Security review, finding P2: ANALISTA was a full buyer in the database.
--
-- ANALISTA holds MANAGE_ORDERS (spec §6: /relatorio-compras needs VIEW_REPORTS
-- and MANAGE_ORDERS), and private.is_buyer() was has_permission('MANAGE_ORDERS'),
-- so analysts could create, send and delete batches, pick winners and generate
-- orders through the API although the route table gives /compras only to
-- ADMIN_COMPRAS and ADMIN. The database now follows the route rule "role AND
-- permission":
--   * buyer  = ADMIN (always) or ADMIN_COMPRAS holding MANAGE_ORDERS: every
--              purchasing write, winner selection, cross-unit shortage updates;
--   * reader = a buyer, or ANALISTA holding VIEW_REPORTS (/analise-cotacoes,
--              /relatorio-compras): reads batches, shortages of every unit,
--              quotes, items, orders, the comparison and the reports.

create or replace function private.is_buyer()
returns boolean
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  return private.is_admin()
    or (private.current_role_name() = 'ADMIN_COMPRAS' and private.has_permission('MANAGE_ORDERS'));
end;
$$;
comment on function private.is_buyer() is
  'True when auth.uid() runs purchasing (/compras): ADMIN, or ADMIN_COMPRAS with MANAGE_ORDERS.';

create function private.can_read_purchasing()
returns boolean
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  return private.is_buyer()
    or (private.current_role_name() = 'ANALISTA' and private.has_permission('VIEW_REPORTS'));
end;
$$;
comment on function private.can_read_purchasing() is
  'True when auth.uid() reads purchasing data: a buyer, or ANALISTA with VIEW_REPORTS (analyses and reports).';

create function private.require_purchasing_reader()
returns void
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  if auth.uid() is null then
    raise exception 'Erro de autenticação. Por favor, faça login novamente.' using errcode = '42501';
  end if;
  if not private.can_read_purchasing() then
    raise exception 'Sem permissão para consultar compras' using errcode = '42501';
  end if;
end;
$$;
comment on function private.require_purchasing_reader() is 'Raises 42501 unless the caller may read purchasing data.';

revoke execute on function private.can_read_purchasing() from public, anon;
grant execute on function private.can_read_purchasing() to authenticated, service_role;
revoke execute on function private.require_purchasing_reader() from public, anon, authenticated;

-- Batches: readers see every batch; only buyers write.
drop policy quote_batches_select on public.quote_batches;
create policy quote_batches_select on public.quote_batches
  for select to authenticated
  using (
    (select private.can_read_purchasing())
    or ((select private.is_representative()) and status <> 'ABERTO')
    or unit_id = (select private.current_unit_id())
  );

drop policy quote_batches_insert on public.quote_batches;
create policy quote_batches_insert on public.quote_batches
  for insert to authenticated
  with check ((select private.is_buyer()));

drop policy quote_batches_update on public.quote_batches;
create policy quote_batches_update on public.quote_batches
  for update to authenticated
  using ((select private.is_buyer()))
  with check ((select private.is_buyer()));

drop policy quote_batches_delete on public.quote_batches;
create policy quote_batches_delete on public.quote_batches
  for delete to authenticated
  using ((select private.is_buyer()));

-- Shortages: readers see every unit; only buyers update other units' rows
-- (an analyst keeps CREATE_SHORTAGES rights in their own unit).
drop policy shortages_select on public.shortages;
create policy shortages_select on public.shortages
  for select to authenticated
  using (
    unit_id = (select private.current_unit_id())
    or (select private.can_read_purchasing())
    or (
      (select private.is_representative())
      and batch_id in (select b.id from public.quote_batches b where b.status <> 'ABERTO')
    )
  );

drop policy shortages_update on public.shortages;
create policy shortages_update on public.shortages
  for update to authenticated
  using (
    (unit_id = (select private.current_unit_id()) and (select private.has_permission('CREATE_SHORTAGES')))
    or (select private.is_buyer())
  )
  with check (
    (unit_id = (select private.current_unit_id()) and (select private.has_permission('CREATE_SHORTAGES')))
    or (select private.is_buyer())
  );

-- Quotes, items and orders: readers read; writes stay with is_buyer (policies
-- of 20261121200100/200200 and 20261121910000).
drop policy quotes_select on public.quotes;
create policy quotes_select on public.quotes
  for select to authenticated
  using (
    (select private.can_read_purchasing())
    or supplier_id = (select private.current_supplier_id())
  );

drop policy quote_items_select on public.quote_items;
create policy quote_items_select on public.quote_items
  for select to authenticated
  using (
    (select private.can_read_purchasing())
    or quote_id in (select q.id from public.quotes q where q.supplier_id = (select private.current_supplier_id()))
  );

drop policy purchase_orders_select on public.purchase_orders;
create policy purchase_orders_select on public.purchase_orders
  for select to authenticated
  using ((select private.can_read_purchasing()) or supplier_id = (select private.current_supplier_id()));

drop policy purchase_order_items_select on public.purchase_order_items;
create policy purchase_order_items_select on public.purchase_order_items
  for select to authenticated
  using (
    (select private.can_read_purchasing())
    or order_id in (select o.id from public.purchase_orders o where o.supplier_id = (select private.current_supplier_id()))
  );

-- Read-only RPCs of the analyses and reports: readers, not only buyers.
-- The comparison document is built as json and converted to jsonb once (half the
-- cost on the 5,000 offers of a 500 × 10 grid), and each offer refers to its quote
-- by quote_id only: supplier and status are in the document's `quotes` list.
create or replace function public.get_batch_comparison(p_batch_id uuid)
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_result jsonb;
begin
  perform private.require_purchasing_reader();
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
           json_agg(json_build_object(
             'quote_id', o.quote_id, 'unit_price', o.unit_price, 'minimum_quantity', o.minimum_quantity,
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
  select json_build_object(
    'batch', (
      select json_build_object('id', b.id, 'name', b.name, 'status', b.status, 'unit_id', b.unit_id,
                                'unit_name', u.name, 'created_at', b.created_at, 'sent_at', b.sent_at,
                                'closed_at', b.closed_at)
      from public.quote_batches b left join public.store_units u on u.id = b.unit_id
      where b.id = p_batch_id
    ),
    'quotes', coalesce((
      select json_agg(json_build_object(
        'id', q.id, 'supplier_id', q.supplier_id, 'supplier_name', q.supplier_name, 'status', q.status,
        'selected', q.selected, 'created_at', q.created_at, 'updated_at', q.updated_at,
        'created_by_name', q.created_by_name,
        'priced_items', (select count(*) from offers o where o.quote_id = q.id and o.unit_price is not null)
      ) order by q.supplier_name)
      from quotes q
    ), '[]'::json),
    'items', coalesce((
      select json_agg(json_build_object(
        'shortage_id', s.id, 'product_id', p.id, 'product_name', p.name, 'barcode', p.barcode,
        'requested_quantity', s.requested_quantity, 'available_quantity', s.available_quantity,
        'unit_id', s.unit_id, 'unit_name', u.name, 'status', s.status, 'observation', s.observation,
        'best_unit_price', b.best_unit_price,
        'offers', coalesce(obi.offers, '[]'::json)
      ) order by p.name, s.id)
      from public.shortages s
      join public.products p on p.id = s.product_id
      left join public.store_units u on u.id = s.unit_id
      left join best b on b.shortage_id = s.id
      left join offers_by_item obi on obi.shortage_id = s.id
      where s.batch_id = p_batch_id
    ), '[]'::json)
  )::jsonb into v_result;
  return v_result;
end;
$$;

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
  if private.can_read_purchasing() then
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

create or replace function public.get_supplier_win_rates(p_from date default null, p_to date default null)
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
  perform private.require_purchasing_reader();
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
