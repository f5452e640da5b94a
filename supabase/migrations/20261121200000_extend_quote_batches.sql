-- Purchasing cycle, part 1: quote batches get their lifecycle columns and the
-- read rules of the purchasing module.
--
-- Who reads a batch:
--   * buyers (MANAGE_ORDERS; admins pass has_permission) read and change every batch;
--   * representatives (MANAGE_QUOTES with a supplier on their profile) read the
--     batches that were sent to quotation (status other than ABERTO);
--   * other staff read, never change, the batches of their own unit.
-- The shortages of a batch sent to quotation become readable by representatives
-- (they must see what they are pricing); products are readable by everybody.

alter table public.quote_batches
  add column updated_at timestamptz not null default now(),
  add column sent_at timestamptz;

comment on column public.quote_batches.sent_at is 'When the batch was sent to quotation (status EM_COTACAO).';
comment on column public.quote_batches.closed_at is 'When the winners were selected (status COTACAO_FINALIZADA).';

create trigger quote_batches_set_updated_at
  before update on public.quote_batches
  for each row execute function private.set_updated_at();

create index quote_batches_status_idx on public.quote_batches (status);

-- Buyers: MANAGE_ORDERS holders (admins included).
create function private.is_buyer()
returns boolean
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  return private.has_permission('MANAGE_ORDERS');
end;
$$;
comment on function private.is_buyer() is 'True when auth.uid() may run purchasing (MANAGE_ORDERS or ADMIN).';

-- Representatives: MANAGE_QUOTES holders linked to a supplier.
create function private.is_representative()
returns boolean
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  return private.current_supplier_id() is not null and private.has_permission('MANAGE_QUOTES');
end;
$$;
comment on function private.is_representative() is 'True when auth.uid() answers quotes for a supplier (MANAGE_QUOTES and profiles.supplier_id set).';

revoke execute on function private.is_buyer(), private.is_representative() from public, anon;
grant execute on function private.is_buyer(), private.is_representative() to authenticated, service_role;

-- One select policy (splinter: multiple_permissive_policies) for the three readers.
drop policy quote_batches_select on public.quote_batches;
create policy quote_batches_select on public.quote_batches
  for select to authenticated
  using (
    (select private.is_buyer())
    or ((select private.is_representative()) and status <> 'ABERTO')
    or unit_id = (select private.current_unit_id())
  );

drop policy shortages_select on public.shortages;
create policy shortages_select on public.shortages
  for select to authenticated
  using (
    unit_id = (select private.current_unit_id())
    or (select private.has_permission('MANAGE_ORDERS'))
    or (
      (select private.is_representative())
      and batch_id in (select b.id from public.quote_batches b where b.status <> 'ABERTO')
    )
  );
