-- Spec §5 "Creating a quote": only one quote per supplier per batch, refused
-- with 'Você já possui uma cotação para este lote'. The unique constraint
-- quotes_batch_supplier_key enforced the rule but answered with PostgreSQL's
-- own text ('duplicate key value violates unique constraint ...'), so the spec
-- message existed only in a client-side mapping.
--
-- A BEFORE INSERT trigger now raises the spec message (errcode 23505, like the
-- constraint). It first takes a transaction-level advisory lock on the
-- (batch, supplier) pair, so two concurrent inserts for the same pair are
-- serialised and the second one sees the committed first (each statement of a
-- volatile function takes a fresh snapshot): the message is deterministic even
-- under a race. The unique constraint stays the final arbiter.
--
-- Trusted callers (the security-definer RPCs, seeds) take the same lock but are
-- not refused here: get_or_create_quote relies on `on conflict do nothing` to
-- hand back the quote a concurrent call created.

-- Security definer: RLS may hide the other quote from the caller.
create function private.supplier_has_quote(p_batch_id uuid, p_supplier_id uuid, p_except_id uuid)
returns boolean
language plpgsql
volatile
security definer
set search_path = ''
as $$
begin
  return exists (
    select 1 from public.quotes q
    where q.batch_id = p_batch_id and q.supplier_id = p_supplier_id and q.id is distinct from p_except_id
  );
end;
$$;
comment on function private.supplier_has_quote(uuid, uuid, uuid) is
  'True when the supplier already has a quote for the batch (other than p_except_id).';

-- Security invoker, like the other guards: inside the definer RPCs current_user
-- is the function owner, so only direct Data API inserts are refused here.
create function private.quotes_one_per_supplier()
returns trigger
language plpgsql
volatile
security invoker
set search_path = ''
as $$
begin
  perform pg_advisory_xact_lock(
    hashtextextended('public.quotes:' || new.batch_id::text || ':' || new.supplier_id::text, 0)
  );
  -- Only a caller entitled to that supplier's quote (its representative, or a
  -- buyer) learns that it exists; anyone else is left to RLS (42501), so the
  -- message is no oracle on another supplier's quotes.
  if current_user in ('authenticated', 'anon')
     and (new.supplier_id = private.current_supplier_id() or private.is_buyer())
     and private.supplier_has_quote(new.batch_id, new.supplier_id, new.id) then
    raise exception 'Você já possui uma cotação para este lote'
      using errcode = '23505', constraint = 'quotes_batch_supplier_key',
            detail = 'Key (batch_id, supplier_id) already exists (quotes_batch_supplier_key).';
  end if;
  return new;
end;
$$;
comment on function private.quotes_one_per_supplier() is
  'BEFORE INSERT on quotes: serialises inserts per (batch, supplier) and refuses a second quote by a Data API caller with ''Você já possui uma cotação para este lote'' (23505).';

revoke all on function private.supplier_has_quote(uuid, uuid, uuid), private.quotes_one_per_supplier() from public, anon;
grant execute on function private.supplier_has_quote(uuid, uuid, uuid), private.quotes_one_per_supplier() to authenticated, service_role;

create trigger quotes_one_per_supplier
  before insert on public.quotes
  for each row execute function private.quotes_one_per_supplier();
