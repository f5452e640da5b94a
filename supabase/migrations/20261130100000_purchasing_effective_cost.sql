-- Issue 28, purchasing flow: the figures the analyses measure are produced and shown where the
-- buying happens, not only in the analysis screens.
--
--   1. set_quote_payment_term: the representative states the quote's payment term (days) while
--      the quote is editable; a buyer may record one dictated by phone. The column is not
--      writable through the Data API (quotes have no UPDATE grant for authenticated).
--   2. get_batch_comparison(p_batch_id, p_monthly_rate default null): every offer carries its
--      effective unit cost (bonus units, the excess a minimum quantity forces, the payment term
--      discounted at the buyer's monthly cost of money, 2 % by default), a one-line pt-BR
--      explanation of that figure, and its rank by price and by effective cost (1 = best among
--      the priced offers of submitted quotes for the item). An item says whether the two rankings
--      differ: the cheapest price is not always the cheapest purchase.
--   3. get_winning_items: each won item with its payment term, effective unit cost at 2 % a month,
--      the last price paid for the product before the batch was closed, and the saving against it.
--      Representatives never receive the last price (it may be a competitor's).
--   4. get_supplier_win_rates: invitations, answered batches, response rate (answered ÷ invited;
--      null without invitations), average response time and the average price rank of its offers.
--   5. get_representative_dashboard: invitations, response rate and average response time for
--      its scope (the supplier's own, or every supplier's for an administrator).
--   6. receive_purchase_order(p_order_id, p_received default null): the buyer states how many
--      units arrived for the lines it confirms; a clerk's 'Entregue' records the ordered quantity
--      unless a count is already there. The fill rate's numerator.
--
-- Grain of each figure (the analyses' tooltips repeat it):
--   effective_unit_cost, price_rank, effective_rank: item cotado (one quote line);
--   response_rate, avg_response_hours, invited/responded: lote (one invitation of a supplier);
--   avg_rank: item cotado; last_price, savings_vs_last: linha de pedido / item vencedor.

-- ---------------------------------------------------------------------------
-- Formatting helpers for the explanation (pt-BR, as the screens write numbers)

create function private.purchase_brl(p_amount numeric)
returns text
language sql immutable parallel safe set search_path = '' as $$
  -- Cents by default; a unit price quoted with sub-cent digits keeps them (R$ 1,2345).
  select 'R$ ' || translate(
    to_char(p_amount, case when p_amount = round(p_amount, 2) then 'FM999,999,990.00' else 'FM999,999,990.0000' end),
    ',.', '.,')
$$;

comment on function private.purchase_brl(numeric) is
  'A money amount as the purchasing screens write it: R$ 1.234,56 (four decimals when the amount has sub-cent digits).';

create function private.purchase_int(p_value integer)
returns text
language sql immutable parallel safe set search_path = '' as $$
  select translate(to_char(p_value, 'FM999,999,999,990'), ',', '.')
$$;

comment on function private.purchase_int(integer) is 'An integer with pt-BR thousands separators: 1.234.';

create function private.purchase_pct(p_rate numeric)
returns text
language sql immutable parallel safe set search_path = '' as $$
  select translate(trim_scale(round(coalesce(p_rate, 0) * 100, 2))::text, '.', ',') || ' %'
$$;

comment on function private.purchase_pct(numeric) is 'A fraction as a pt-BR percentage: 0.02 → ''2 %'', 0.015 → ''1,5 %''.';

-- The one line that says how an offer's effective unit cost was reached, with the same inputs as
-- private.effective_unit_cost:
--   'R$ 10,00 × 12 un. (mínimo 12, 2 além da necessidade) + 2 bonificadas, a 30 dias com 2 % a.m.
--    → R$ 9,80 por unidade necessária'
-- Null when the effective cost is null (no price, no need).
create function private.effective_cost_explanation(
  p_unit_price numeric,
  p_need integer,
  p_minimum integer,
  p_bonus integer,
  p_term_days integer,
  p_monthly_rate numeric
)
returns text
language sql immutable parallel safe set search_path = '' as $$
  select case
    when p_unit_price is null or coalesce(p_need, 0) <= 0 then null
    else private.purchase_brl(p_unit_price) || ' × ' || private.purchase_int(greatest(p_need, coalesce(p_minimum, 0))) || ' un.'
      || case when coalesce(p_minimum, 0) > p_need
              then ' (mínimo ' || private.purchase_int(p_minimum) || ', '
                   || private.purchase_int(p_minimum - p_need) || ' além da necessidade)'
              else '' end
      || case when coalesce(p_bonus, 0) > 0
              then ' + ' || private.purchase_int(p_bonus) || case when p_bonus = 1 then ' bonificada' else ' bonificadas' end
              else '' end
      || case when coalesce(p_term_days, 0) > 0
              then ', a ' || private.purchase_int(p_term_days) || case when p_term_days = 1 then ' dia' else ' dias' end
                   || ' com ' || private.purchase_pct(coalesce(p_monthly_rate, 0)) || ' a.m.'
              else ', à vista' end
      || ' → ' || private.purchase_brl(round(private.effective_unit_cost(
                    p_unit_price, p_need, p_minimum, p_bonus, p_term_days, p_monthly_rate), 2))
      || ' por unidade necessária'
  end
$$;

comment on function private.effective_cost_explanation(numeric, integer, integer, integer, integer, numeric) is
  'One pt-BR line explaining private.effective_unit_cost for the same inputs (price × units paid, minimum excess, bonus units, term and cost of money → cost per needed unit); null without price or need.';

revoke all on function
  private.purchase_brl(numeric),
  private.purchase_int(integer),
  private.purchase_pct(numeric),
  private.effective_cost_explanation(numeric, integer, integer, integer, integer, numeric)
from public, anon;

grant execute on function
  private.purchase_brl(numeric),
  private.purchase_int(integer),
  private.purchase_pct(numeric),
  private.effective_cost_explanation(numeric, integer, integer, integer, integer, numeric)
to authenticated, service_role;

-- ---------------------------------------------------------------------------
-- 1. The quote's payment term

create function public.set_quote_payment_term(p_quote_id uuid, p_days integer)
returns public.quotes
language plpgsql volatile security definer set search_path = '' as $$
declare
  v_quote public.quotes;
begin
  if auth.uid() is null then
    raise exception 'Erro de autenticação. Por favor, faça login novamente.' using errcode = '42501';
  end if;
  -- The representative while the quote can still change (the price it is part of is being
  -- written); a buyer at any time (a term dictated by phone, a correction before the award).
  if not (private.is_buyer() or private.can_edit_quote(p_quote_id)) then
    raise exception 'Sem permissão para alterar o prazo de pagamento desta cotação' using errcode = '42501';
  end if;
  if p_days is not null and (p_days < 0 or p_days > 360) then
    raise exception 'O prazo de pagamento deve estar entre 0 e 360 dias' using errcode = '22023';
  end if;
  update public.quotes q set payment_term_days = p_days where q.id = p_quote_id returning q.* into v_quote;
  if not found then
    raise exception 'Cotação não encontrada' using errcode = 'PT404';
  end if;
  return v_quote;
end;
$$;

comment on function public.set_quote_payment_term(uuid, integer) is
  'The quote''s payment term in days (null = not stated, 0 = à vista, up to 360): the representative of its supplier while the quote is editable, or a buyer; 22023 outside 0–360, 42501 for anyone else.';

revoke execute on function public.set_quote_payment_term(uuid, integer) from public, anon;

grant execute on function public.set_quote_payment_term(uuid, integer) to authenticated;

-- ---------------------------------------------------------------------------
-- 2. The comparison with the effective cost

drop function public.get_batch_comparison(uuid);

create function public.get_batch_comparison(p_batch_id uuid, p_monthly_rate numeric default null)
returns jsonb
language plpgsql stable security definer set search_path = '' as $$
declare
  v_rate numeric;
  v_result jsonb;
begin
  perform private.require_purchasing_reader();
  v_rate := private.check_monthly_rate(p_monthly_rate);
  if not exists (select 1 from public.quote_batches b where b.id = p_batch_id) then
    raise exception 'Lote não encontrado' using errcode = 'PT404';
  end if;

  with quotes as (
    select q.id, q.supplier_id, sp.name as supplier_name, q.status, q.selected, q.created_at, q.updated_at,
           q.submitted_at, q.payment_term_days,
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
           qi.bonus_expiry_date, qi.bonus_quantity,
           -- Grain: item cotado. Bonus units count only when the offer gives a bonus.
           private.effective_unit_cost(qi.unit_price, s.requested_quantity, qi.minimum_quantity,
             case when qi.has_bonus then qi.bonus_quantity else 0 end, q.payment_term_days, v_rate) as effective_unit_cost,
           private.effective_cost_explanation(qi.unit_price, s.requested_quantity, qi.minimum_quantity,
             case when qi.has_bonus then qi.bonus_quantity else 0 end, q.payment_term_days, v_rate) as effective_explanation,
           -- Only offers (priced items of submitted quotes) are ranked: a draft is not an offer yet.
           qi.unit_price is not null and q.status <> 'EM_ANDAMENTO' as ranked
    from public.quote_items qi
    join quotes q on q.id = qi.quote_id
    join public.shortages s on s.id = qi.shortage_id
  ),
  ranked as (
    select o.*,
           case when o.ranked then rank() over (partition by o.shortage_id, o.ranked order by o.unit_price) end as price_rank,
           case when o.ranked then rank() over (partition by o.shortage_id, o.ranked order by o.effective_unit_cost) end as effective_rank
    from offers o
  ),
  best as (
    select o.shortage_id, min(o.unit_price) as best_unit_price, min(o.effective_unit_cost) as best_effective_unit_cost,
           bool_or(o.price_rank is distinct from o.effective_rank) as effective_differs
    from ranked o
    where o.ranked
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
             'bonus_expiry_date', o.bonus_expiry_date, 'bonus_quantity', o.bonus_quantity,
             'effective_unit_cost', o.effective_unit_cost, 'effective_explanation', o.effective_explanation,
             'price_rank', o.price_rank, 'effective_rank', o.effective_rank
           ) order by o.supplier_name) as offers
    from ranked o
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
    'version', private.batch_quote_version(p_batch_id),
    'monthly_rate', v_rate,
    'quotes', coalesce((
      select json_agg(json_build_object(
        'id', q.id, 'supplier_id', q.supplier_id, 'supplier_name', q.supplier_name, 'status', q.status,
        'selected', q.selected, 'created_at', q.created_at, 'updated_at', q.updated_at,
        'created_by_name', q.created_by_name, 'submitted_at', q.submitted_at,
        'payment_term_days', q.payment_term_days,
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
        'best_effective_unit_cost', b.best_effective_unit_cost,
        'effective_differs', coalesce(b.effective_differs, false),
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

comment on function public.get_batch_comparison(uuid, numeric) is
  'Purchasing readers: every shortage of a batch × every quote (prices, minimums, substitutes, bonuses, payment terms, winners) with the best submitted price per item, each offer''s effective unit cost at p_monthly_rate (null → 2 % a month; 0–0.20) with its explanation and its price and effective ranks, and the batch''s version (checksum of the award figures).';

revoke execute on function public.get_batch_comparison(uuid, numeric) from public, anon;

grant execute on function public.get_batch_comparison(uuid, numeric) to authenticated;

-- ---------------------------------------------------------------------------
-- 3. Won items with the effective cost and the last price paid

-- The unit price of the most recent order line of a product whose order was created before a
-- moment (by order created_at, then line id): "the last price paid". Null when none.
create function private.last_price_paid(p_product_id uuid, p_before timestamptz)
returns numeric
language sql stable security definer set search_path = '' as $$
  select oi.unit_price
  from public.purchase_order_items oi
  join public.purchase_orders o on o.id = oi.order_id
  join public.shortages s on s.id = oi.shortage_id
  where s.product_id = p_product_id and o.created_at < p_before
  order by o.created_at desc, oi.id desc
  limit 1
$$;

comment on function private.last_price_paid(uuid, timestamptz) is
  'Unit price of the product''s most recent purchase order line ordered before p_before (order created_at); null when none. Grain: linha de pedido.';

revoke all on function private.last_price_paid(uuid, timestamptz) from public, anon, authenticated;

grant execute on function private.last_price_paid(uuid, timestamptz) to service_role;

drop function public.get_winning_items(date, date);

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
    select qi.id, q.id, b.id, b.name, sp.id, sp.name, s.id, p.id, p.name, p.barcode, u.name,
           s.requested_quantity, qi.unit_price, round(s.requested_quantity * qi.unit_price, 2), b.closed_at,
           q.payment_term_days,
           -- At the default cost of money (2 % a month); the analyses take the buyer's own rate.
           private.effective_unit_cost(qi.unit_price, s.requested_quantity, qi.minimum_quantity,
             case when qi.has_bonus then qi.bonus_quantity else 0 end, q.payment_term_days, 0.02),
           lp.price,
           case when lp.price is not null then round((lp.price - qi.unit_price) * s.requested_quantity, 2) end
    from public.quote_items qi
    join public.quotes q on q.id = qi.quote_id
    join public.quote_batches b on b.id = q.batch_id
    join public.suppliers sp on sp.id = q.supplier_id
    join public.shortages s on s.id = qi.shortage_id
    join public.products p on p.id = s.product_id
    left join public.store_units u on u.id = s.unit_id
    -- The last price paid may be a competitor's: readers only, never a representative.
    left join lateral (
      select private.last_price_paid(s.product_id, b.closed_at) as price where v_reader and b.closed_at is not null
    ) lp on true
    where qi.is_winner
      and (v_supplier_id is null or q.supplier_id = v_supplier_id)
      and (p_from is null or (b.closed_at at time zone 'America/Sao_Paulo')::date >= p_from)
      and (p_to is null or (b.closed_at at time zone 'America/Sao_Paulo')::date <= p_to)
    order by b.closed_at desc nulls last, p.name, qi.id;
end;
$$;

comment on function public.get_winning_items(date, date) is
  'Won quote items (product, quantity, unit price, total, batch, date, payment term, effective unit cost at 2 % a month): own supplier for representatives, all for purchasing readers, who also get the last price paid for the product before the batch closed and the saving against it ((last − price) × quantity; null without a last price).';

revoke execute on function public.get_winning_items(date, date) from public, anon;

grant execute on function public.get_winning_items(date, date) to authenticated;

-- ---------------------------------------------------------------------------
-- 4. Suppliers' win rates with invitations, response and rank

drop function public.get_supplier_win_rates(date, date);

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
  value_won numeric,
  invited_batches bigint,
  responded_batches bigint,
  response_rate numeric,
  avg_response_hours numeric,
  avg_rank numeric
)
language plpgsql stable security definer set search_path = '' as $$
begin
  perform private.require_purchasing_reader();
  return query
    with batches as (
      -- The period filters on the day the batch was closed (as get_winning_items); without one, every batch.
      select b.id, b.sent_at from public.quote_batches b
      where (p_from is null or (b.closed_at at time zone 'America/Sao_Paulo')::date >= p_from)
        and (p_to is null or (b.closed_at at time zone 'America/Sao_Paulo')::date <= p_to)
    ),
    q as (
      select q.* from public.quotes q
      join batches b on b.id = q.batch_id
      where q.status <> 'EM_ANDAMENTO'
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
    ),
    -- Grain: lote. Invited = batches offered to the supplier; responded = those it sent a quote for.
    response as (
      select i.supplier_id, count(*) as invited,
             count(qq.id) filter (where qq.submitted_at is not null) as responded,
             round(avg(extract(epoch from qq.submitted_at - b.sent_at) / 3600)
                   filter (where qq.submitted_at is not null and b.sent_at is not null), 1) as hours
      from public.quote_batch_invitations i
      join batches b on b.id = i.batch_id
      left join public.quotes qq on qq.batch_id = i.batch_id and qq.supplier_id = i.supplier_id
      group by i.supplier_id
    ),
    -- Grain: item cotado. Price rank among the priced items of submitted quotes of the same item.
    ranks as (
      select r.supplier_id, round(avg(r.price_rank), 2) as avg_rank
      from (
        select q.supplier_id, rank() over (partition by qi.shortage_id order by qi.unit_price) as price_rank
        from q join public.quote_items qi on qi.quote_id = q.id
        where qi.unit_price is not null
      ) r
      group by r.supplier_id
    )
    select sp.id, sp.name, coalesce(c.sent, 0), coalesce(c.won, 0), coalesce(c.lost, 0),
           case when coalesce(c.won, 0) + coalesce(c.lost, 0) = 0 then null
                else round(c.won::numeric / (c.won + c.lost), 4) end,
           coalesce(i.quoted, 0), coalesce(i.won, 0), coalesce(i.value, 0),
           coalesce(re.invited, 0), coalesce(re.responded, 0),
           case when coalesce(re.invited, 0) = 0 then null else round(re.responded::numeric / re.invited, 4) end,
           re.hours, rk.avg_rank
    from public.suppliers sp
    left join counts c on c.supplier_id = sp.id
    left join items i on i.supplier_id = sp.id
    left join response re on re.supplier_id = sp.id
    left join ranks rk on rk.supplier_id = sp.id
    order by sp.name;
end;
$$;

comment on function public.get_supplier_win_rates(date, date) is
  'Purchasing readers: per supplier quotes sent/won/lost, win rate (won ÷ decided), items quoted/won, value won, batches invited/answered, response rate (answered ÷ invited, null when never invited), average response hours (submitted_at − sent_at) and average price rank of its priced items; the period filters on the batch''s closed_at, like get_winning_items.';

revoke execute on function public.get_supplier_win_rates(date, date) from public, anon;

grant execute on function public.get_supplier_win_rates(date, date) to authenticated;

-- ---------------------------------------------------------------------------
-- 5. The representative's dashboard with its response figures

create or replace function public.get_representative_dashboard(p_supplier_id uuid default null)
returns jsonb
language plpgsql stable security definer set search_path = '' as $$
declare
  v_all boolean := false;
  v_supplier_id uuid;
  v_result jsonb;
begin
  if auth.uid() is null then
    raise exception 'Erro de autenticação. Por favor, faça login novamente.' using errcode = '42501';
  end if;
  if private.is_admin() then
    v_supplier_id := p_supplier_id;
    v_all := p_supplier_id is null;
    if not v_all and not exists (select 1 from public.suppliers sp where sp.id = p_supplier_id) then
      raise exception 'Fornecedor não encontrado' using errcode = 'PT404';
    end if;
  elsif private.is_representative() then
    v_supplier_id := private.current_supplier_id();
    if p_supplier_id is not null and p_supplier_id is distinct from v_supplier_id then
      raise exception 'Sem permissão para consultar o painel de outro fornecedor' using errcode = '42501';
    end if;
  else
    raise exception 'Apenas representantes de fornecedores e administradores têm este painel' using errcode = '42501';
  end if;

  with my_quotes as (
    select q.id, q.batch_id, q.supplier_id, sp.name as supplier_name, q.status, q.created_at, q.updated_at,
           b.name as batch_name, b.closed_at,
           (select count(*) from public.quote_items qi where qi.quote_id = q.id) as total_items,
           (select count(*) from public.quote_items qi where qi.quote_id = q.id and qi.unit_price is not null) as priced_items,
           (select count(*) from public.quote_items qi where qi.quote_id = q.id and qi.is_winner) as items_won,
           (select coalesce(sum(round(s.requested_quantity * qi.unit_price, 2)), 0)
              from public.quote_items qi join public.shortages s on s.id = qi.shortage_id
              where qi.quote_id = q.id and qi.is_winner) as value_won
    from public.quotes q
    join public.quote_batches b on b.id = q.batch_id
    join public.suppliers sp on sp.id = q.supplier_id
    where v_all or q.supplier_id = v_supplier_id
  ),
  awaiting as (
    select b.id, b.name, b.sent_at, b.created_at,
           (select count(*) from public.shortages s where s.batch_id = b.id) as item_count
    from public.quote_batches b
    where b.status = 'EM_COTACAO'
      and not exists (
        select 1 from public.quotes q where q.batch_id = b.id and (v_all or q.supplier_id = v_supplier_id)
      )
  ),
  totals as (
    select count(*) filter (where status = 'EM_ANDAMENTO') as in_progress,
           count(*) filter (where status = 'ENVIADA') as sent,
           count(*) filter (where status = 'VENCEDORA') as won,
           count(*) filter (where status = 'PERDEDORA') as lost,
           coalesce(sum(value_won), 0) as value_won,
           coalesce(sum(items_won), 0) as items_won
    from my_quotes
  ),
  -- Grain: lote (one invitation of one supplier). Only the scope's own invitations: never how many
  -- competitors were asked.
  response as (
    select count(*) as invited,
           count(q.id) filter (where q.submitted_at is not null) as responded,
           round(avg(extract(epoch from q.submitted_at - b.sent_at) / 3600)
                 filter (where q.submitted_at is not null and b.sent_at is not null), 1) as hours
    from public.quote_batch_invitations i
    join public.quote_batches b on b.id = i.batch_id
    left join public.quotes q on q.batch_id = i.batch_id and q.supplier_id = i.supplier_id
    where v_all or i.supplier_id = v_supplier_id
  )
  select jsonb_build_object(
    'scope', case when v_all then 'ALL' else 'SUPPLIER' end,
    'supplier', (select jsonb_build_object('id', sp.id, 'name', sp.name) from public.suppliers sp where sp.id = v_supplier_id),
    'awaiting_count', (select count(*) from awaiting),
    'awaiting_batches', coalesce((
      select jsonb_agg(jsonb_build_object('batch_id', a.id, 'batch_name', a.name, 'sent_at', a.sent_at,
                                          'item_count', a.item_count) order by a.sent_at desc nulls last, a.created_at desc)
      from awaiting a), '[]'::jsonb),
    'in_progress_count', t.in_progress,
    'quotes_in_progress', coalesce((
      select jsonb_agg(jsonb_build_object('quote_id', m.id, 'batch_id', m.batch_id, 'batch_name', m.batch_name,
                                          'supplier_id', m.supplier_id, 'supplier_name', m.supplier_name,
                                          'priced_items', m.priced_items, 'total_items', m.total_items,
                                          'updated_at', m.updated_at) order by m.updated_at desc, m.id)
      from my_quotes m where m.status = 'EM_ANDAMENTO'), '[]'::jsonb),
    'sent_count', t.sent,
    'won_count', t.won,
    'lost_count', t.lost,
    'win_rate', case when t.won + t.lost = 0 then null else round(t.won::numeric / (t.won + t.lost), 4) end,
    'items_won', t.items_won,
    'value_won', t.value_won,
    'invited_count', r.invited,
    'response_rate', case when r.invited = 0 then null else round(r.responded::numeric / r.invited, 4) end,
    'avg_response_hours', r.hours,
    'recent_results', coalesce((
      select jsonb_agg(rr.obj order by rr.closed_at desc nulls last, rr.id)
      from (
        select m.closed_at, m.id, jsonb_build_object('quote_id', m.id, 'batch_id', m.batch_id, 'batch_name', m.batch_name,
                                               'supplier_id', m.supplier_id, 'supplier_name', m.supplier_name,
                                               'status', m.status, 'closed_at', m.closed_at, 'items_won', m.items_won,
                                               'value_won', m.value_won) as obj
        from my_quotes m where m.status in ('VENCEDORA', 'PERDEDORA')
        order by m.closed_at desc nulls last, m.id limit 10
      ) rr), '[]'::jsonb)
  ) into v_result
  from totals t, response r;
  return v_result;
end;
$$;

comment on function public.get_representative_dashboard(uuid) is
  'Representatives: their own supplier''s dashboard (another supplier → 42501). ADMIN: one supplier''s, or every supplier''s when p_supplier_id is null. Batches awaiting an answer, quotes in progress (batch, priced/total items, last update), sent/won/lost counts, win rate, value won, batches invited, response rate (answered ÷ invited, null when never invited), average response hours, recent results.';

-- ---------------------------------------------------------------------------
-- 6. Receipts with the quantity counted

-- A unit's 'Entregue' without a count: what was ordered arrived (a count already recorded stays).
create or replace function private.shortages_after_delivery()
returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  v_name text;
begin
  if not (old.status is distinct from 'ENTREGUE' and new.status = 'ENTREGUE') then
    return null;
  end if;
  select coalesce(nullif(btrim(p.full_name), ''), 'Usuário não identificado') into v_name
  from public.profiles p where p.id = auth.uid();
  update public.purchase_order_items oi
  set received_at = now(), received_by = auth.uid(),
      received_by_name = coalesce(v_name, case when auth.uid() is null then 'Sistema' else 'Usuário não identificado' end),
      received_quantity = coalesce(oi.received_quantity, oi.quantity)
  where oi.shortage_id = new.id and oi.received_at is null;
  update public.purchase_orders o
  set status = 'RECEBIDO', received_at = now()
  where o.status = 'SOLICITADO'
    and o.id in (select oi.order_id from public.purchase_order_items oi where oi.shortage_id = new.id)
    and not exists (
      select 1 from public.purchase_order_items oi join public.shortages s on s.id = oi.shortage_id
      where oi.order_id = o.id and s.status <> 'ENTREGUE');
  return null;
end;
$$;

comment on function private.shortages_after_delivery() is
  'AFTER UPDATE OF status on shortages: ENTREGUE records the confirmer on the order line and the received quantity (the ordered one unless already counted); the order becomes RECEBIDO when all its lines are delivered.';

drop function public.receive_purchase_order(uuid);

create function public.receive_purchase_order(p_order_id uuid, p_received jsonb default null)
returns jsonb
language plpgsql volatile security definer set search_path = '' as $$
declare
  v_order public.purchase_orders;
  v_confirmed integer := 0;
  v_requested integer := 0;
  v_counts jsonb := '{}';
begin
  perform private.require_buyer();
  select o.* into v_order from public.purchase_orders o where o.id = p_order_id for update;
  if not found then
    raise exception 'Pedido não encontrado' using errcode = 'PT404';
  end if;

  if p_received is not null then
    if jsonb_typeof(p_received) <> 'array' then
      raise exception 'Quantidade recebida inválida' using errcode = '22023';
    end if;
    if exists (
      select 1 from jsonb_array_elements(p_received) as e
      where jsonb_typeof(e) <> 'object' or e ->> 'line_id' is null or e ->> 'received_quantity' is null
    ) then
      raise exception 'Quantidade recebida inválida' using errcode = '22023';
    end if;
    begin
      select coalesce(jsonb_object_agg(e ->> 'line_id', (e ->> 'received_quantity')::integer), '{}')
      into v_counts
      from jsonb_array_elements(p_received) as e;
    exception when invalid_text_representation or numeric_value_out_of_range then
      raise exception 'Quantidade recebida inválida' using errcode = '22023';
    end;
    -- Each listed line belongs to this order, is one the buyer confirms (a line of a unit the
    -- buyer works in, not yet received), and counts 0 to 10 × the quantity ordered.
    if exists (
      select 1 from jsonb_each_text(v_counts) as c(line_id, qty)
      where not exists (
        select 1 from public.purchase_order_items oi
        join public.shortages s on s.id = oi.shortage_id
        where oi.id::text = c.line_id and oi.order_id = p_order_id
          and oi.received_at is null and private.works_in_unit(s.unit_id)
          and c.qty::integer between 0 and 10 * oi.quantity)
    ) then
      raise exception 'Quantidade recebida inválida' using errcode = '22023';
    end if;
  end if;

  if v_order.status = 'SOLICITADO' then
    update public.purchase_order_items oi
    set received_quantity = (v_counts ->> oi.id::text)::integer
    where oi.order_id = p_order_id and v_counts ? oi.id::text;
    -- The listed counts are in place: the delivery trigger keeps them and records the ordered
    -- quantity for the buyer's other lines.
    update public.shortages s set status = 'ENTREGUE'
    from public.purchase_order_items oi
    where oi.order_id = p_order_id and s.id = oi.shortage_id
      and s.status = 'PEDIDO_ENVIADO' and private.works_in_unit(s.unit_id);
    get diagnostics v_confirmed = row_count;
    update public.purchase_order_items oi
    set receipt_requested_at = now(), receipt_requested_by = auth.uid()
    from public.shortages s
    where oi.order_id = p_order_id and s.id = oi.shortage_id
      and oi.received_at is null and oi.receipt_requested_at is null and s.status <> 'ENTREGUE';
    get diagnostics v_requested = row_count;
    select o.* into v_order from public.purchase_orders o where o.id = p_order_id;
  end if;
  return jsonb_build_object(
    'status', v_order.status,
    'confirmed', v_confirmed,
    'requested', v_requested,
    'awaiting_units', coalesce((
      select jsonb_agg(distinct u.name order by u.name)
      from public.purchase_order_items oi
      join public.shortages s on s.id = oi.shortage_id
      join public.store_units u on u.id = s.unit_id
      where oi.order_id = p_order_id and oi.received_at is null), '[]'::jsonb));
end;
$$;

comment on function public.receive_purchase_order(uuid, jsonb) is
  'Buyers: marks an order received. Lines of the units the buyer works in are confirmed (shortages ENTREGUE, the buyer recorded) with the quantity counted in p_received ([{line_id, received_quantity}], 0 to 10 × ordered; lines not listed: the quantity ordered); the other units are asked to confirm theirs. Returns {status, confirmed, requested, awaiting_units}.';

revoke execute on function public.receive_purchase_order(uuid, jsonb) from public, anon;

grant execute on function public.receive_purchase_order(uuid, jsonb) to authenticated;

-- The units whose deliveries the caller confirms (private.works_in_unit): the receive dialog lists
-- the buyer's own lines for counting and names the other units, which confirm theirs.
create function public.list_my_work_unit_ids()
returns setof uuid
language sql stable security definer set search_path = '' as $$
  select u.id from public.store_units u where private.works_in_unit(u.id) order by u.id
$$;

comment on function public.list_my_work_unit_ids() is
  'The ids of the units the caller works in (current unit and assigned units; none without access): the lines whose receipt the caller confirms.';

revoke execute on function public.list_my_work_unit_ids() from public, anon;

grant execute on function public.list_my_work_unit_ids() to authenticated;
