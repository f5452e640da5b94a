-- Purchasing history for the analyses of issue 28 (/analise-cotacoes, /analise-faltas,
-- /analise-dias-compras, /relatorio-compras): six months of closed purchasing cycles, so that every
-- chart has a shape on a fresh database. Deterministic (no random(): every choice is a hash of the
-- batch, supplier and item numbers), written by the owner, who may record known past times.
--
-- Shape (42 batches, one every 4 days from 1 June 2026, rotating Centro → Norte → Sul, so every
-- weekday gets orders):
--   * 12 products of our own (barcodes 7899028…, names no other seed or test uses), each in one
--     catalogue category; every unit has two products that run out again and again (recurring
--     shortages within 12 days), the others rotate;
--   * 4–5 shortages per batch, registered by the unit's staff 1 hour to 4 days before the batch,
--     batched_at half an hour after it was created;
--   * 4 suppliers invited to every batch: Distribuidora Alfa and Beta (the demo representatives)
--     and Distribuidora Gama and Delta (new here, no representative account any more). Not all
--     answer (response rates below 100 %); the 6 most recent batches are answered by Alfa and Beta
--     only, Gama and Delta invited but silent;
--   * quotes with submitted_at hours after the batch was sent, payment terms of 0/28/30/45/60 days
--     (some not stated), minimum quantities above the need (Gama), bonus units (Beta, Delta),
--     substitutes (Delta), and missing prices;
--   * awards to the lowest effective cost at 2 % a month (so the awarded offer is sometimes not the
--     lowest price), one order per winning supplier with its promised date; most delivered on time,
--     some late (half of those after the supplier moved delivery_date, the original promise kept),
--     some lines received short (received_quantity < quantity), and the orders of the 4 most recent
--     batches mostly still pending (shortages PEDIDO_ENVIADO).
-- The dates hang from a fixed anchor, 1 June 2026 09:00 (São Paulo), moved back only when the clock
-- is earlier than 172 days after it, so that the whole history stays in the past.
-- Runs once: skipped when the history's products already have shortages.

insert into public.suppliers (name, cnpj) values
  ('Distribuidora Gama', '22.334.455/0001-86'),
  ('Distribuidora Delta', '66.554.433/0001-05')
on conflict (name) do nothing;

create temporary table history_products (
  n integer primary key,
  barcode text not null,
  name text not null,
  category text not null,
  base_price numeric(12,2) not null
);

insert into history_products (n, barcode, name, category, base_price) values
  (1, '7899028001013', 'Losartana Potássica 50mg 60 comprimidos', 'Cardiovasculares', 24.90),
  (2, '7899028001389', 'Metformina 850mg 60 comprimidos', 'Diabetes', 15.80),
  (3, '7899028001754', 'Amoxicilina 875mg 14 comprimidos', 'Antibióticos', 28.40),
  (4, '7899028002126', 'Omeprazol 20mg 56 cápsulas', 'Gastrointestinais', 21.60),
  (5, '7899028002492', 'Sinvastatina 20mg 60 comprimidos', 'Cardiovasculares', 17.30),
  (6, '7899028002867', 'Enalapril 10mg 60 comprimidos', 'Cardiovasculares', 12.40),
  (7, '7899028003239', 'Vitamina D3 2.000 UI 60 cápsulas', 'Vitaminas e Suplementos', 32.90),
  (8, '7899028003604', 'Soro Fisiológico 0,9% 250ml', 'Primeiros Socorros', 7.20),
  (9, '7899028003970', 'Ambroxol Xarope Adulto 30mg/5ml 120ml', 'Respiratórios', 13.50),
  (10, '7899028004342', 'Glibenclamida 5mg 60 comprimidos', 'Diabetes', 10.90),
  (11, '7899028004717', 'Dipirona Monoidratada 1g 30 comprimidos', 'Analgésicos', 14.20),
  (12, '7899028005080', 'Cetoprofeno 150mg 20 comprimidos', 'Anti-inflamatórios', 19.70);

