-- Issue 30, item 4: the buyer's comparison of a 500-item batch with 10 quotes.
--
-- get_batch_comparison took 0.18 s for that batch before issue 28 gave every offer its effective
-- cost and its explanation; since then 0.65 s (measured in SQL on the embedded Postgres, bench:purchasing;
-- 0.48–0.57 s on a quiet run of the same batch in psql, of which 0.2 s were the 5,000 explanations).
-- Each offer called private.effective_unit_cost and private.effective_cost_explanation, and the
-- explanation called the money, integer and percentage formatters and the effective cost again:
-- about ten calls of functions that fix their search_path (lint: function_search_path_mutable), and
-- PostgreSQL neither inlines such a function nor calls it without saving, setting and restoring the
-- setting, which costs more than the arithmetic. 5,000 offers made ~50,000 such calls.
--
-- Now:
--   * the explanation's formatting is written out in one function body (the three formatters'
--     expressions, the effective cost's formula once): one call per offer, same text; in PL/pgSQL,
--     whose one-expression body is evaluated without starting an executor per call as a SQL
--     function that is not inlined does (5,000 explanations: 150 ms as SQL, 35–40 ms as PL/pgSQL);
--   * get_batch_comparison computes the effective cost with the formula written out (as
--     private.quote_analysis_all does) and calls the explanation once per offer;
--   * get_batch_comparison returns json, as it builds it, instead of casting its 2.8 MB to jsonb
--     (parsed again, only to be printed as text for the client): 0.40 → 0.28 s for that batch. The
--     client reads the same document (jsonb only reordered the keys).
-- The formatters and private.effective_unit_cost stay, unchanged, for every other caller.
-- tests/integration/app/purchasing-effective-cost.test.ts holds the written-out forms equal to the
-- functions over a grid of inputs (prices with sub-cent digits, minimums above and below the need,
-- bonuses, terms of 0, 1 and many days, rates of 0, 1.5 % and 20 %, a missing price or need).

create or replace function private.effective_cost_explanation(
  p_unit_price numeric,
  p_need integer,
  p_minimum integer,
  p_bonus integer,
  p_term_days integer,
  p_monthly_rate numeric
)
returns text
language plpgsql immutable parallel safe set search_path = '' as $$
begin
  return case
    when p_unit_price is null or coalesce(p_need, 0) <= 0 then null
    else
      -- private.purchase_brl(p_unit_price)
      'R$ ' || pg_catalog.translate(pg_catalog.to_char(p_unit_price,
          case when p_unit_price = pg_catalog.round(p_unit_price, 2) then 'FM999,999,990.00' else 'FM999,999,990.0000' end),
        ',.', '.,')
      || ' × '
      -- private.purchase_int(greatest(p_need, coalesce(p_minimum, 0)))
      || pg_catalog.translate(pg_catalog.to_char(greatest(p_need, coalesce(p_minimum, 0)), 'FM999,999,999,990'), ',', '.')
      || ' un.'
      || case when coalesce(p_minimum, 0) > p_need
              then ' (mínimo ' || pg_catalog.translate(pg_catalog.to_char(p_minimum, 'FM999,999,999,990'), ',', '.') || ', '
                   || pg_catalog.translate(pg_catalog.to_char(p_minimum - p_need, 'FM999,999,999,990'), ',', '.')
                   || ' além da necessidade)'
              else '' end
      || case when coalesce(p_bonus, 0) > 0
              then ' + ' || pg_catalog.translate(pg_catalog.to_char(p_bonus, 'FM999,999,999,990'), ',', '.')
                   || case when p_bonus = 1 then ' bonificada' else ' bonificadas' end
              else '' end
      || case when coalesce(p_term_days, 0) > 0
              then ', a ' || pg_catalog.translate(pg_catalog.to_char(p_term_days, 'FM999,999,999,990'), ',', '.')
                   || case when p_term_days = 1 then ' dia' else ' dias' end
                   -- private.purchase_pct(coalesce(p_monthly_rate, 0))
                   || ' com ' || pg_catalog.translate(pg_catalog.trim_scale(pg_catalog.round(coalesce(p_monthly_rate, 0) * 100, 2))::text, '.', ',')
                   || ' % a.m.'
              else ', à vista' end
      || ' → '
      -- private.purchase_brl(round(private.effective_unit_cost(...), 2)): a value rounded to cents
      -- always takes the two-decimal format.
      || 'R$ ' || pg_catalog.translate(pg_catalog.to_char(pg_catalog.round(pg_catalog.round(
             p_unit_price * greatest(p_need, coalesce(p_minimum, 0))
               / pg_catalog.power(1 + greatest(coalesce(p_monthly_rate, 0), 0), greatest(coalesce(p_term_days, 0), 0) / 30.0)
               / (p_need + greatest(coalesce(p_bonus, 0), 0)),
             4), 2), 'FM999,999,990.00'), ',.', '.,')
      || ' por unidade necessária'
  end;
end;
$$;

drop function public.get_batch_comparison(uuid, numeric);

create function public.get_batch_comparison(p_batch_id uuid, p_monthly_rate numeric default null)
returns json
language plpgsql stable security definer set search_path = '' as $$
declare
  v_rate numeric;
  v_result json;
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
           -- private.effective_unit_cost written out (a function that fixes its search_path is never
           -- inlined; see the top of this file).
           case when coalesce(s.requested_quantity, 0) <= 0 or qi.unit_price is null then null
                else round(
                  qi.unit_price * greatest(s.requested_quantity, coalesce(qi.minimum_quantity, 0))
                    / power(1 + greatest(coalesce(v_rate, 0), 0), greatest(coalesce(q.payment_term_days, 0), 0) / 30.0)
                    / (s.requested_quantity + greatest(coalesce(case when qi.has_bonus then qi.bonus_quantity else 0 end, 0), 0)),
                  4)
           end as effective_unit_cost,
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
  ) into v_result;
  return v_result;
end;
$$;
comment on function public.get_batch_comparison(uuid, numeric) is
  'Purchasing readers: every shortage of a batch × every quote (prices, minimums, substitutes, bonuses, payment terms, winners) with the best submitted price per item, each offer''s effective unit cost at p_monthly_rate (null → 2 % a month; 0–0.20) with its explanation and its price and effective ranks, and the batch''s version (checksum of the award figures).';

revoke execute on function public.get_batch_comparison(uuid, numeric) from public, anon;

grant execute on function public.get_batch_comparison(uuid, numeric) to authenticated;
