-- Ponto Digital, managers' side (issue 26, items 1, 2 and 6): the live dashboard and the time report.
--
-- Both read what the treatment already computes (private.treated_days and private.expected_days, issue 25),
-- so a report's figure can never differ from the treated timesheet's, the espelho's or /meu-ponto's. Nothing
-- here writes: two read-only RPCs and their checks.
--
-- Public RPCs (the jsonb shapes are src/features/time-clock/reports/schemas.ts; docs/time-clock-reports.md
-- gives every figure's rule and the messages):
--   get_punch_dashboard(p_unit_id uuid default null) returns jsonb
--   get_time_report(p_from date, p_to date, p_unit_id uuid default null, p_user_id uuid default null) returns jsonb
--
-- Access (item 6): the reports are a manager's tool. The caller must be ADMIN or hold PUNCH_VIEW_ALL or
-- PUNCH_MANAGE (PUNCH_VIEW_OWN alone reads only /meu-ponto); the units are those the caller may view
-- (private.can_view_unit_time: ADMIN all, the others their own units); the people are those units'
-- employees (private.unit_employees). A CPF is whole only for who may read it (private.can_read_employee_cpf),
-- masked for the others (ANALISTA).

-- ===========================================================================
-- Checks shared by the report RPCs (the legal files' migration uses them too).

-- The caller may read time-clock reports at all.
create function private.require_report_rights()
returns void
language plpgsql stable security definer set search_path = '' as $$
begin
  if auth.uid() is null then
    raise exception 'Usuário não autenticado' using errcode = '42501';
  end if;
  if not (private.is_admin() or private.has_permission('PUNCH_VIEW_ALL') or private.has_permission('PUNCH_MANAGE')) then
    raise exception 'Você não tem permissão para ver relatórios de ponto' using errcode = '42501';
  end if;
end;
$$;

comment on function private.require_report_rights() is
  'Raises 42501 unless the caller is ADMIN or holds PUNCH_VIEW_ALL or PUNCH_MANAGE (the time-clock reports).';

revoke all on function private.require_report_rights() from public, anon, authenticated;
grant execute on function private.require_report_rights() to service_role;

-- The units a report covers: the one asked for (refused when out of the caller's scope) or every unit in
-- scope (all units for ADMIN, the caller's units otherwise). Call after require_report_rights.
create function private.report_unit_ids(p_unit_id uuid)
returns uuid[]
language plpgsql stable security definer set search_path = '' as $$
begin
  if p_unit_id is not null then
    if not private.can_view_unit_time(p_unit_id) then
      raise exception 'Você não tem permissão para ver o ponto desta unidade' using errcode = '42501';
    end if;
    return array[p_unit_id];
  end if;
  if private.is_admin() then
    return array(select su.id from public.store_units su);
  end if;
  return array(select u from private.user_unit_ids(auth.uid()) u where u is not null);
end;
$$;

revoke all on function private.report_unit_ids(uuid) from public, anon, authenticated;
grant execute on function private.report_unit_ids(uuid) to service_role;

-- The period every report and file takes: both ends, in order, under 12 months (a year of 500 employees is
-- the most a screen or a file is sized for).
create function private.check_report_period(p_from date, p_to date)
returns void
language plpgsql immutable set search_path = '' as $$
begin
  if p_from is null or p_to is null then
    raise exception 'Informe o início e o fim do período' using errcode = '22023';
  end if;
  if p_to < p_from then
    raise exception 'O fim do período é anterior ao início' using errcode = '22023';
  end if;
  if p_to >= p_from + interval '12 months' then
    raise exception 'O período deve ter no máximo 12 meses' using errcode = '22023';
  end if;
end;
$$;

revoke all on function private.check_report_period(date, date) from public, anon, authenticated;
grant execute on function private.check_report_period(date, date) to service_role;

-- ===========================================================================
-- private.expected_days for many employees in one statement. The same rules, written set-based: the
-- dashboard needs the expected day of every employee of the chain at once, and 500 calls of the per-person
-- plpgsql function cost seconds (bench:timeclock). The integration test compares both functions day by day
-- on employees with assignments, holidays, abonos and none, so a change to one that forgets the other fails.
create function private.expected_days_of(p_user_ids uuid[], p_from date, p_to date)
returns table (
  user_id uuid, day date, expected_minutes integer, scheduled_minutes integer, break_minutes integer, start_time time,
  end_time time, day_kind text, holiday_name text, template_id uuid, template_name text
)
language sql stable security definer set search_path = '' as $$
  with
  days as (
    select d::date as day from generate_series(p_from, p_to, interval '1 day') d
  ),
  people as (
    select distinct u.id as user_id, pr.unit_id
    from unnest(p_user_ids) u(id) left join public.profiles pr on pr.id = u.id
    where u.id is not null
  ),
  assigned as (
    select p.user_id, d.day, ws.template_id, ws.cycle_start, coalesce(ws.unit_id, p.unit_id) as unit_id
    from people p
    cross join days d
    left join public.work_schedules ws
      on ws.user_id = p.user_id and ws.valid_from <= d.day and (ws.valid_to is null or ws.valid_to >= d.day)
  ),
  planned as (
    select a.user_id, a.day, a.unit_id, t.id as template_id, t.name as template_name,
      case when t.id is null then extract(isodow from a.day) <= 5 else coalesce(td.works, false) end as works,
      case when t.id is null then time '08:00' else td.start_time end as start_time,
      case when t.id is null then time '17:00' else td.end_time end as end_time,
      case when t.id is null then 60 else coalesce(td.break_minutes, 0) end as break_minutes
    from assigned a
    left join public.work_schedule_templates t on t.id = a.template_id
    left join public.work_schedule_template_days td
      on td.template_id = t.id
     and td.position = case when t.kind = 'weekly' then extract(isodow from a.day)::integer - 1
                            else (((a.day - a.cycle_start) % t.cycle_days) + t.cycle_days) % t.cycle_days end
  ),
  national as materialized (
    select h.day, min(h.name) as name
    from generate_series(extract(year from p_from)::integer, extract(year from p_to)::integer) y
    cross join lateral private.national_holidays(y) h
    where h.day between p_from and p_to
    group by h.day
  ),
  local as materialized (
    select h.day, h.unit_id, h.name from public.holidays h where h.day between p_from and p_to
  ),
  -- An active (not revoked) abono excuses the day (private.excused_days' rule).
  excused as materialized (
    select distinct a.funcionario_id as user_id, a.work_date as day
    from public.ponto_ajustes a
    where a.funcionario_id = any (p_user_ids) and a.work_date between p_from and p_to and a.kind = 'abono'
      and not exists (select 1 from public.ponto_ajustes r where r.kind = 'revogacao' and r.revoga_id = a.id)
  ),
  decided as (
    select p.*, coalesce(n.name, lu.name, lc.name) as holiday_name,
      p.works and x.day is not null as excused
    from planned p
    left join national n on n.day = p.day
    left join local lu on lu.day = p.day and lu.unit_id = p.unit_id
    left join local lc on lc.day = p.day and lc.unit_id is null
    left join excused x on x.user_id = p.user_id and x.day = p.day
  )
  select d.user_id, d.day,
    case when d.works and d.holiday_name is null and not d.excused
         then private.shift_minutes(d.start_time, d.end_time) - d.break_minutes else 0 end,
    case when d.works then private.shift_minutes(d.start_time, d.end_time) - d.break_minutes else 0 end,
    case when d.works then d.break_minutes else 0 end,
    case when d.works then d.start_time end,
    case when d.works then d.end_time end,
    case when d.holiday_name is not null then 'holiday'
         when not d.works then 'rest'
         when d.excused then 'excused'
         else 'work' end,
    d.holiday_name,
    d.template_id,
    d.template_name
  from decided d
  order by d.user_id, d.day
$$;

comment on function private.expected_days_of(uuid[], date, date) is
  'private.expected_days for many employees at once (same rules, set-based), for the dashboard. No authorization check: callers check first.';

revoke all on function private.expected_days_of(uuid[], date, date) from public, anon, authenticated;
grant execute on function private.expected_days_of(uuid[], date, date) to service_role;

-- ===========================================================================
-- The live dashboard: who is working, on break, finished, absent, waiting or off, right now.
--
-- Set-based over every employee of the units (one query, no call per person): the first load of 500
-- employees in 10 units must stay under 300 ms (bench:timeclock). The current journey is today's (São
-- Paulo) treated marks, or yesterday's when that journey is still open and began less than 16 hours ago (a
-- night shift after midnight); a forgotten exit of yesterday's day shift stops counting by the next morning.
create function public.get_punch_dashboard(p_unit_id uuid default null)
returns jsonb
language plpgsql stable security definer set search_path = '' as $$
declare
  v_now timestamptz := now();
  v_today date := (now() at time zone 'America/Sao_Paulo')::date;
  v_units uuid[];
  v_result jsonb;
begin
  perform private.require_report_rights();
  v_units := private.report_unit_ids(p_unit_id);

  with
  unit_people as materialized (
    select distinct u.id as unit_id, u.name as unit_name, e.user_id
    from public.store_units u
    cross join lateral private.unit_employees(u.id) e(user_id)
    where u.id = any (v_units)
  ),
  persons as materialized (
    select distinct up.user_id, pr.full_name,
      -- private.time_record_start, inline: the first assignment, original mark or included mark.
      least(
        (select min(ws.valid_from) from public.work_schedules ws where ws.user_id = up.user_id),
        (select min(p.work_date) from public.pontos p where p.funcionario_id = up.user_id),
        (select min(a.work_date) from public.ponto_ajustes a where a.funcionario_id = up.user_id and a.kind = 'inclusao')) as record_start
    from unit_people up
    join public.profiles pr on pr.id = up.user_id
    join auth.users au on au.id = up.user_id
    -- Active accounts only (private.account_active's rule, inline: one join instead of a call per person).
    where au.deleted_at is null and (au.banned_until is null or au.banned_until <= v_now)
  ),
  expected as materialized (
    select e.* from private.expected_days_of(array(select p.user_id from persons p), v_today - 1, v_today) e
  ),
  adjustments as materialized (
    select a.funcionario_id, a.work_date, a.kind, a.ponto_id, a.punched_at
    from public.ponto_ajustes a
    where a.funcionario_id in (select user_id from persons)
      and a.work_date between v_today - 1 and v_today
      and a.kind in ('inclusao', 'desconsiderar')
      and not exists (select 1 from public.ponto_ajustes r where r.kind = 'revogacao' and r.revoga_id = a.id)
  ),
  -- Treated marks: originals not disregarded, plus inclusions.
  marks as (
    select p.funcionario_id as user_id, p.work_date, p.punched_at as at, p.punch_type as kind, 'O' as source
    from public.pontos p
    where p.funcionario_id in (select user_id from persons)
      and p.work_date between v_today - 1 and v_today
      and not exists (select 1 from adjustments d where d.kind = 'desconsiderar' and d.ponto_id = p.id)
    union all
    select a.funcionario_id, a.work_date, a.punched_at, 'INCLUSAO', 'I'
    from adjustments a where a.kind = 'inclusao'
  ),
  journeys as materialized (
    select m.user_id, m.work_date, count(*)::integer as n,
      array_agg(m.at order by m.at, m.source) as ats,
      (array_agg(m.kind order by m.at desc, m.source desc))[1] as last_kind,
      (array_agg(m.source order by m.at desc, m.source desc))[1] as last_source
    from marks m group by m.user_id, m.work_date
  ),
  current_day as (
    select p.user_id, p.full_name, p.record_start,
      case when y.n % 2 = 1 and y.ats[1] > v_now - interval '16 hours' and t.n is null then v_today - 1 else v_today end as jday
    from persons p
    left join journeys y on y.user_id = p.user_id and y.work_date = v_today - 1
    left join journeys t on t.user_id = p.user_id and t.work_date = v_today
  ),
  joined as (
    select c.user_id, c.full_name, c.jday,
      coalesce(j.n, 0) as n, j.ats, j.last_kind, j.last_source,
      -- Before the employee's time record starts nothing is owed (the treated days' rule).
      case when c.record_start is null or c.jday < c.record_start then 0 else coalesce(e.expected_minutes, 0) end as expected_minutes,
      coalesce(e.day_kind, 'rest') as day_kind,
      e.start_time, e.end_time, coalesce(e.break_minutes, 0) as break_minutes,
      case when e.start_time is not null then (c.jday + e.start_time) at time zone 'America/Sao_Paulo' end as planned_start,
      case when e.start_time is not null and e.end_time is not null
        then (c.jday + case when e.end_time <= e.start_time then 1 else 0 end + e.end_time) at time zone 'America/Sao_Paulo' end as planned_end
    from current_day c
    left join journeys j on j.user_id = c.user_id and j.work_date = c.jday
    left join expected e on e.user_id = c.user_id and e.day = c.jday
  ),
  statused as (
    select j.*,
      case
        when j.n % 2 = 1 then 'trabalhando'
        when j.n >= 2 and (j.last_kind = 'SAIDA_INTERVALO'
          or (j.last_kind in ('INCLUSAO', 'EXTRA') and j.n = 2 and j.break_minutes > 0 and j.planned_end is not null and v_now < j.planned_end))
          then 'intervalo'
        when j.n >= 2 then 'encerrado'
        when j.expected_minutes > 0 and j.day_kind = 'work' and (
          (j.planned_start is not null and v_now > j.planned_start + interval '5 minutes')
          or (j.planned_start is null and v_now > (v_today + time '12:00') at time zone 'America/Sao_Paulo'))
          then 'ausente'
        when j.expected_minutes > 0 and j.day_kind = 'work' then 'aguardando'
        else 'sem_escala'
      end as status,
      case
        when j.n > 0 and j.expected_minutes > 0 and j.planned_start is not null and j.ats[1] > j.planned_start + interval '5 minutes'
          then floor(extract(epoch from j.ats[1] - j.planned_start) / 60)::integer
        when j.n = 0 and j.expected_minutes > 0 and j.day_kind = 'work' and j.planned_start is not null and v_now > j.planned_start + interval '5 minutes'
          then floor(extract(epoch from v_now - j.planned_start) / 60)::integer
      end as late_by,
      -- The pairs 1st→2nd, 3rd→4th…; an open last pair counts until now.
      (select coalesce(floor(sum(extract(epoch from coalesce(j.ats[i + 1], v_now) - j.ats[i])) / 60), 0)::integer
         from generate_series(1, j.n, 2) i) as worked_minutes
    from joined j
  ),
  people as (
    select up.unit_id, up.unit_name, s.*,
      array_position(array['trabalhando', 'intervalo', 'encerrado', 'ausente', 'aguardando', 'sem_escala'], s.status) as status_order
    from unit_people up join statused s on s.user_id = up.user_id
  ),
  per_unit as (
    select u.id as unit_id, u.name as unit_name,
      jsonb_build_object(
        'trabalhando', count(p.user_id) filter (where p.status = 'trabalhando'),
        'intervalo', count(p.user_id) filter (where p.status = 'intervalo'),
        'encerrado', count(p.user_id) filter (where p.status = 'encerrado'),
        'ausente', count(p.user_id) filter (where p.status = 'ausente'),
        'aguardando', count(p.user_id) filter (where p.status = 'aguardando'),
        'sem_escala', count(p.user_id) filter (where p.status = 'sem_escala'),
        'atrasado', count(p.user_id) filter (where p.late_by is not null),
        'total', count(p.user_id)) as counts,
      coalesce(jsonb_agg(jsonb_build_object(
        'user_id', p.user_id,
        'full_name', p.full_name,
        'status', p.status,
        'late', p.late_by is not null,
        'late_minutes', coalesce(p.late_by, 0),
        'day_kind', p.day_kind,
        'expected_start', p.start_time,
        'expected_end', p.end_time,
        'expected_minutes', p.expected_minutes,
        'marks_today', p.n,
        'worked_minutes', p.worked_minutes,
        'last_mark', case when p.n > 0 then jsonb_build_object('at', p.ats[p.n], 'kind', p.last_kind, 'source', p.last_source) end)
        order by p.status_order, p.full_name, p.user_id) filter (where p.user_id is not null), '[]'::jsonb) as people
    from public.store_units u
    left join people p on p.unit_id = u.id
    where u.id = any (v_units)
    group by u.id, u.name
  )
  select jsonb_build_object(
    'now', v_now,
    'today', v_today,
    'units', coalesce((select jsonb_agg(jsonb_build_object('unit_id', pu.unit_id, 'unit_name', pu.unit_name, 'counts', pu.counts, 'people', pu.people)
                        order by pu.unit_name, pu.unit_id) from per_unit pu), '[]'::jsonb))
  into v_result;
  return v_result;
end;
$$;

comment on function public.get_punch_dashboard(uuid) is
  'Right now, per unit in the caller''s report scope: each employee''s status (trabalhando, intervalo, encerrado, ausente, aguardando, sem_escala), lateness, worked minutes and last treated mark, with counts.';

revoke all on function public.get_punch_dashboard(uuid) from public, anon;
grant execute on function public.get_punch_dashboard(uuid) to authenticated, service_role;

-- ===========================================================================
-- The time report: per employee, per unit, in total and per day, over a period.
--
-- Every figure comes from private.treated_days (the same rows the treated timesheet shows); days after
-- today count nothing. One call of treated_days per employee, all in one statement.
create function public.get_time_report(p_from date, p_to date, p_unit_id uuid default null, p_user_id uuid default null)
returns jsonb
language plpgsql stable security definer set search_path = '' as $$
declare
  v_today date := (now() at time zone 'America/Sao_Paulo')::date;
  v_last date;
  v_units uuid[];
  v_result jsonb;
begin
  perform private.require_report_rights();
  perform private.check_report_period(p_from, p_to);
  v_units := private.report_unit_ids(p_unit_id);
  if p_user_id is not null and not private.can_view_employee_time(p_user_id) then
    raise exception 'Você não tem permissão para ver o ponto deste funcionário' using errcode = '42501';
  end if;
  v_last := least(p_to, v_today);

  with
  candidates as (
    select distinct e.user_id
    from unnest(v_units) u(id)
    cross join lateral private.unit_employees(u.id) e(user_id)
    where p_user_id is null or e.user_id = p_user_id
    union
    -- An employee asked for by name but in none of the units (ADMIN reads everyone): still reported.
    select p_user_id where p_user_id is not null and p_unit_id is null
  ),
  employees as materialized (
    select c.user_id, pr.full_name,
      coalesce(
        (select pr.unit_id where pr.unit_id = any (v_units)),
        (select uu.unit_id from public.user_units uu join public.store_units su on su.id = uu.unit_id
          where uu.user_id = c.user_id and uu.unit_id = any (v_units) order by su.name, su.id limit 1),
        case when p_unit_id is null and p_user_id is not null then pr.unit_id end) as unit_id,
      er.job_title, er.cpf,
      private.can_read_employee_cpf(c.user_id) as reads_cpf
    from candidates c
    join public.profiles pr on pr.id = c.user_id
    left join public.employee_records er on er.user_id = c.user_id
    -- Active accounts, and anyone with marks in the period (a dismissed employee's last month still goes to payroll).
    where p_user_id is not null
      or private.account_active(c.user_id)
      or exists (select 1 from public.pontos p where p.funcionario_id = c.user_id and p.work_date between p_from and p_to)
  ),
  days as materialized (
    select e.user_id, t.*
    from employees e
    cross join lateral private.treated_days(e.user_id, p_from, v_last) t
  ),
  figures as materialized (
    select d.user_id, d.day, d.day_kind, d.expected_minutes, d.worked_minutes, d.balance_minutes,
      d.night_minutes, d.night_reduced_minutes, d.abono_tipo, d.flags,
      greatest(d.balance_minutes, 0) as overtime,
      case when d.balance_minutes > 0 and (d.day_kind = 'holiday' or (extract(isodow from d.day) = 7 and d.expected_minutes = 0))
        then d.balance_minutes else 0 end as overtime_100,
      -- Late: the first treated mark more than 5 min after the planned start (the whole difference counts).
      case when d.expected_minutes > 0 and d.start_time is not null and cardinality(d.treated) > 0
            and d.treated[1] > ((d.day + d.start_time) at time zone 'America/Sao_Paulo') + interval '5 minutes'
        then floor(extract(epoch from d.treated[1] - ((d.day + d.start_time) at time zone 'America/Sao_Paulo')) / 60)::integer end as late_by,
      -- Early leave: on a completed past day (even marks), the last one more than 5 min before the planned end.
      case when d.expected_minutes > 0 and d.start_time is not null and d.end_time is not null and d.day < v_today
            and cardinality(d.treated) >= 2 and cardinality(d.treated) % 2 = 0
            and d.treated[cardinality(d.treated)] < ((d.day + case when d.end_time <= d.start_time then 1 else 0 end + d.end_time) at time zone 'America/Sao_Paulo') - interval '5 minutes'
        then floor(extract(epoch from ((d.day + case when d.end_time <= d.start_time then 1 else 0 end + d.end_time) at time zone 'America/Sao_Paulo')
                                      - d.treated[cardinality(d.treated)]) / 60)::integer end as early_by,
      (select coalesce(sum((a ->> 'minutes')::integer), 0) from jsonb_array_elements(d.adjustments) a
        where a ->> 'kind' in ('compensacao', 'pagamento') and not (a ->> 'revoked')::boolean)::integer as settled
    from days d
  ),
  per_employee as materialized (
    select e.user_id, e.full_name, e.unit_id, su.name as unit_name, e.job_title,
      case when e.cpf is null then null when e.reads_cpf then e.cpf else private.mask_cpf(e.cpf) end as cpf,
      e.cpf is not null and not e.reads_cpf as cpf_masked,
      coalesce(sum(f.expected_minutes), 0)::integer as expected_minutes,
      coalesce(sum(f.worked_minutes), 0)::integer as worked_minutes,
      coalesce(sum(f.balance_minutes), 0)::integer as balance_minutes,
      coalesce(sum(f.overtime), 0)::integer as overtime_minutes,
      coalesce(sum(f.overtime - f.overtime_100), 0)::integer as overtime_50_minutes,
      coalesce(sum(f.overtime_100), 0)::integer as overtime_100_minutes,
      count(f.day) filter (where 'hora_extra_acima_2h' = any (f.flags))::integer as overtime_days_over_2h,
      coalesce(-sum(least(f.balance_minutes, 0)), 0)::integer as undertime_minutes,
      count(f.day) filter (where 'falta' = any (f.flags))::integer as absences,
      coalesce(sum(f.expected_minutes) filter (where 'falta' = any (f.flags)), 0)::integer as absence_minutes,
      count(f.late_by)::integer as late_count,
      coalesce(sum(f.late_by), 0)::integer as late_minutes,
      count(f.early_by)::integer as early_leave_count,
      coalesce(sum(f.early_by), 0)::integer as early_leave_minutes,
      count(f.day) filter (where 'intervalo_curto' = any (f.flags))::integer as short_break_days,
      count(f.day) filter (where 'interjornada_curta' = any (f.flags))::integer as short_rest_days,
      coalesce(sum(f.night_minutes), 0)::integer as night_minutes,
      coalesce(sum(f.night_reduced_minutes), 0)::integer as night_reduced_minutes,
      coalesce(sum(f.balance_minutes) filter (where f.day < v_today), 0)::integer as bank_earned_minutes,
      coalesce(sum(f.settled), 0)::integer as bank_settled_minutes,
      (coalesce(sum(f.balance_minutes) filter (where f.day < v_today), 0) - coalesce(sum(f.settled), 0))::integer as bank_movement_minutes,
      count(f.day) filter (where extract(isodow from f.day) = 7 and f.worked_minutes > 0)::integer as sundays_worked,
      count(f.day) filter (where f.day_kind = 'holiday' and f.worked_minutes > 0)::integer as holidays_worked,
      count(f.day) filter (where f.expected_minutes > 0)::integer as workdays,
      count(f.day) filter (where f.worked_minutes > 0)::integer as days_worked,
      count(f.day) filter (where f.abono_tipo is not null)::integer as excused_days
    from employees e
    left join public.store_units su on su.id = e.unit_id
    left join figures f on f.user_id = e.user_id
    group by e.user_id, e.full_name, e.unit_id, su.name, e.job_title, e.cpf, e.reads_cpf
  ),
  per_unit as (
    select pe.unit_id, min(pe.unit_name) as unit_name, count(*)::integer as employees,
      sum(pe.expected_minutes)::integer as expected_minutes, sum(pe.worked_minutes)::integer as worked_minutes,
      sum(pe.balance_minutes)::integer as balance_minutes, sum(pe.overtime_minutes)::integer as overtime_minutes,
      sum(pe.overtime_50_minutes)::integer as overtime_50_minutes, sum(pe.overtime_100_minutes)::integer as overtime_100_minutes,
      sum(pe.overtime_days_over_2h)::integer as overtime_days_over_2h, sum(pe.undertime_minutes)::integer as undertime_minutes,
      sum(pe.absences)::integer as absences, sum(pe.absence_minutes)::integer as absence_minutes,
      sum(pe.late_count)::integer as late_count, sum(pe.late_minutes)::integer as late_minutes,
      sum(pe.early_leave_count)::integer as early_leave_count, sum(pe.early_leave_minutes)::integer as early_leave_minutes,
      sum(pe.short_break_days)::integer as short_break_days, sum(pe.short_rest_days)::integer as short_rest_days,
      sum(pe.night_minutes)::integer as night_minutes, sum(pe.night_reduced_minutes)::integer as night_reduced_minutes,
      sum(pe.bank_earned_minutes)::integer as bank_earned_minutes, sum(pe.bank_settled_minutes)::integer as bank_settled_minutes,
      sum(pe.bank_movement_minutes)::integer as bank_movement_minutes, sum(pe.sundays_worked)::integer as sundays_worked,
      sum(pe.holidays_worked)::integer as holidays_worked, sum(pe.workdays)::integer as workdays,
      sum(pe.days_worked)::integer as days_worked, sum(pe.excused_days)::integer as excused_days
    from per_employee pe
    where pe.unit_id is not null
    group by pe.unit_id
  ),
  totals as (
    select count(*)::integer as employees,
      coalesce(sum(pe.expected_minutes), 0)::integer as expected_minutes, coalesce(sum(pe.worked_minutes), 0)::integer as worked_minutes,
      coalesce(sum(pe.balance_minutes), 0)::integer as balance_minutes, coalesce(sum(pe.overtime_minutes), 0)::integer as overtime_minutes,
      coalesce(sum(pe.overtime_50_minutes), 0)::integer as overtime_50_minutes, coalesce(sum(pe.overtime_100_minutes), 0)::integer as overtime_100_minutes,
      coalesce(sum(pe.overtime_days_over_2h), 0)::integer as overtime_days_over_2h, coalesce(sum(pe.undertime_minutes), 0)::integer as undertime_minutes,
      coalesce(sum(pe.absences), 0)::integer as absences, coalesce(sum(pe.absence_minutes), 0)::integer as absence_minutes,
      coalesce(sum(pe.late_count), 0)::integer as late_count, coalesce(sum(pe.late_minutes), 0)::integer as late_minutes,
      coalesce(sum(pe.early_leave_count), 0)::integer as early_leave_count, coalesce(sum(pe.early_leave_minutes), 0)::integer as early_leave_minutes,
      coalesce(sum(pe.short_break_days), 0)::integer as short_break_days, coalesce(sum(pe.short_rest_days), 0)::integer as short_rest_days,
      coalesce(sum(pe.night_minutes), 0)::integer as night_minutes, coalesce(sum(pe.night_reduced_minutes), 0)::integer as night_reduced_minutes,
      coalesce(sum(pe.bank_earned_minutes), 0)::integer as bank_earned_minutes, coalesce(sum(pe.bank_settled_minutes), 0)::integer as bank_settled_minutes,
      coalesce(sum(pe.bank_movement_minutes), 0)::integer as bank_movement_minutes, coalesce(sum(pe.sundays_worked), 0)::integer as sundays_worked,
      coalesce(sum(pe.holidays_worked), 0)::integer as holidays_worked, coalesce(sum(pe.workdays), 0)::integer as workdays,
      coalesce(sum(pe.days_worked), 0)::integer as days_worked, coalesce(sum(pe.excused_days), 0)::integer as excused_days
    from per_employee pe
  ),
  -- Every date of the period, the future ones at zero (a chart's axis covers the whole period).
  daily as (
    select g.day::date as date,
      coalesce(sum(f.expected_minutes), 0)::integer as expected_minutes,
      coalesce(sum(f.worked_minutes), 0)::integer as worked_minutes,
      coalesce(sum(f.overtime), 0)::integer as overtime_minutes,
      count(f.day) filter (where 'falta' = any (f.flags))::integer as absences,
      count(f.late_by)::integer as late_count
    from generate_series(p_from, p_to, interval '1 day') g(day)
    left join figures f on f.day = g.day::date
    group by g.day
  )
  select jsonb_build_object(
    'from', p_from,
    'to', p_to,
    'generated_at', now(),
    'employees', coalesce((select jsonb_agg(to_jsonb(pe) order by pe.full_name, pe.user_id) from per_employee pe), '[]'::jsonb),
    'units', coalesce((select jsonb_agg(to_jsonb(pu) order by pu.unit_name, pu.unit_id) from per_unit pu), '[]'::jsonb),
    'totals', (select to_jsonb(t) from totals t),
    'daily', coalesce((select jsonb_agg(to_jsonb(d) order by d.date) from daily d), '[]'::jsonb))
  into v_result;
  return v_result;
end;
$$;

comment on function public.get_time_report(date, date, uuid, uuid) is
  'Per employee (one row each, under their current unit in scope), per unit, in total and per day over a period of at most 12 months: expected, worked, balance, overtime 50/100 %, absences, late arrivals, early leaves, short breaks and rests, night minutes, hour-bank movement, Sundays and holidays worked. Figures from private.treated_days.';

revoke all on function public.get_time_report(date, date, uuid, uuid) from public, anon;
grant execute on function public.get_time_report(date, date, uuid, uuid) to authenticated, service_role;

-- ===========================================================================
-- pontos' read policy, evaluated once per statement instead of once per row.
--
-- The policy of 20261127000000_time_clock_scope.sql called private.can_view_employee_time and
-- private.can_view_unit_time on every row: about 0.4 ms a row, so a clerk's plain select of the table
-- (which RLS narrows to their own marks) took 0.2 s on the demo data and hit the 8 s statement timeout at
-- some 20,000 marks, far below a chain's year. The rule is the same; every part that does not depend on
-- the row is computed once per statement (an initPlan), and the row is only compared with those arrays.

-- The people who share a unit with the caller (private.shares_unit_with, for everyone at once).
create function private.time_colleague_ids()
returns uuid[]
language sql stable security definer set search_path = '' as $$
  select coalesce(array_agg(distinct x.id), '{}')
  from (
    select uu.user_id as id from public.user_units uu where uu.unit_id in (select private.user_unit_ids(auth.uid()))
    union
    select pr.id from public.profiles pr where pr.unit_id in (select private.user_unit_ids(auth.uid()))
  ) x
$$;

comment on function private.time_colleague_ids() is
  'Users sharing a unit with the caller: private.shares_unit_with(u) is true exactly for u in this array.';

revoke all on function private.time_colleague_ids() from public, anon;
grant execute on function private.time_colleague_ids() to authenticated, service_role;

drop policy pontos_select on public.pontos;
create policy pontos_select on public.pontos
  for select to authenticated
  using (
    funcionario_id = (select auth.uid())
    or (select private.is_admin())
    or ((select private.has_permission('PUNCH_VIEW_ALL') or private.has_permission('PUNCH_MANAGE'))
        and (unit_id = any (array(select private.user_unit_ids((select auth.uid()))))
             or funcionario_id = any ((select private.time_colleague_ids())::uuid[])))
  );
