-- The buyer's comparison as a leaner document (issue 30: the comparison of 500 items × 10 quotes within 250 ms).
--
-- get_batch_comparison answered each of a 500 × 10 batch's 5,000 offers as an object of 18 keys with its one-line
-- explanation: 2.9 MB of JSON, ~120 ms of the function's 140 ms (building 5,000 objects, 5,000 PL/pgSQL calls of
-- private.effective_cost_explanation), then parsed, validated and mapped by the browser before the grid showed. Now:
--   * an item's offers are rows (JSON arrays) whose fields the document names once, in offer_columns; an offer names
--     its quote by its position in `quotes` (ordered by supplier name, then id), not by its id: 1.0 MB;
--   * the explanation is no longer in the document: the screen writes it for the cells it shows from the offer's
--     figures (src/features/purchasing/effective-cost.ts, the same wording and rounding as
--     private.effective_cost_explanation, which the quote analysis still uses; an integration test compares the two
--     over a grid of inputs); is_best, which no reader used, is the item's best_unit_price compared to the offer's;
--   * a quote's priced items are counted in one pass over the offers, not once per quote.
-- The same batch: the function 140 → ~80 ms in psql. Authorization, refusals, the checksum and the 'unchanged'
-- answer are as before (20261208000000). The checksum covers the same inputs and the document's format: a document
-- of the previous format held by a client never matches, so it is replaced, not kept.

create or replace function public.get_batch_comparison(p_batch_id uuid, p_monthly_rate numeric default null, p_known_checksum text default null)
returns json
language plpgsql stable security definer set search_path = '' as $$
declare
  v_rate numeric;
  v_checksum text;
  v_result json;
begin
  perform private.require_purchasing_reader();
  v_rate := private.check_monthly_rate(p_monthly_rate);
  if not exists (select 1 from public.quote_batches b where b.id = p_batch_id) then
    raise exception 'Lote não encontrado' using errcode = 'PT404';
  end if;
  -- Read in this call's snapshot, as the document below: the checksum and the document agree.
  -- 'offers-as-rows': this document's format, so that one of the previous format is never answered 'unchanged'.
  v_checksum := pg_catalog.md5('offers-as-rows|' || private.batch_comparison_checksum(p_batch_id, v_rate));
  if p_known_checksum is not null and p_known_checksum = v_checksum then
    return json_build_object('unchanged', true, 'checksum', v_checksum);
  end if;

  with quotes as (
    select q.id, q.supplier_id, sp.name as supplier_name, q.status, q.selected, q.created_at, q.updated_at,
           q.submitted_at, q.payment_term_days,
           coalesce(pr.full_name, 'Usuário não identificado') as created_by_name,
           -- An offer's `quote`: its quote's position in the document's quotes list.
           (row_number() over (order by sp.name, q.id) - 1)::integer as position
    from public.quotes q
    join public.suppliers sp on sp.id = q.supplier_id
    left join public.profiles pr on pr.id = q.created_by
    where q.batch_id = p_batch_id
  ),
  offers as (
    select qi.shortage_id, qi.quote_id, q.position, q.status as quote_status,
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
  -- The fields of an offer row, in offer_columns' order (the document names them once).
  offers_by_item as (
    select o.shortage_id,
           json_agg(json_build_array(
             o.position, o.unit_price, o.minimum_quantity, o.is_winner, o.wants_substitute,
             o.substitute_product_name, o.substitute_manufacturer, o.has_bonus, o.bonus_product_name,
             o.bonus_manufacturer, o.bonus_expiry_date, o.bonus_quantity, o.effective_unit_cost, o.price_rank,
             o.effective_rank
           ) order by o.position) as offers
    from ranked o
    group by o.shortage_id
  ),
  priced as (
    select o.quote_id, count(*) filter (where o.unit_price is not null) as priced_items
    from offers o
    group by o.quote_id
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
    'checksum', v_checksum,
    'monthly_rate', v_rate,
    'offer_columns', json_build_array('quote', 'unit_price', 'minimum_quantity', 'is_winner', 'wants_substitute',
      'substitute_product_name', 'substitute_manufacturer', 'has_bonus', 'bonus_product_name', 'bonus_manufacturer',
      'bonus_expiry_date', 'bonus_quantity', 'effective_unit_cost', 'price_rank', 'effective_rank'),
    'quotes', coalesce((
      select json_agg(json_build_object(
        'id', q.id, 'supplier_id', q.supplier_id, 'supplier_name', q.supplier_name, 'status', q.status,
        'selected', q.selected, 'created_at', q.created_at, 'updated_at', q.updated_at,
        'created_by_name', q.created_by_name, 'submitted_at', q.submitted_at,
        'payment_term_days', q.payment_term_days,
        'priced_items', coalesce(pc.priced_items, 0)
      ) order by q.position)
      from quotes q
      left join priced pc on pc.quote_id = q.id
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
comment on function public.get_batch_comparison(uuid, numeric, text) is
  'Purchasing readers: every shortage of a batch × every quote (prices, minimums, substitutes, bonuses, payment terms, winners) with the best submitted price per item, each offer''s effective unit cost at p_monthly_rate (null → 2 % a month; 0–0.20) and its price and effective ranks, the offers of an item as rows of offer_columns (quote = the position in quotes), the batch''s version (checksum of the award figures) and the document''s checksum; with p_known_checksum equal to the current one, only {unchanged: true, checksum}.';

