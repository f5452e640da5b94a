-- Demo treatment of the time records (issue 25): the previous month closed for Unidade Centro, with
-- its adjustments (Carla's 18:40 mark disregarded, Ana on vacation), Ana's acknowledgement ('Li e
-- concordo') and Carla's contest ('Discordo'); Bruno has not acknowledged yet (his forgotten exit of
-- 30_time_clock stays untreated: /meu-ponto and its export show an incomplete day). The current month is open: pending requests from Bruno and Beatriz, Amanda's approved and
-- rejected ones, an hour-bank compensation and a payout, a revoked adjustment, and bank agreements
-- (Beatriz 6 months, Amanda 12 months; the others the month rule).
-- Runs once: skipped when Unidade Centro's previous month is already closed.

do $seed$
declare
  v_today date := (now() at time zone 'America/Sao_Paulo')::date;
  v_first date := (date_trunc('month', now() at time zone 'America/Sao_Paulo') - interval '1 month')::date;
  v_current date := date_trunc('month', now() at time zone 'America/Sao_Paulo')::date;
  v_centro uuid := (select su.id from public.store_units su where su.name = 'Unidade Centro');
  v_admin uuid := (select u.id from auth.users u where u.email = 'admin@farmacia.local');
  v_bruno uuid := (select u.id from auth.users u where u.email = 'balconista@farmacia.local');
  v_carla uuid := (select u.id from auth.users u where u.email = 'compras@farmacia.local');
  v_beatriz uuid := (select u.id from auth.users u where u.email = 'balconista2@farmacia.local');
  v_amanda uuid := (select u.id from auth.users u where u.email = 'analista@farmacia.local');
  v_recent date;
  v_older date;
  v_ponto public.pontos;
  v_request uuid;
  v_adjustment uuid;
begin
  if v_centro is null or v_admin is null or v_bruno is null or v_carla is null or v_beatriz is null or v_amanda is null then
    return;
  end if;
  if exists (select 1 from public.ponto_fechamentos f where f.unit_id = v_centro and f.month = v_first) then
    return;
  end if;

  -- Two recent days of the open month (yesterday and the day before, or the month's first days).
  v_recent := greatest(v_current, v_today - 1);
  v_older := greatest(v_current, v_today - 2);

  -- ===== The previous month, treated, then closed.

  -- Carla's mark at 18:40 is disregarded (she did not come back to work): she will contest it.
  select * into v_ponto from public.pontos p
  where p.funcionario_id = v_carla and p.punch_type = 'EXTRA' and p.work_date between v_first and (v_first + interval '1 month - 1 day')::date
  order by p.punched_at limit 1;
  if v_ponto.id is not null then
    insert into public.ponto_ajustes (funcionario_id, work_date, kind, ponto_id, motivo, created_by, created_at)
    values (v_carla, v_ponto.work_date, 'desconsiderar', v_ponto.id, 'Marcação fora do expediente, sem trabalho registrado na loja',
      v_admin, v_ponto.punched_at + interval '16 hours');
  end if;

  -- Ana was on vacation the whole month: every workday excused.
  insert into public.ponto_ajustes (funcionario_id, work_date, kind, abono_tipo, motivo, created_by, created_at)
  select v_admin, d::date, 'abono', 'ferias', 'Férias aprovadas (aviso de férias de 30 dias)', v_admin, (v_first - 10 + time '10:00') at time zone 'America/Sao_Paulo'
  from generate_series(v_first, (v_first + interval '1 month - 1 day')::date, interval '1 day') d
  where extract(isodow from d) <= 6;

  insert into public.ponto_fechamentos (unit_id, month, closed_by, closed_at)
  values (v_centro, v_first, v_admin, (v_current + 2 + time '18:00') at time zone 'America/Sao_Paulo');
  -- What payroll received, as close_timesheet_month keeps it.
  insert into public.ponto_fechamento_totais (fechamento_id, funcionario_id, expected_minutes, worked_minutes, balance_minutes,
    night_minutes, night_reduced_minutes, absences, flagged_days, espelho_sha256)
  select f.id, e.id, (x -> 'totals' ->> 'expected_minutes')::integer, (x -> 'totals' ->> 'worked_minutes')::integer,
    (x -> 'totals' ->> 'balance_minutes')::integer, (x -> 'totals' ->> 'night_minutes')::integer,
    (x -> 'totals' ->> 'night_reduced_minutes')::integer, (x -> 'totals' ->> 'absences')::integer,
    (x -> 'totals' ->> 'flagged_days')::integer, x ->> 'sha256'
  from public.ponto_fechamentos f
  cross join lateral private.unit_employees(v_centro) e(id)
  cross join lateral private.espelho(e.id, v_first) x
  where f.unit_id = v_centro and f.month = v_first;

  -- Acknowledgements, on the espelho as it stands now (so the hashes match).
  insert into public.ponto_espelho_ciencias (funcionario_id, month, concorda, comentario, espelho_sha256, created_at)
  values
    (v_admin, v_first, true, null, private.espelho(v_admin, v_first) ->> 'sha256', least(now(), (v_current + 3 + time '08:30') at time zone 'America/Sao_Paulo')),
    (v_carla, v_first, false,
      'A marcação das 18:40 foi a minha volta para receber a entrega do distribuidor; trabalhei até as 19:30. Peço a revisão.',
      private.espelho(v_carla, v_first) ->> 'sha256', least(now(), (v_current + 3 + time '11:05') at time zone 'America/Sao_Paulo'));

  -- ===== The open month.

  -- Bank agreements.
  insert into public.banco_horas_acordos (user_id, tipo, valid_from, created_by, created_at)
  values
    (v_beatriz, 'semestral', v_first, v_admin, (v_first + time '09:00') at time zone 'America/Sao_Paulo'),
    (v_amanda, 'anual', v_first, v_admin, (v_first + time '09:00') at time zone 'America/Sao_Paulo')
  on conflict do nothing;

  -- Pending requests: Bruno came back for the stock count; Beatriz brings an atestado.
  insert into public.ponto_solicitacoes (funcionario_id, work_date, kind, punched_at, motivo, created_at)
  values (v_bruno, v_recent, 'inclusao', (v_recent + time '19:30') at time zone 'America/Sao_Paulo',
    'Voltei às 19:30 para ajudar no inventário e o computador do caixa estava desligado', least(now(), (v_recent + time '20:00') at time zone 'America/Sao_Paulo'));
  insert into public.ponto_solicitacoes (funcionario_id, work_date, kind, abono_tipo, motivo, created_at)
  values (v_beatriz, v_older, 'abono', 'atestado', 'Consulta médica pela manhã (atestado de 4 horas)', least(now(), (v_recent + time '08:15') at time zone 'America/Sao_Paulo'));

  -- Amanda: one request approved (its adjustment linked), one rejected.
  insert into public.ponto_solicitacoes (funcionario_id, work_date, kind, punched_at, motivo, status, decided_by, decided_at, decision_reason, created_at)
  values (v_amanda, v_older, 'inclusao', (v_older + time '18:45') at time zone 'America/Sao_Paulo', 'Fiquei para fechar o caixa com a gerente',
    'APROVADA', v_admin, least(now(), (v_recent + time '10:00') at time zone 'America/Sao_Paulo'), null, least(now(), (v_older + time '19:00') at time zone 'America/Sao_Paulo'))
  returning id into v_request;
  insert into public.ponto_ajustes (funcionario_id, work_date, kind, punched_at, motivo, solicitacao_id, created_by, created_at)
  values (v_amanda, v_older, 'inclusao', (v_older + time '18:45') at time zone 'America/Sao_Paulo', 'Fiquei para fechar o caixa com a gerente',
    v_request, v_admin, least(now(), (v_recent + time '10:00') at time zone 'America/Sao_Paulo'));
  insert into public.ponto_solicitacoes (funcionario_id, work_date, kind, abono_tipo, motivo, status, decided_by, decided_at, decision_reason, created_at)
  values (v_amanda, v_older, 'abono', 'folga', 'Folga pelo aniversário', 'REJEITADA', v_admin,
    least(now(), (v_recent + time '10:05') at time zone 'America/Sao_Paulo'), 'A folga de aniversário vale só no mês do aniversário',
    least(now(), (v_older + time '19:05') at time zone 'America/Sao_Paulo'));

  -- An adjustment launched on the wrong day, then revoked.
  insert into public.ponto_ajustes (funcionario_id, work_date, kind, punched_at, motivo, created_by, created_at)
  values (v_amanda, v_current, 'inclusao', (v_current + time '07:40') at time zone 'America/Sao_Paulo', 'Chegou mais cedo para receber mercadoria',
    v_admin, least(now(), (v_current + time '12:00') at time zone 'America/Sao_Paulo'))
  returning id into v_adjustment;
  insert into public.ponto_ajustes (funcionario_id, work_date, kind, revoga_id, motivo, created_by, created_at)
  values (v_amanda, v_current, 'revogacao', v_adjustment, 'Lançado no dia errado', v_admin, least(now(), (v_current + time '12:05') at time zone 'America/Sao_Paulo'));

  -- Hour bank: Beatriz compensates two hours with an afternoon off; Amanda gets one hour paid.
  insert into public.ponto_ajustes (funcionario_id, work_date, kind, minutes, motivo, created_by, created_at)
  values
    (v_beatriz, v_older, 'compensacao', 120, 'Saída às 15:00 compensada no banco de horas', v_admin, least(now(), (v_older + time '15:00') at time zone 'America/Sao_Paulo')),
    (v_amanda, v_recent, 'pagamento', 60, 'Uma hora extra paga na folha do mês anterior', v_admin, least(now(), (v_recent + time '09:00') at time zone 'America/Sao_Paulo'));
end;
$seed$;
