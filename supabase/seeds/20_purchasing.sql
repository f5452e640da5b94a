-- Demo purchasing cycle on top of the batches and shortages of 11_shortages.sql:
--   * Lote Semanal Centro (ABERTO): no quotes yet;
--   * Lote Reposição Norte (EM_COTACAO): Distribuidora Alfa's quote in progress
--     (one item priced, cheaper than Beta's but still a draft, so it must not
--     compete; one offering a substitute), Distribuidora Beta's quote sent (both
--     items priced, one with a bonus);
--   * Lote Quinzenal Sul (COTACAO_FINALIZADA): Alfa won both items, Beta lost;
--   * Lote Mensal Sul (PEDIDO_ENVIADO): one item won by each supplier, one order
--     per supplier; Beta's order was received (its shortage is ENTREGUE).
-- Runs once: skipped when the demo quotes already exist.

do $seed$
declare
  v_alfa uuid := (select id from public.suppliers where name = 'Distribuidora Alfa');
  v_beta uuid := (select id from public.suppliers where name = 'Distribuidora Beta');
  v_rep_alfa uuid := (select id from auth.users where email = 'representante@farmacia.local');
  v_rep_beta uuid := (select id from auth.users where email = 'representante2@farmacia.local');
  v_compras uuid := (select id from auth.users where email = 'compras@farmacia.local');
  v_norte public.quote_batches;
  v_sul public.quote_batches;
  v_sul_antigo public.quote_batches;
  v_quote uuid;
  v_order uuid;
  v_s1 uuid;
  v_s2 uuid;
