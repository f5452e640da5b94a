-- Security review: a representative could read a store's internal data by
-- choosing that store as "their unit".
--
-- Every user may change profiles.unit_id (spec: "The user can change their own
-- unit"), and every unit-scoped policy trusts private.current_unit_id():
-- shortages (all of the unit's pending demand, never sent to quotation),
-- quote_batches (ABERTO batches, which representatives must not see),
-- import_runs and their rejected rows. Representatives are outside staff
-- linked to a supplier: they get no unit scope at all, whatever unit their
-- profile names. Their reads stay those of the purchasing policies (batches
-- sent to quotation and their shortages, their own supplier's quotes).

create or replace function private.current_unit_id()
returns uuid
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_unit_id uuid;
begin
  select pr.unit_id into v_unit_id
  from public.profiles pr
  where pr.id = auth.uid()
    and pr.supplier_id is null;
  return v_unit_id;
end;
$$;
comment on function private.current_unit_id() is
  'profiles.unit_id of auth.uid() (null when no unit is chosen, and always null for supplier representatives).';
