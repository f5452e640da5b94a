-- Demo time clock: an active LGPD term accepted by most demo employees (the pharmacist has not
-- decided yet, to show the blocking dialog), one authorized computer per unit, and the
-- past month of punches for four employees (late arrivals, a short break, an incomplete day, an
-- extra mark), numbered and hash-chained per unit exactly as register_punch does.
-- Demo computer tokens (kept by the browser once an administrator authorizes it; listed here so a
-- demo browser can be given one by hand): demo-computador-centro, demo-computador-norte, demo-computador-sul.
-- Runs once: skipped when the term already exists.

do $seed$
declare
  v_term uuid;
  v_unit record;
  v_person record;
  v_day date;
  v_first date := date_trunc('month', now() at time zone 'America/Sao_Paulo')::date - interval '1 month';
  v_last date := (now() at time zone 'America/Sao_Paulo')::date - 1;
  v_punch record;
  v_nsr bigint;
  v_previous text;
  v_hash text;
  v_weekday integer;
begin
  if exists (select 1 from public.versoes_termo_lgpd where versao = '1.0') then
    return;
  end if;

  insert into public.versoes_termo_lgpd (versao, texto_termo, texto_sha256, ativo, created_at)
  values ('1.0',
    'TERMO DE CONSENTIMENTO PARA TRATAMENTO DE DADOS PESSOAIS — PONTO DIGITAL' || chr(10) || chr(10) ||
    'Para registrar a sua jornada, a Farmácia trata os seguintes dados: nome, identificação de usuário, data e hora de cada ' ||
    'marcação (do servidor), unidade, computador utilizado, endereço IP e navegador. Finalidade: controle de jornada exigido pela ' ||
    'CLT (art. 74) e pela Portaria MTP 671/2021. Os registros originais não são alterados nem excluídos e são guardados pelo prazo ' ||
    'legal. Você pode consultar o que aceitou e revogar este consentimento a qualquer momento no Ponto Digital; a revogação não ' ||
    'afeta os registros já feitos. Dúvidas: encarregado de dados (dpo@farmacia.local).',
    '', true, now() - interval '60 days')
  returning id into v_term;

  -- Everyone with the time clock accepted the term, except the pharmacist.
  insert into public.consentimentos_lgpd (funcionario_id, data_hora, ip_origem, aceito, versao_termo_id, user_agent)
  select u.id, now() - interval '59 days', '127.0.0.1', true, v_term, 'Seed'
  from auth.users u
  where u.email in ('admin@farmacia.local', 'balconista@farmacia.local', 'balconista2@farmacia.local', 'compras@farmacia.local', 'analista@farmacia.local');

  insert into public.authorized_computers (name, unit_id, token_hash, created_at)
  select 'Caixa 1 — ' || su.name, su.id, encode(sha256(convert_to('demo-computador-' || lower(replace(su.name, 'Unidade ', '')), 'UTF8')), 'hex'), now() - interval '60 days'
  from public.store_units su
  where su.name in ('Unidade Centro', 'Unidade Norte', 'Unidade Sul');

  -- Schedules (templates, assignments, holidays, opening hours): 31_time_clock_schedules.sql.

  -- A month of weekdays for four employees, per unit in time order.
  create temporary table seed_punches (
    funcionario_id uuid, unit_id uuid, punch_type text, punched_at timestamptz, work_date date
  ) on commit drop;
  for v_person in
    select u.id, u.email, su.id as unit_id
    from auth.users u
    join public.store_units su on su.name = case u.email
      when 'balconista@farmacia.local' then 'Unidade Centro'
      when 'compras@farmacia.local' then 'Unidade Centro'
      when 'balconista2@farmacia.local' then 'Unidade Norte'
      when 'analista@farmacia.local' then 'Unidade Norte' end
  loop
    for v_day in select d::date from generate_series(v_first, v_last, interval '1 day') d where extract(isodow from d) <= 5 loop
      -- Which weekday of its month this is (1st, 2nd…): the special days below fall on working days.
      select count(*) into v_weekday from generate_series(date_trunc('month', v_day), v_day, interval '1 day') d where extract(isodow from d) <= 5;
      -- Arrivals vary by a few minutes; some days are late (up to 25 minutes).
      insert into seed_punches
      select v_person.id, v_person.unit_id, t.kind,
             ((v_day + t.at + make_interval(mins => t.jitter)) at time zone 'America/Sao_Paulo'), v_day
      from (values
        ('ENTRADA', interval '8 hours', (abs(hashtext(v_person.email || v_day)) % 26) - 5),
        ('SAIDA_INTERVALO', interval '12 hours', abs(hashtext(v_day || v_person.email)) % 6),
        -- One short break (30 minutes) on the 6th weekday of the month.
        ('RETORNO_INTERVALO', case when v_weekday = 6 then interval '12 hours 30 minutes' else interval '13 hours' end, abs(hashtext('r' || v_day)) % 4),
        ('SAIDA_FINAL', interval '17 hours', abs(hashtext('s' || v_person.email || v_day)) % 20)
      ) t(kind, at, jitter)
      -- An incomplete day (no final exit) on the 8th weekday of the month for the counter clerk.
      where not (t.kind = 'SAIDA_FINAL' and v_weekday = 8 and v_person.email = 'balconista@farmacia.local');
      -- An extra mark (back for a delivery) on the 12th weekday for the buyer.
      if v_weekday = 12 and v_person.email = 'compras@farmacia.local' then
        insert into seed_punches values (v_person.id, v_person.unit_id, 'EXTRA', (v_day + interval '18 hours 40 minutes') at time zone 'America/Sao_Paulo', v_day);
      end if;
    end loop;
  end loop;

  for v_unit in select distinct sp.unit_id from seed_punches sp loop
    v_nsr := 0;
    v_previous := null;
    for v_punch in select * from seed_punches sp where sp.unit_id = v_unit.unit_id order by sp.punched_at loop
      v_nsr := v_nsr + 1;
      v_hash := encode(sha256(convert_to(concat_ws('|', coalesce(v_previous, ''), v_punch.unit_id, v_nsr, v_punch.funcionario_id, v_punch.punch_type,
        to_char(v_punch.punched_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')), 'UTF8')), 'hex');
      insert into public.pontos (funcionario_id, unit_id, nsr, punch_type, punched_at, work_date, computer_id, ip_origem, user_agent, previous_hash, receipt_hash)
      values (v_punch.funcionario_id, v_punch.unit_id, v_nsr, v_punch.punch_type, v_punch.punched_at, v_punch.work_date,
              (select ac.id from public.authorized_computers ac where ac.unit_id = v_punch.unit_id limit 1), '127.0.0.1', 'Seed', v_previous, v_hash);
      v_previous := v_hash;
    end loop;
    insert into private.ponto_nsr (unit_id, last_nsr, last_hash) values (v_unit.unit_id, v_nsr, v_previous);
  end loop;
end;
$seed$;
