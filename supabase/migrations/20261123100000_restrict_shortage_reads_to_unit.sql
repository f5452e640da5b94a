-- Spec §5 "Shortage visibility: non-admin users see only shortages of their own
-- unit" (issue 4: enforced by RLS).
--
-- 20261121910100 let every purchasing reader (private.can_read_purchasing(), which
-- includes ANALISTA with VIEW_REPORTS) read the shortages of every unit through the
-- table, so an analyst's /lancamento listed other units' rows with controls that
-- then failed. Analysts now read only their own unit's shortages through the table;
-- the analyses and reports they open (get_batch_comparison, get_winning_items,
-- get_supplier_win_rates) are security-definer RPCs gated by
-- private.require_purchasing_reader() and keep reading every unit. Embeds of
-- shortages under quote_batches / quote_items / purchase_order_items show an
-- analyst only their unit's rows (an embedded shortage of another unit is null).
--
-- deviation: two roles outside the literal "own unit" rule keep cross-unit reads,
-- because their work is chain-wide by definition: buyers (private.is_buyer():
-- ADMIN_COMPRAS with MANAGE_ORDERS, the purchasing department, which builds quote
-- batches from every unit's shortages, issue 5) read every unit, and
-- representatives (no unit of their own) read only the shortages of batches sent to
-- quotation, which they must see to price them.

drop policy shortages_select on public.shortages;
create policy shortages_select on public.shortages
  for select to authenticated
  using (
    unit_id = (select private.current_unit_id())
    or (select private.is_admin())
    or (select private.is_buyer())
    or (
      (select private.is_representative())
      and batch_id in (select b.id from public.quote_batches b where b.status <> 'ABERTO')
    )
  );

comment on policy shortages_select on public.shortages is
  'Own unit; admins and buyers (ADMIN_COMPRAS) every unit; representatives only shortages of batches sent to quotation.';
