-- Issue 28, speed: private.quote_analysis_rows ranks the offers before it widens them.
--
-- Measured on the bench's 2,000-batch history (12 months: 7,747 items, 37,567 offers), the function
-- was half of get_quote_analysis: its two rank windows sorted the offers after they had been joined
-- to their items' batch, product, category and unit names (rows of ~380 bytes, 12 MB sorted twice),
-- and the items were the distinct pairs of 7,747 shortages and 40,901 quote lines (a hash of 48,648
-- rows). Now the ranks are taken over the offers alone (ids, prices and the effective cost), then
-- joined to the items once; and the items are the batches' shortages plus, from the quote lines, only
-- the shortages since returned to the queue (the two sets are disjoint: no dedupe). Same signature,
-- same rows: the integration tests of the quote analysis, matrix and supplier scope hold them.

create or replace function private.quote_analysis_rows(
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
-- enable_nestloop off and work_mem 32MB: see 20261201000000_analysis_shared_definitions.sql (the
-- planner cannot estimate the period's batches and looped over whole sets once per item).
language sql stable security definer set search_path = '' set enable_nestloop = off set work_mem = '32MB'
rows 20000 as $$
  with batches as materialized (
    select b.id, b.name, b.status, b.sent_at, b.closed_at
    from public.quote_batches b
    where b.sent_at is not null
      -- The São Paulo days from p_from to p_to, as the range of instants they span (from p_from's
      -- midnight to the midnight after p_to): quote_batches_sent_at_idx serves it and the planner
      -- estimates it (a day expression beside it made the estimate 5 batches for 989).
      and (p_from is null or (
        b.sent_at >= (p_from::timestamp at time zone 'America/Sao_Paulo')
        and b.sent_at < ((p_to + 1)::timestamp at time zone 'America/Sao_Paulo')))
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
  -- Item: a shortage in a sent batch of the period, or one quoted there and later returned to the
  -- queue (its quote lines keep it). The second set leaves out the first's pairs, so no dedupe of
  -- the whole first set is needed.
  item_keys as (
    select s.batch_id, s.id as shortage_id from public.shortages s join batches b on b.id = s.batch_id
    union all
    select distinct l.batch_id, l.shortage_id
    from lines l
    where not exists (select 1 from public.shortages s where s.id = l.shortage_id and s.batch_id = l.batch_id)
  ),
  items as materialized (
    select b.id as batch_id, b.name as batch_name, b.status as batch_status, b.sent_at, b.closed_at,
           s.id as shortage_id, p.id as product_id, p.name as product_name, pc.category_name,
           s.unit_id, u.name as unit_name, s.requested_quantity as need
    from item_keys x
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
  -- The offers (priced lines of sent quotes) of those items, narrow: what their ranks need and what
  -- the callers read of them.
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
  ),
  ranked as (
    select o.*,
           -- Ordered as the price rank, so the two windows share one sort (any offer of the item would do).
           row_number() over (partition by o.batch_id, o.shortage_id order by o.unit_price) = 1 as first_offer,
           (rank() over (partition by o.batch_id, o.shortage_id order by o.unit_price))::integer as price_rank,
           (rank() over (partition by o.batch_id, o.shortage_id order by o.effective_unit_cost))::integer as effective_rank
    from offers o
  )
  select i.batch_id, i.batch_name, i.batch_status, i.sent_at, i.closed_at,
         i.shortage_id, i.product_id, i.product_name, i.category_name, i.unit_id, i.unit_name, i.need,
         -- An item nobody priced has one row, without an offer: its first.
         coalesce(r.first_offer, true),
         r.quote_item_id, r.quote_id, r.supplier_id, r.supplier_name,
         r.unit_price, r.minimum_quantity, r.bonus, r.payment_term_days, r.effective_unit_cost,
         r.price_rank, r.effective_rank, r.is_winner
  from items i
  left join ranked r on r.batch_id = i.batch_id and r.shortage_id = i.shortage_id
$$;

comment on function private.quote_analysis_rows(date, date, uuid, uuid, uuid, numeric) is
  'The quote analysis'' items (batch × shortage of the batches sent in the period, by unit, category, product) and their offers (priced lines of sent quotes) with effective unit cost at the monthly rate and price/effective rank; one row per offer, one with null offer columns per unpriced item, first_of_item once per item.';
