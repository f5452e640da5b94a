-- Demo boletos: every status in every unit, bank boletos (valid general and field check digits)
-- and arrecadação codes, due dates on both sides of the factor reset of 22/02/2025 (paid long ago)
-- and around today (overdue 1–7, 8–30 and over 30 days, due today, next 7 and 30 days), one
-- duplicate pair (same supplier, amount and due date) and one supplier whose latest boleto comes
-- from another bank (the fraud warning). Codes are built by the same database functions that
-- validate them. Runs once: skipped when demo boletos exist.

insert into public.suppliers (name, cnpj) values
  ('Medifarma Distribuidora', '12.345.678/0001-95'),
  ('Santa Cruz Medicamentos', '23.456.789/0001-06'),
  ('Companhia Energética Regional', '34.567.890/0001-17')
on conflict (name) do nothing;

do $seed$
declare
  v_today date := (now() at time zone 'America/Sao_Paulo')::date;
  v_admin uuid := (select id from auth.users where email = 'admin@farmacia.local');
  v_clerk uuid := (select id from auth.users where email = 'balconista@farmacia.local');
  v_analyst uuid := (select id from auth.users where email = 'analista@farmacia.local');
  v_centro uuid := (select id from public.store_units where name = 'Unidade Centro');
  v_norte uuid := (select id from public.store_units where name = 'Unidade Norte');
  v_sul uuid := (select id from public.store_units where name = 'Unidade Sul');
  v_alfa uuid := (select id from public.suppliers where name = 'Distribuidora Alfa');
  v_beta uuid := (select id from public.suppliers where name = 'Distribuidora Beta');
  v_medi uuid := (select id from public.suppliers where name = 'Medifarma Distribuidora');
  v_santa uuid := (select id from public.suppliers where name = 'Santa Cruz Medicamentos');
  v_energia uuid := (select id from public.suppliers where name = 'Companhia Energética Regional');
  v_row record;
  v_id uuid;
  v_n integer := 0;
