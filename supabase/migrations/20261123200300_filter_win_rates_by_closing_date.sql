-- /itens-vitoriosos shows, for one period, the items won (get_winning_items,
-- filtered on the day the batch's winners were chosen: quote_batches.closed_at)
-- next to the suppliers' win rates (get_supplier_win_rates, filtered on the day
-- each quote was created). With two different dates the same period could list
-- a won item while the rates ignored its quote, or the reverse. The rates now
-- use the same date as the won items: a quote counts in the period when its
-- batch was closed in it (America/Sao_Paulo days). Without a period every
-- submitted or decided quote counts, as before; with one, only decided quotes
-- (batches whose winners were chosen in the period) can fall inside it.
-- Readers only (buyers, analysts with VIEW_REPORTS); same columns as before:
-- quotes sent/won/lost, quote win rate (won ÷ decided), items quoted (priced),
-- items won and value won.

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
      join public.quote_batches b on b.id = q.batch_id
      where q.status <> 'EM_ANDAMENTO'
        and (p_from is null or (b.closed_at at time zone 'America/Sao_Paulo')::date >= p_from)
        and (p_to is null or (b.closed_at at time zone 'America/Sao_Paulo')::date <= p_to)
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
comment on function public.get_supplier_win_rates(date, date) is
  'Purchasing readers: per supplier quotes sent/won/lost, win rate (won ÷ decided), items quoted/won and value won; the period filters on the batch''s closed_at, like get_winning_items.';
