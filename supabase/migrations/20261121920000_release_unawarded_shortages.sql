-- Generating purchase orders sent every shortage of the batch to PEDIDO_ENVIADO,
-- including items no supplier won (nobody priced them, or the buyer awarded none):
-- those were left marked as ordered with no order behind them, and could never be
-- quoted again. They now go back to the buying queue (PENDENTE, no batch), as a
-- buyer would expect, so the next batch can pick them up; their quote lines stay
-- as the record of this round.

create or replace function private.create_orders(p_batch public.quote_batches, p_delivery_date date)
returns void
language plpgsql
volatile
security definer
set search_path = ''
as $$
begin
  if not exists (
    select 1 from public.quote_items qi join public.quotes q on q.id = qi.quote_id
    where q.batch_id = p_batch.id and qi.is_winner and qi.unit_price is not null
  ) then
    raise exception 'Nenhum item vencedor neste lote para gerar pedidos' using errcode = 'P0001';
  end if;
  insert into public.purchase_orders (batch_id, supplier_id, delivery_date, created_by)
  select distinct p_batch.id, q.supplier_id, p_delivery_date, auth.uid()
  from public.quotes q join public.quote_items qi on qi.quote_id = q.id
  where q.batch_id = p_batch.id and qi.is_winner and qi.unit_price is not null
  on conflict (batch_id, supplier_id) do nothing;

  insert into public.purchase_order_items (order_id, shortage_id, quantity, unit_price)
  select o.id, s.id, s.requested_quantity, qi.unit_price
  from public.quotes q
  join public.quote_items qi on qi.quote_id = q.id and qi.is_winner and qi.unit_price is not null
  join public.shortages s on s.id = qi.shortage_id
  join public.purchase_orders o on o.batch_id = q.batch_id and o.supplier_id = q.supplier_id
  where q.batch_id = p_batch.id
  on conflict (order_id, shortage_id) do nothing;

  update public.quote_batches b set status = 'PEDIDO_ENVIADO' where b.id = p_batch.id;

  -- Ordered items move on; items without an order line return to the queue.
  update public.shortages s set status = 'PEDIDO_ENVIADO'
  where s.batch_id = p_batch.id and s.status <> 'ENTREGUE'
    and exists (
      select 1 from public.purchase_order_items oi join public.purchase_orders o on o.id = oi.order_id
      where o.batch_id = p_batch.id and oi.shortage_id = s.id
    );
  update public.shortages s set status = 'PENDENTE', batch_id = null
  where s.batch_id = p_batch.id and s.status <> 'ENTREGUE'
    and not exists (
      select 1 from public.purchase_order_items oi join public.purchase_orders o on o.id = oi.order_id
      where o.batch_id = p_batch.id and oi.shortage_id = s.id
    );
end;
$$;
comment on function private.create_orders(public.quote_batches, date) is
  'One purchase order per winning supplier; batch and ordered shortages → PEDIDO_ENVIADO, shortages without an order line back to PENDENTE without batch.';
revoke execute on function private.create_orders(public.quote_batches, date) from public, anon, authenticated;
