-- The buyer's comparison read again only when it changed (issue 30: the comparison's screen; issue 5: live lists).
--
-- The purchasing screens read their queries again after every change they hear of, and once when their live
-- channel joins (src/lib/realtime.ts: whatever changed between the first read and the join). For a batch of 500
-- items × 10 quotes that is get_batch_comparison's whole document again, 2.8 MB (0.3 s of SQL, then parsed and
-- drawn by the browser), just after the screen appeared and while the buyer starts to work, though nothing changed
-- in almost every case. Now:
--   * private.batch_comparison_checksum: an md5 over everything the document is made of (the batch with its unit,
--     every quote with its supplier and author, every quote line, drafts' included, every item with its product
--     and unit) and the cost of money it was computed at: the same inputs give the same document. Whole rows as
--     text (a column added later changes it too; row text writes NULL apart from '', unlike concat_ws), except the
--     quote lines, which count by id and updated_at: quote_items_before_write stamps updated_at on every insert
--     and update, and 5,000 lines as text took 36 ms. About 20 ms for 500 items × 10 quotes, against 0.3 s for
--     the document (the per-offer arithmetic, the ranks and 2.8 MB of JSON).
--   * get_batch_comparison gains p_known_checksum (defaulted: spec §7's call is unchanged): the client sends the
--     checksum of the document it holds for that batch and rate; when it is still current the answer is
--     {unchanged: true, checksum} and the client keeps its document (src/features/purchasing/api/get-batch-comparison.ts);
--     the full document carries its checksum. Authorization and refusals come first, as before.
-- `version` (private.batch_quote_version) stays what select_winning_quotes_native compares: the award figures only.

create function private.batch_comparison_checksum(p_batch_id uuid, p_rate numeric)
returns text
language sql stable security definer set search_path = '' as $$
  select pg_catalog.md5(pg_catalog.concat(
    p_rate::text, '|',
    (select row(b.*, u.name)::text
       from public.quote_batches b left join public.store_units u on u.id = b.unit_id
      where b.id = p_batch_id), '|',
    (select pg_catalog.string_agg(row(q.*, sp.name, pr.full_name)::text, ';' order by q.id)
       from public.quotes q
       join public.suppliers sp on sp.id = q.supplier_id
       left join public.profiles pr on pr.id = q.created_by
      where q.batch_id = p_batch_id), '|',
    -- A quote line by its id and updated_at, which quote_items_before_write stamps on every insert and update
    -- (a line's text would cost 36 ms of the 48 for 5,000 lines; this, 10).
    (select pg_catalog.string_agg(qi.id::text || '@' || qi.updated_at::text, ';' order by qi.id)
       from public.quote_items qi join public.quotes q on q.id = qi.quote_id
      where q.batch_id = p_batch_id), '|',
    (select pg_catalog.string_agg(row(s.*, p.name, p.barcode, u.name)::text, ';' order by s.id)
       from public.shortages s
       join public.products p on p.id = s.product_id
       left join public.store_units u on u.id = s.unit_id
      where s.batch_id = p_batch_id)
  ));
$$;
comment on function private.batch_comparison_checksum(uuid, numeric) is
  'md5 of everything get_batch_comparison''s document is made of for a batch at a cost of money: equal checksums, equal documents.';

revoke execute on function private.batch_comparison_checksum(uuid, numeric) from public, anon, authenticated;

drop function public.get_batch_comparison(uuid, numeric);

create function public.get_batch_comparison(p_batch_id uuid, p_monthly_rate numeric default null, p_known_checksum text default null)
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
  v_checksum := private.batch_comparison_checksum(p_batch_id, v_rate);
  if p_known_checksum is not null and p_known_checksum = v_checksum then
    return json_build_object('unchanged', true, 'checksum', v_checksum);
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
    'checksum', v_checksum,
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
comment on function public.get_batch_comparison(uuid, numeric, text) is
  'Purchasing readers: every shortage of a batch × every quote (prices, minimums, substitutes, bonuses, payment terms, winners) with the best submitted price per item, each offer''s effective unit cost at p_monthly_rate (null → 2 % a month; 0–0.20) with its explanation and its price and effective ranks, the batch''s version (checksum of the award figures) and the document''s checksum; with p_known_checksum equal to the current one, only {unchanged: true, checksum}.';

revoke execute on function public.get_batch_comparison(uuid, numeric, text) from public, anon;

grant execute on function public.get_batch_comparison(uuid, numeric, text) to authenticated;