insert into public.products (name, barcode)
select h.name, h.barcode from history_products h
on conflict (barcode) do nothing;

insert into public.product_categories (product_id, category_id)
select p.id, c.id
from history_products h
join public.products p on p.barcode = h.barcode
join public.categories c on c.name = h.category
on conflict do nothing;

do $seed$
declare
  c_batches constant integer := 42;
  -- Pending orders: the batches from this one on are mostly not delivered yet.
  c_pending_from constant integer := 38;
  -- The most recent batches Gama and Delta no longer answer.
  c_silent_from constant integer := 36;
  v_anchor timestamptz := least(
    timestamptz '2026-06-01 09:00:00-03',
    (date_trunc('day', now() at time zone 'America/Sao_Paulo') - interval '172 days' + interval '9 hours') at time zone 'America/Sao_Paulo');
  v_units uuid[];
  v_unit_names text[] := array['Centro', 'Norte', 'Sul'];
  v_staff uuid[];
  v_staff_names text[];
  v_analista uuid := (select id from auth.users where email = 'analista@farmacia.local');
  v_compras uuid := (select id from auth.users where email = 'compras@farmacia.local');
  v_suppliers uuid[];
  v_reps uuid[];
  -- Per supplier (Alfa, Beta, Gama, Delta): answer threshold (of 100), price factor, lead days, on-time share (of 100).
  v_answer integer[] := array[92, 85, 65, 50];
  v_factor numeric[] := array[1.000, 0.985, 0.960, 1.030];
  v_lead integer[] := array[3, 4, 6, 3];
  v_on_time integer[] := array[85, 70, 55, 75];
  v_short integer[] := array[8, 8, 25, 15];
  -- Each unit's recurring products (Centro: Losartana, Metformina; Norte: Omeprazol, Soro; Sul: Amoxicilina, Vitamina D3).
  v_recurring integer[][] := array[[1, 2], [4, 8], [3, 7]];
  v_products uuid[];
  v_categories uuid[];
  v_prices numeric[];
  v_names text[];
  k integer;
  s integer;
  j integer;
  u integer;
  p integer;
  h integer;
  v_items integer[];
  v_created timestamptz;
  v_sent timestamptz;
  v_closed timestamptz;
  v_batch uuid;
  v_quote uuid;
  v_order uuid;
  v_answered boolean[];
  v_price numeric;
  v_term integer;
  v_order_at timestamptz;
  v_order_day date;
  v_promised date;
  v_delay integer;
  v_received_at timestamptz;
  v_pending boolean;
  r record;