begin
  if v_admin is null or v_centro is null or exists (select 1 from public.boletos) then
    raise notice 'Demo accounts or units missing, or boletos already seeded; boleto seed skipped';
    return;
  end if;

  for v_row in
    select * from (values
      -- unit,    supplier, bank,  due (days from today or a fixed date), cents,   status,      document,     author
      (v_centro, v_alfa,    '341', v_today - 45,                         482310,  'PENDENTE',  'NF 10231',   v_clerk),
      (v_centro, v_alfa,    '341', v_today - 12,                         159990,  'PENDENTE',  'NF 10298',   v_clerk),
      (v_centro, v_beta,    '237', v_today - 3,                          87450,   'PENDENTE',  'NF 55120',   v_clerk),
      (v_centro, v_beta,    '237', v_today,                            231800,  'PENDENTE',  'NF 55161',   v_clerk),
      (v_centro, v_medi,    '001', v_today + 2,                          64590,   'PENDENTE',  'NF 7781/1',  v_clerk),
      (v_centro, v_medi,    '001', v_today + 32,                         64590,   'PENDENTE',  'NF 7781/2',  v_clerk),
      (v_centro, v_santa,   '104', v_today + 6,                          1290000, 'PENDENTE',  'NF 90012',   v_admin),
      (v_centro, v_santa,   '104', v_today + 20,                         358075,  'PENDENTE',  'NF 90077',   v_admin),
      (v_centro, v_alfa,    '341', v_today - 20,                         275000,  'PAGO',      'NF 10190',   v_clerk),
      (v_centro, v_beta,    '237', v_today - 8,                          41220,   'CANCELADO', 'NF 55099',   v_clerk),
      (v_centro, v_alfa,    '341', date '2025-02-20',                    198700,  'PAGO',      'NF 8120',    v_admin),
      (v_centro, v_alfa,    '341', date '2025-02-24',                    203450,  'PAGO',      'NF 8177',    v_admin),
      (v_norte,  v_alfa,    '341', v_today - 5,                          312040,  'PENDENTE',  'NF 10302',   v_analyst),
      (v_norte,  v_medi,    '001', v_today + 1,                          99900,   'PENDENTE',  'NF 7802',    v_analyst),
      (v_norte,  v_medi,    '001', v_today + 1,                          99900,   'PENDENTE',  'NF 7802-B',  v_analyst),
      (v_norte,  v_santa,   '104', v_today + 12,                         740000,  'PENDENTE',  'NF 90101',   v_analyst),
      (v_norte,  v_beta,    '237', v_today - 2,                          56780,   'PAGO',      'NF 55140',   v_analyst),
      (v_norte,  v_santa,   '104', v_today - 40,                         120000,  'PAGO',      'NF 89950',   v_analyst),
      (v_norte,  v_alfa,    '341', v_today + 4,                          88000,   'CANCELADO', 'NF 10305',   v_analyst),
      (v_sul,    v_beta,    '237', v_today - 35,                         143500,  'PENDENTE',  'NF 55010',   v_admin),
      (v_sul,    v_santa,   '104', v_today + 3,                          268900,  'PENDENTE',  'NF 90140',   v_admin),
      (v_sul,    v_medi,    '001', v_today + 25,                         410000,  'PENDENTE',  'NF 7830',    v_admin),
      (v_sul,    v_alfa,    '341', v_today - 1,                          95000,   'PAGO',      'NF 10260',   v_admin),
      -- The supplier whose bank changed: Distribuidora Alfa always came from 341 (Itaú); this one is from 033.
      (v_sul,    v_alfa,    '033', v_today + 9,                          315000,  'PENDENTE',  'NF 10311',   v_admin)
    ) as t(unit_id, supplier_id, bank, due, cents, status, document, author)
  loop
    v_n := v_n + 1;
    insert into public.boletos (unit_id, supplier_id, barcode, linha_digitavel, kind, amount, due_date, issue_date,
                                document_number, created_by, created_at)
    values (v_row.unit_id, v_row.supplier_id,
            private.boleto_build_bank_barcode(v_row.bank, v_row.due, v_row.cents, lpad((v_n * 7919)::text, 7, '0') || '140000' || lpad(v_n::text, 12, '0')),
            '', '', v_row.cents / 100.0, v_row.due, v_row.due - 28, v_row.document, v_row.author,
            least(now(), (v_row.due - 28)::timestamp at time zone 'America/Sao_Paulo' + interval '10 hours'))
    returning id into v_id;
    if v_row.status = 'PAGO' then
      perform set_config('app.boleto_status_reason', '', true);
      update public.boletos
      set status = 'PAGO', paid_at = least(v_row.due, v_today), paid_amount = v_row.cents / 100.0,
          payment_account = 'Itaú ag. 0912 c/c 44120-3', paid_by = v_admin
      where id = v_id;
    elsif v_row.status = 'CANCELADO' then
      perform set_config('app.boleto_status_reason', 'Boleto reemitido pelo fornecedor com novo vencimento', true);
      update public.boletos set status = 'CANCELADO' where id = v_id;
    end if;
  end loop;

  -- Arrecadação: electricity bills (segment 3, value in module 10) with the due date typed by the user.
  insert into public.boletos (unit_id, supplier_id, beneficiary, barcode, linha_digitavel, kind, amount, due_date, document_number, created_by)
  values
    (v_centro, v_energia, null, private.boleto_build_arrecadacao_barcode(3, 6, 162332, '00010001202611000000000123456'),
     '', '', 1623.32, v_today + 5, 'Conta de energia 11/2026', v_clerk),
    (v_norte, null, 'Prefeitura Municipal — IPTU', private.boleto_build_arrecadacao_barcode(1, 8, 45870, '00020002202611000000000654321'),
     '', '', 458.70, v_today - 4, 'IPTU parcela 11/12', v_analyst);

  -- Last month's bill, paid (with a late fee) on its due date.
  insert into public.boletos (unit_id, supplier_id, barcode, linha_digitavel, kind, amount, due_date, document_number, created_by)
  values (v_centro, v_energia, private.boleto_build_arrecadacao_barcode(3, 6, 158110, '00010001202610000000000123456'),
          '', '', 1581.10, v_today - 25, 'Conta de energia 10/2026', v_clerk)
  returning id into v_id;
  perform set_config('app.boleto_status_reason', '', true);
  update public.boletos
  set status = 'PAGO', paid_at = v_today - 25, paid_amount = 1601.10, payment_account = 'Itaú ag. 0912 c/c 44120-3', paid_by = v_admin
  where id = v_id;
end;
$seed$;
