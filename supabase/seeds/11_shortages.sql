-- Demo shortages (faltas) in the three units, registered by the demo counter
-- staff, pharmacist and analyst, in every status; plus the quote batches the
-- non-pending ones belong to (created by the buyer compras@farmacia.local).
-- Runs once: skipped when the demo batches already exist.

do $seed$
declare
  v_centro uuid := (select id from public.store_units where name = 'Unidade Centro');
  v_norte uuid := (select id from public.store_units where name = 'Unidade Norte');
  v_sul uuid := (select id from public.store_units where name = 'Unidade Sul');
  v_balconista uuid := (select id from auth.users where email = 'balconista@farmacia.local');
  v_balconista2 uuid := (select id from auth.users where email = 'balconista2@farmacia.local');
  v_farmaceutico uuid := (select id from auth.users where email = 'farmaceutico@farmacia.local');
  v_analista uuid := (select id from auth.users where email = 'analista@farmacia.local');
  v_compras uuid := (select id from auth.users where email = 'compras@farmacia.local');
  v_lote_centro uuid;
  v_lote_norte uuid;
  v_lote_sul uuid;
  v_lote_sul_antigo uuid;
begin
  if v_centro is null or v_balconista is null or v_compras is null then
    raise notice 'Demo units/accounts missing; shortage seed skipped';
    return;
  end if;
  if exists (select 1 from public.quote_batches where name = 'Lote Semanal Centro') then
    return;
  end if;

  insert into public.quote_batches (unit_id, name, status, created_by, created_at)
  values (v_centro, 'Lote Semanal Centro', 'ABERTO', v_compras, now() - interval '1 day')
  returning id into v_lote_centro;
  insert into public.quote_batches (unit_id, name, status, created_by, created_at)
  values (v_norte, 'Lote Reposição Norte', 'EM_COTACAO', v_compras, now() - interval '3 days')
  returning id into v_lote_norte;
  insert into public.quote_batches (unit_id, name, status, created_by, created_at, closed_at)
  values (v_sul, 'Lote Quinzenal Sul', 'COTACAO_FINALIZADA', v_compras, now() - interval '6 days', now() - interval '2 days')
  returning id into v_lote_sul;
  insert into public.quote_batches (unit_id, name, status, created_by, created_at, closed_at)
  values (v_sul, 'Lote Mensal Sul', 'PEDIDO_ENVIADO', v_compras, now() - interval '20 days', now() - interval '15 days')
  returning id into v_lote_sul_antigo;

  insert into public.shortages
    (product_id, unit_id, requested_quantity, available_quantity, status, created_by, group_id, batch_id, observation, created_at, updated_at)
  select p.id, s.unit_id, s.requested, s.available, s.status, s.created_by,
         (select pc.category_id from public.product_categories pc where pc.product_id = p.id order by pc.category_id limit 1),
         s.batch_id, s.observation, now() - s.age, now() - s.age
  from (values
    -- Unidade Centro (Bruno Balconista)
    ('7896004100371', v_centro, 30, 2, 'PENDENTE', v_balconista, null::uuid, 'Cliente aguardando no balcão', interval '2 hours'),
    ('7891106101486', v_centro, 24, 0, 'PENDENTE', v_balconista, null, 'Procura alta nesta semana', interval '5 hours'),
    ('7896181101857', v_centro, 10, 1, 'PENDENTE', v_balconista, null, null, interval '1 day'),
    ('7896422100748', v_centro, 12, 0, 'LOTE_CRIADO', v_balconista, v_lote_centro, 'Sem estoque desde segunda-feira', interval '2 days'),
    ('7896658101113', v_centro, 6, 1, 'LOTE_CRIADO', v_balconista, v_lote_centro, null, interval '2 days 3 hours'),
    ('7896026107037', v_centro, 8, 0, 'LOTE_CRIADO', v_balconista, v_lote_centro, 'Receita de uso contínuo', interval '2 days 6 hours'),
    -- Unidade Norte (Beatriz Balconista, Amanda Analista)
    ('7891058107406', v_norte, 20, 3, 'PENDENTE', v_balconista2, null, 'Pedido de cliente fidelidade', interval '3 hours'),
    ('7896714113692', v_norte, 15, 0, 'PENDENTE', v_analista, null, 'Ruptura identificada no relatório semanal', interval '7 hours'),
    ('7898148114061', v_norte, 40, 5, 'PENDENTE', v_balconista2, null, null, interval '1 day 2 hours'),
    ('7896181120353', v_norte, 18, 0, 'EM_COTACAO', v_balconista2, v_lote_norte, 'Fornecedor habitual sem estoque', interval '4 days'),
    ('7891317120726', v_norte, 9, 1, 'EM_COTACAO', v_analista, v_lote_norte, null, interval '4 days 4 hours'),
    -- Unidade Sul (Fernando Farmacêutico)
    ('7896181127758', v_sul, 25, 0, 'PENDENTE', v_farmaceutico, null, 'Medicamento de uso contínuo: 3 clientes aguardando', interval '1 hour'),
    ('7891317128128', v_sul, 12, 2, 'PENDENTE', v_farmaceutico, null, null, interval '9 hours'),
    ('7896181135159', v_sul, 30, 0, 'COTACAO_FINALIZADA', v_farmaceutico, v_lote_sul, 'Preferência pelo genérico', interval '7 days'),
    ('7891058137007', v_sul, 14, 4, 'COTACAO_FINALIZADA', v_farmaceutico, v_lote_sul, null, interval '7 days 5 hours'),
    ('7891058140700', v_sul, 50, 0, 'PEDIDO_ENVIADO', v_farmaceutico, v_lote_sul_antigo, 'Campanha de vacinação: alta demanda', interval '21 days'),
    ('7896714172897', v_sul, 16, 2, 'ENTREGUE', v_farmaceutico, v_lote_sul_antigo, 'Recebido conforme pedido', interval '22 days')
  ) as s(barcode, unit_id, requested, available, status, created_by, batch_id, observation, age)
  join public.products p on p.barcode = s.barcode;
end
$seed$;