begin
  select * into v_norte from public.quote_batches where name = 'Lote Reposição Norte';
  select * into v_sul from public.quote_batches where name = 'Lote Quinzenal Sul';
  select * into v_sul_antigo from public.quote_batches where name = 'Lote Mensal Sul';
  if v_alfa is null or v_beta is null or v_rep_alfa is null or v_rep_beta is null
     or v_norte.id is null or v_sul.id is null or v_sul_antigo.id is null then
    raise notice 'Demo suppliers, representatives or batches missing; purchasing seed skipped';
    return;
  end if;
  if exists (select 1 from public.quotes where batch_id in (v_norte.id, v_sul.id, v_sul_antigo.id)) then
    return;
  end if;

  update public.quote_batches set sent_at = created_at + interval '2 hours'
  where id in (v_norte.id, v_sul.id, v_sul_antigo.id);

  -- Lote Reposição Norte (EM_COTACAO)
  select s.id into v_s1 from public.shortages s join public.products p on p.id = s.product_id
  where s.batch_id = v_norte.id and p.barcode = '7896181120353';
  select s.id into v_s2 from public.shortages s join public.products p on p.id = s.product_id
  where s.batch_id = v_norte.id and p.barcode = '7891317120726';

  insert into public.quotes (batch_id, supplier_id, status, created_by, created_at, updated_at)
  values (v_norte.id, v_alfa, 'EM_ANDAMENTO', v_rep_alfa, v_norte.created_at + interval '1 day', v_norte.created_at + interval '1 day')
  returning id into v_quote;
  insert into public.quote_items
    (quote_id, shortage_id, unit_price, minimum_quantity, wants_substitute, substitute_product_name, substitute_manufacturer)
  values
    (v_quote, v_s1, 10.9500, 12, false, null, null),
    (v_quote, v_s2, null, null, true, 'Similar equivalente 500 mg (caixa com 20)', 'Laboratório Genérico Brasil');

  insert into public.quotes (batch_id, supplier_id, status, created_by, created_at, updated_at)
  values (v_norte.id, v_beta, 'ENVIADA', v_rep_beta, v_norte.created_at + interval '1 day 2 hours', v_norte.created_at + interval '2 days')
  returning id into v_quote;
  insert into public.quote_items
    (quote_id, shortage_id, unit_price, minimum_quantity, has_bonus, bonus_product_name, bonus_manufacturer, bonus_expiry_date, bonus_quantity)
  values
    (v_quote, v_s1, 11.9000, 18, true, 'Mesmo produto (bonificação)', 'Fabricante original', (now() + interval '8 months')::date, 2),
    (v_quote, v_s2, 7.3500, null, false, null, null, null, 1);

  -- Lote Quinzenal Sul (COTACAO_FINALIZADA): Alfa cheaper on both items.
  select s.id into v_s1 from public.shortages s join public.products p on p.id = s.product_id
  where s.batch_id = v_sul.id and p.barcode = '7896181135159';
  select s.id into v_s2 from public.shortages s join public.products p on p.id = s.product_id
  where s.batch_id = v_sul.id and p.barcode = '7891058137007';

  insert into public.quotes (batch_id, supplier_id, status, created_by, created_at, updated_at, selected)
  values (v_sul.id, v_alfa, 'VENCEDORA', v_rep_alfa, v_sul.created_at + interval '1 day', v_sul.closed_at, true)
  returning id into v_quote;
  insert into public.quote_items (quote_id, shortage_id, unit_price, minimum_quantity, is_winner)
  values (v_quote, v_s1, 4.2000, 30, true), (v_quote, v_s2, 18.9000, null, true);

  insert into public.quotes (batch_id, supplier_id, status, created_by, created_at, updated_at, selected)
  values (v_sul.id, v_beta, 'PERDEDORA', v_rep_beta, v_sul.created_at + interval '1 day 4 hours', v_sul.closed_at, false)
  returning id into v_quote;
  insert into public.quote_items (quote_id, shortage_id, unit_price, minimum_quantity, is_winner)
  values (v_quote, v_s1, 4.6500, null, false), (v_quote, v_s2, 19.5000, 10, false);

  -- Lote Mensal Sul (PEDIDO_ENVIADO): split award, one order per supplier.
  select s.id into v_s1 from public.shortages s join public.products p on p.id = s.product_id
  where s.batch_id = v_sul_antigo.id and p.barcode = '7891058140700';
  select s.id into v_s2 from public.shortages s join public.products p on p.id = s.product_id
  where s.batch_id = v_sul_antigo.id and p.barcode = '7896714172897';

  insert into public.quotes (batch_id, supplier_id, status, created_by, created_at, updated_at, selected)
  values (v_sul_antigo.id, v_alfa, 'VENCEDORA', v_rep_alfa, v_sul_antigo.created_at + interval '1 day', v_sul_antigo.closed_at, true)
  returning id into v_quote;
  insert into public.quote_items (quote_id, shortage_id, unit_price, minimum_quantity, is_winner)
  values (v_quote, v_s1, 2.1500, 50, true), (v_quote, v_s2, 9.8000, null, false);

  insert into public.quotes (batch_id, supplier_id, status, created_by, created_at, updated_at, selected)
  values (v_sul_antigo.id, v_beta, 'VENCEDORA', v_rep_beta, v_sul_antigo.created_at + interval '1 day 3 hours', v_sul_antigo.closed_at, true)
  returning id into v_quote;
  insert into public.quote_items (quote_id, shortage_id, unit_price, minimum_quantity, is_winner)
  values (v_quote, v_s1, 2.3000, null, false), (v_quote, v_s2, 9.2000, 12, true);

  insert into public.purchase_orders (batch_id, supplier_id, status, delivery_date, created_by, created_at)
  values (v_sul_antigo.id, v_alfa, 'SOLICITADO', (v_sul_antigo.closed_at + interval '5 days')::date, v_compras, v_sul_antigo.closed_at)
  returning id into v_order;
  insert into public.purchase_order_items (order_id, shortage_id, quantity, unit_price, quote_item_id, requested_quantity, minimum_quantity)
  select v_order, s.id, s.requested_quantity, 2.1500, qi.id, s.requested_quantity, qi.minimum_quantity
  from public.shortages s join public.quote_items qi on qi.shortage_id = s.id and qi.is_winner where s.id = v_s1;

  insert into public.purchase_orders (batch_id, supplier_id, status, delivery_date, created_by, created_at)
  values (v_sul_antigo.id, v_beta, 'RECEBIDO', (v_sul_antigo.closed_at + interval '3 days')::date, v_compras, v_sul_antigo.closed_at)
  returning id into v_order;
  -- Received at Unidade Sul: confirmed there by the pharmacist.
  insert into public.purchase_order_items
    (order_id, shortage_id, quantity, unit_price, quote_item_id, requested_quantity, minimum_quantity, received_at, received_by, received_by_name)
  select v_order, s.id, s.requested_quantity, 9.2000, qi.id, s.requested_quantity, qi.minimum_quantity,
         v_sul_antigo.closed_at + interval '3 days', pr.id, pr.full_name
  from public.shortages s
  join public.quote_items qi on qi.shortage_id = s.id and qi.is_winner
  join public.profiles pr on pr.id = (select id from auth.users where email = 'farmaceutico@farmacia.local')
  where s.id = v_s2;
  update public.purchase_orders set received_at = v_sul_antigo.closed_at + interval '3 days' where id = v_order;
end
$seed$;
