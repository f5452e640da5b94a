-- Whether a shortage belongs to the batch of a quote. The quote-item trigger runs as
-- the caller (security invoker, so writes made by the security-definer RPCs are
-- trusted without per-row role lookups: 5,000 item rows of a 500 × 10 batch made
-- winner selection take seconds otherwise); this membership check reads across
-- tables the caller may not see, so it is a small security-definer helper.

create function private.shortage_in_quote_batch(p_quote_id uuid, p_shortage_id uuid)
returns boolean
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  return exists (
    select 1 from public.quotes q join public.shortages s on s.batch_id = q.batch_id
    where q.id = p_quote_id and s.id = p_shortage_id
  );
end;
$$;
comment on function private.shortage_in_quote_batch(uuid, uuid) is 'True when the shortage belongs to the batch of the quote.';
revoke execute on function private.shortage_in_quote_batch(uuid, uuid) from public, anon;
grant execute on function private.shortage_in_quote_batch(uuid, uuid) to authenticated, service_role;
