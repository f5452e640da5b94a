-- Demo data for the time-clock reports (issue 26): the punches of 30_time_clock and the treatment of
-- 32_time_clock_treatment already give late arrivals, early leaves, a short break, overtime over 2 h,
-- absences (Fernando's schedule with no marks), excused days and hour-bank settlements. What they lack
-- is added here, over the previous and the current month, so that every column of /ponto/relatorios is
-- non-zero for someone:
--   * Beatriz worked a Sunday (08:00–14:00): Sunday worked, overtime at 100 %, over 2 h;
--   * Amanda worked a holiday (09:00–13:00): holiday worked, overtime at 100 %;
--   * Beatriz came back for the night inventory one evening (19:00–23:30) and was back at the usual hour
--     the next morning: night minutes and less than 11 h between journeys.
-- All are inclusions (ponto_ajustes, source I: the clock was down, the marks come from the paper log), by
-- the administrator, in Unidade Norte, whose months are open. Unidade Centro's closed month and its
-- espelhos, and every unit's NSR chain, are left untouched (the AFD of a unit lists its punches only).
-- Runs once: skipped when the Sunday inclusion exists.

do $seed$
declare
  v_today date := (now() at time zone 'America/Sao_Paulo')::date;
  v_first date := (date_trunc('month', now() at time zone 'America/Sao_Paulo') - interval '1 month')::date;
  v_admin uuid := (select u.id from auth.users u where u.email = 'admin@farmacia.local');
  v_beatriz uuid := (select u.id from auth.users u where u.email = 'balconista2@farmacia.local');
  v_amanda uuid := (select u.id from auth.users u where u.email = 'analista@farmacia.local');
  v_sunday_motive constant text := 'Plantão de domingo anotado no caderno de ponto: o relógio estava em manutenção';
  v_day date;
begin
  if v_admin is null or v_beatriz is null or v_amanda is null then
    return;
  end if;
  if exists (select 1 from public.ponto_ajustes a where a.funcionario_id = v_beatriz and a.motivo = v_sunday_motive) then
    return;
  end if;

  -- A Sunday off for Beatriz, without marks.
  select e.day into v_day
  from private.expected_days(v_beatriz, v_first, v_today - 1) e
  where extract(isodow from e.day) = 7 and e.expected_minutes = 0 and e.day_kind = 'rest'
    and not exists (select 1 from public.pontos p where p.funcionario_id = v_beatriz and p.work_date = e.day)
  order by e.day limit 1;
  if v_day is not null then
    insert into public.ponto_ajustes (funcionario_id, work_date, kind, punched_at, motivo, created_by, created_at)
    select v_beatriz, v_day, 'inclusao', (v_day + t.at) at time zone 'America/Sao_Paulo', v_sunday_motive, v_admin,
      least(now(), (v_day + 1 + time '09:00') at time zone 'America/Sao_Paulo')
    from (values (time '08:00'), (time '14:00')) t(at);
  end if;

  -- A holiday (national, state or the unit's) on which Amanda came in for the inventory. A month pair
  -- without any holiday (rare: July and August) leaves the column at zero.
  select e.day into v_day
  from private.expected_days(v_amanda, v_first, v_today - 1) e
  where e.day_kind = 'holiday'
    and not exists (select 1 from public.pontos p where p.funcionario_id = v_amanda and p.work_date = e.day)
  order by e.day limit 1;
  if v_day is not null then
    insert into public.ponto_ajustes (funcionario_id, work_date, kind, punched_at, motivo, created_by, created_at)
    select v_amanda, v_day, 'inclusao', (v_day + t.at) at time zone 'America/Sao_Paulo',
      'Inventário no feriado anotado no caderno de ponto: o relógio estava em manutenção', v_admin,
      least(now(), (v_day + 1 + time '09:00') at time zone 'America/Sao_Paulo')
    from (values (time '09:00'), (time '13:00')) t(at);
  end if;

  -- An evening of night inventory: a day of the previous month from its 10th on with four marks, followed by
  -- a day with marks (back at about 08:00, 8 h 30 min after 23:30).
  select d.work_date into v_day
  from (select p.work_date from public.pontos p where p.funcionario_id = v_beatriz and p.work_date between v_first + 9 and v_today - 3
        group by p.work_date having count(*) = 4) d
  where exists (select 1 from public.pontos n where n.funcionario_id = v_beatriz and n.work_date = d.work_date + 1)
  order by d.work_date limit 1;
  if v_day is not null then
    insert into public.ponto_ajustes (funcionario_id, work_date, kind, punched_at, motivo, created_by, created_at)
    select v_beatriz, v_day, 'inclusao', (v_day + t.at) at time zone 'America/Sao_Paulo',
      'Inventário noturno anotado no caderno de ponto: o relógio já estava desligado', v_admin,
      least(now(), (v_day + 1 + time '10:00') at time zone 'America/Sao_Paulo')
    from (values (time '19:00'), (time '23:30')) t(at);
  end if;
end;
$seed$;