begin
  select array_agg(id order by case name when 'Unidade Centro' then 1 when 'Unidade Norte' then 2 else 3 end)
  into v_units from public.store_units where name in ('Unidade Centro', 'Unidade Norte', 'Unidade Sul');
  select array_agg(u.id order by x.ord), array_agg(p.full_name order by x.ord)
  into v_staff, v_staff_names
  from (values ('balconista@farmacia.local', 1), ('balconista2@farmacia.local', 2), ('farmaceutico@farmacia.local', 3)) x(email, ord)
  join auth.users u on u.email = x.email join public.profiles p on p.id = u.id;
  select array_agg(sp.id order by x.ord), array_agg(pr.id order by x.ord)
  into v_suppliers, v_reps
  from (values ('Distribuidora Alfa', 1), ('Distribuidora Beta', 2), ('Distribuidora Gama', 3), ('Distribuidora Delta', 4)) x(name, ord)
  join public.suppliers sp on sp.name = x.name
  left join public.profiles pr on pr.supplier_id = sp.id and pr.id in (select id from auth.users where email in ('representante@farmacia.local', 'representante2@farmacia.local'));
  select array_agg(p.id order by h.n), array_agg(c.id order by h.n), array_agg(h.base_price order by h.n), array_agg(h.name order by h.n)
  into v_products, v_categories, v_prices, v_names
  from history_products h join public.products p on p.barcode = h.barcode join public.categories c on c.name = h.category;

  if coalesce(cardinality(v_units), 0) <> 3 or coalesce(cardinality(v_staff), 0) <> 3 or coalesce(cardinality(v_suppliers), 0) <> 4
     or coalesce(cardinality(v_products), 0) <> 12 or v_compras is null then
    raise notice 'Demo units, accounts, suppliers or categories missing; purchasing history seed skipped';
    return;
  end if;
  if exists (select 1 from public.shortages where product_id = any (v_products)) then
    return;
  end if;

  for k in 0 .. c_batches - 1 loop
    u := 1 + k % 3;
    v_created := v_anchor + k * interval '4 days' + (k % 4) * interval '40 minutes';
    v_sent := v_created + interval '3 hours';
    v_closed := v_created + interval '3 days' + (k % 3) * interval '4 hours';

    insert into public.quote_batches (unit_id, name, status, created_by, created_at, updated_at, sent_at, closed_at)
    values (v_units[u], format('Compras %s %s', v_unit_names[u], to_char(v_created at time zone 'America/Sao_Paulo', 'DD/MM')),
            'PEDIDO_ENVIADO', v_compras, v_created, v_closed, v_sent, v_closed)
    returning id into v_batch;

    -- The items: the unit's two recurring products (each left out now and then), and two or three others.
    v_items := '{}';
    for j in 1 .. 2 loop
      if abs(hashtext(format('rec-%s-%s', k, j))) % 100 < 80 then
        v_items := v_items || v_recurring[u][j];
      end if;
    end loop;
    j := 0;
    while cardinality(v_items) < 4 + k % 2 loop
      p := 1 + (k * 5 + j * 7 + u) % 12;
      if not p = any (v_items) and not p = any (v_recurring[u:u][1:2]) then
        v_items := v_items || p;
      end if;
      j := j + 1;
    end loop;

    insert into public.shortages
      (product_id, unit_id, requested_quantity, available_quantity, status, created_by, group_id, batch_id, batched_at,
       observation, created_at, updated_at)
    select v_products[i.p], v_units[u],
           6 + abs(hashtext(format('qty-%s-%s', k, i.p))) % 55,
           abs(hashtext(format('avail-%s-%s', k, i.p))) % 4,
           -- Delivered unless the batch is one of the most recent (whose receipts are settled below).
           case when k < c_pending_from then 'ENTREGUE' else 'PEDIDO_ENVIADO' end,
           case when u = 2 and i.p % 3 = 0 then v_analista else v_staff[u] end,
           v_categories[i.p], v_batch, v_created + interval '30 minutes',
           case when i.p = any (v_recurring[u:u][1:2]) and k % 4 = 0 then 'Falta recorrente: sem estoque de novo' end,
           v_created - (1 + abs(hashtext(format('age-%s-%s', k, i.p))) % 96) * interval '1 hour',
           v_closed
    from unnest(v_items) as i(p);

    -- Everyone invited when the batch was sent; who answers.
    insert into public.quote_batch_invitations (batch_id, supplier_id, invited_at)
    select v_batch, sp, v_sent from unnest(v_suppliers) sp
    on conflict (batch_id, supplier_id) do nothing;

    v_answered := array[false, false, false, false];
    for s in 1 .. 4 loop
      v_answered[s] := abs(hashtext(format('answer-%s-%s', k, s))) % 100 < v_answer[s];
    end loop;
    if k >= c_silent_from then
      v_answered := array[true, true, false, false];
    elsif not v_answered[1] and not v_answered[2] then
      v_answered[1] := true;
    end if;

    for s in 1 .. 4 loop
      continue when not v_answered[s];
      h := abs(hashtext(format('quote-%s-%s', k, s))) % 100;
      v_term := case s
        when 1 then case when k % 5 = 4 then null when k % 2 = 0 then 28 else 30 end
        when 2 then case when k % 3 = 0 then 0 else 45 end
        when 3 then 60
        else case when k % 2 = 0 then 30 else 45 end
      end;
      insert into public.quotes (batch_id, supplier_id, status, created_by, created_at, updated_at, submitted_at, payment_term_days)
      values (v_batch, v_suppliers[s], 'ENVIADA', v_reps[s],
              v_sent + (1 + h % 3) * interval '1 hour', v_closed,
              v_sent + (case s when 1 then 3 + h % 18 when 2 then 8 + h % 30 when 3 then 20 + h % 40 else 30 + h % 36 end) * interval '1 hour',
              v_term)
      returning id into v_quote;

      insert into public.quote_items
        (quote_id, shortage_id, unit_price, minimum_quantity, has_bonus, bonus_product_name, bonus_manufacturer, bonus_expiry_date,
         bonus_quantity, wants_substitute, substitute_product_name, substitute_manufacturer)
      select v_quote, sh.id,
             case when x.skip then null
                  else round(v_prices[x.p] * v_factor[s] * (1 + 0.0015 * k) * (1 + ((x.h % 13) - 6) / 100.0), 2) end,
             case when x.skip then null
                  when s = 3 and x.h % 2 = 0 then case when sh.requested_quantity < 24 then 24 else 48 end
                  when s = 1 and x.h % 5 = 0 then 12 end,
             x.bonus, case when x.bonus then v_names[x.p] end, case when x.bonus then 'Fabricante original' end,
             case when x.bonus then (v_closed at time zone 'America/Sao_Paulo')::date + 300 end,
             case when x.bonus then case when s = 2 then 1 + x.h % 3 else 2 + x.h % 5 end else 1 end,
             x.substitute, case when x.substitute then v_names[x.p] || ' (similar)' end, case when x.substitute then 'EMS' end
      from public.shortages sh
      cross join lateral (
        select p.n as p, abs(hashtext(format('item-%s-%s-%s', k, s, p.n))) % 100 as h
        from generate_series(1, 12) p(n) where v_products[p.n] = sh.product_id
      ) base
      cross join lateral (
        select base.p, base.h,
               -- Gama and Delta leave some items unpriced; Beta a few when Alfa answered.
               (s >= 3 and base.h < 15) or (s = 2 and v_answered[1] and base.h >= 95) as skip,
               (s = 2 and base.h % 10 < 3) or (s = 4 and base.h % 20 < 7) as bonus,
               s = 4 and base.h % 10 = 9 as substitute
      ) x
      where sh.batch_id = v_batch;
    end loop;

    -- The award: per item, the lowest effective cost at 2 % a month (bonus, term and minimum counted), then the lowest price.
    update public.quote_items qi set is_winner = true
    from (
      select distinct on (qi2.shortage_id) qi2.id
      from public.quote_items qi2
      join public.quotes q on q.id = qi2.quote_id
      join public.shortages sh on sh.id = qi2.shortage_id
      where q.batch_id = v_batch and qi2.unit_price is not null
      order by qi2.shortage_id,
               private.effective_unit_cost(qi2.unit_price, sh.requested_quantity, qi2.minimum_quantity,
                                           case when qi2.has_bonus then qi2.bonus_quantity else 0 end, q.payment_term_days, 0.02),
               qi2.unit_price, q.supplier_id
    ) w
    where qi.id = w.id;

    update public.quotes q
    set status = case when exists (select 1 from public.quote_items qi where qi.quote_id = q.id and qi.is_winner) then 'VENCEDORA' else 'PERDEDORA' end,
        selected = exists (select 1 from public.quote_items qi where qi.quote_id = q.id and qi.is_winner),
        updated_at = v_closed
    where q.batch_id = v_batch;

    -- One order per winning supplier, sent a few hours after the award.
    for r in
      select q.supplier_id, array_position(v_suppliers, q.supplier_id) as s
      from public.quotes q where q.batch_id = v_batch and q.status = 'VENCEDORA' order by 2
    loop
      s := r.s;
      h := abs(hashtext(format('order-%s-%s', k, s))) % 100;
      v_order_at := v_closed + (1 + h % 5) * interval '1 hour';
      v_order_day := (v_order_at at time zone 'America/Sao_Paulo')::date;
      -- Orders sent on a Friday or Saturday cross the weekend.
      v_promised := v_order_day + v_lead[s] + case when extract(dow from v_order_day) in (5, 6) then 2 else 0 end;
      v_pending := k >= c_pending_from and (k >= c_pending_from + 2 or s <> 1);
      v_delay := case when h < v_on_time[s] then -(h % 2) else 1 + h % 4 end;
      v_received_at := case when v_pending then null
                            else ((v_promised + v_delay)::timestamp + interval '10 hours' + (h % 6) * interval '1 hour') at time zone 'America/Sao_Paulo' end;

      insert into public.purchase_orders (batch_id, supplier_id, status, delivery_date, created_by, created_at, updated_at, received_at)
      values (v_batch, r.supplier_id, case when v_pending then 'SOLICITADO' else 'RECEBIDO' end, v_promised, v_compras,
              v_order_at, coalesce(v_received_at, v_order_at), v_received_at)
      returning id into v_order;

      insert into public.purchase_order_items
        (order_id, shortage_id, quantity, unit_price, quote_item_id, requested_quantity, minimum_quantity, raised_to_minimum,
         bonus_quantity, bonus_product_name, bonus_manufacturer, bonus_expiry_date, substitute_product_name, substitute_manufacturer,
         received_at, received_by, received_by_name, received_quantity)
      select v_order, sh.id, greatest(sh.requested_quantity, coalesce(qi.minimum_quantity, 0)), qi.unit_price, qi.id,
             sh.requested_quantity, qi.minimum_quantity, coalesce(qi.minimum_quantity, 0) > sh.requested_quantity,
             case when qi.has_bonus then qi.bonus_quantity else 0 end,
             case when qi.has_bonus then qi.bonus_product_name end, case when qi.has_bonus then qi.bonus_manufacturer end,
             case when qi.has_bonus then qi.bonus_expiry_date end,
             case when qi.wants_substitute then qi.substitute_product_name end, case when qi.wants_substitute then qi.substitute_manufacturer end,
             v_received_at, case when v_received_at is not null then v_staff[u] end, case when v_received_at is not null then v_staff_names[u] end,
             case when v_received_at is null then null
                  -- Some lines arrive short: 50 % to 80 % of what was ordered.
                  when abs(hashtext(format('short-%s-%s', k, sh.id))) % 100 < v_short[s]
                    then greatest(1, floor(greatest(sh.requested_quantity, coalesce(qi.minimum_quantity, 0)) * (0.5 + (abs(hashtext(format('part-%s-%s', k, sh.id))) % 4) * 0.1))::integer)
                  else greatest(sh.requested_quantity, coalesce(qi.minimum_quantity, 0)) end
      from public.quote_items qi
      join public.quotes q on q.id = qi.quote_id
      join public.shortages sh on sh.id = qi.shortage_id
      where q.batch_id = v_batch and q.supplier_id = r.supplier_id and qi.is_winner;

      -- Half of the late deliveries were announced: the supplier moved delivery_date, promised_date keeps the original.
      if v_delay > 0 and h % 2 = 0 then
        update public.purchase_orders set delivery_date = v_promised + v_delay where id = v_order;
      end if;

      if not v_pending and k >= c_pending_from then
        update public.shortages set status = 'ENTREGUE', updated_at = v_received_at
        where id in (select oi.shortage_id from public.purchase_order_items oi where oi.order_id = v_order);
      end if;
    end loop;
  end loop;
end
$seed$;

drop table history_products;
