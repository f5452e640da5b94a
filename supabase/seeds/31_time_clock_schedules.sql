-- Demo schedules (issue 25): one template of each kind, every demo employee on a schedule, Beatriz's
-- schedule changed in the middle of the previous month (so that month is computed with two schedules),
-- a state holiday for every unit and municipal ones for Unidade Centro, and the three units' opening
-- hours. The pharmacist works a commercial day at Unidade Sul, which opens until 22:00: the check
-- before an assignment reports the evening without a pharmacist.
-- Idempotent: templates by name, assignments only for employees without one, holidays by day and unit.

do $seed$
declare
  v_first date := date_trunc('month', now() at time zone 'America/Sao_Paulo')::date;
  v_start date := (date_trunc('month', now() at time zone 'America/Sao_Paulo') - interval '3 months')::date;
  v_change date := (date_trunc('month', now() at time zone 'America/Sao_Paulo') - interval '1 month')::date + 15;
  v_year integer := extract(year from now() at time zone 'America/Sao_Paulo')::integer;
  v_template record;
  v_beatriz uuid := (select id from auth.users where email = 'balconista2@farmacia.local');
begin
  insert into public.work_schedule_templates (name, kind, cycle_days, created_by)
  values ('Comercial 44h', 'weekly', 7, null),
         ('6x1', 'rotation', 7, null),
         ('12x36 diurno', 'rotation', 2, null),
         ('12x36 noturno', 'rotation', 2, null),
         ('5x2 com sábados alternados', 'rotation', 14, null)
  on conflict (name) do nothing;

  -- Positions: weekly 0 = Monday; rotations count from the assignment's cycle start.
  insert into public.work_schedule_template_days (template_id, position, works, start_time, end_time, break_minutes)
  select t.id, d.position, d.works, d.start_time, d.end_time, d.break_minutes
  from public.work_schedule_templates t
  join (values
    -- Monday to Friday 08:00–17:00 with 1 h of break, Saturday 08:00–12:00: 44 hours a week.
    ('Comercial 44h', 0, true, time '08:00', time '17:00', 60), ('Comercial 44h', 1, true, '08:00', '17:00', 60),
    ('Comercial 44h', 2, true, '08:00', '17:00', 60), ('Comercial 44h', 3, true, '08:00', '17:00', 60),
    ('Comercial 44h', 4, true, '08:00', '17:00', 60), ('Comercial 44h', 5, true, '08:00', '12:00', 0),
    ('Comercial 44h', 6, false, null, null, 0),
    -- Six days of 7 h 20 min (07:00–15:20, 1 h of break), one off: 44 hours.
    ('6x1', 0, true, '07:00', '15:20', 60), ('6x1', 1, true, '07:00', '15:20', 60), ('6x1', 2, true, '07:00', '15:20', 60),
    ('6x1', 3, true, '07:00', '15:20', 60), ('6x1', 4, true, '07:00', '15:20', 60), ('6x1', 5, true, '07:00', '15:20', 60),
    ('6x1', 6, false, null, null, 0),
    ('12x36 diurno', 0, true, '07:00', '19:00', 60), ('12x36 diurno', 1, false, null, null, 0),
    ('12x36 noturno', 0, true, '19:00', '07:00', 60), ('12x36 noturno', 1, false, null, null, 0),
    -- Two weeks: Monday to Friday 08:00–17:00 both weeks, Saturday morning every other week.
    ('5x2 com sábados alternados', 0, true, '08:00', '17:00', 60), ('5x2 com sábados alternados', 1, true, '08:00', '17:00', 60),
    ('5x2 com sábados alternados', 2, true, '08:00', '17:00', 60), ('5x2 com sábados alternados', 3, true, '08:00', '17:00', 60),
    ('5x2 com sábados alternados', 4, true, '08:00', '17:00', 60), ('5x2 com sábados alternados', 5, true, '08:00', '12:00', 0),
    ('5x2 com sábados alternados', 6, false, null, null, 0),
    ('5x2 com sábados alternados', 7, true, '08:00', '17:00', 60), ('5x2 com sábados alternados', 8, true, '08:00', '17:00', 60),
    ('5x2 com sábados alternados', 9, true, '08:00', '17:00', 60), ('5x2 com sábados alternados', 10, true, '08:00', '17:00', 60),
    ('5x2 com sábados alternados', 11, true, '08:00', '17:00', 60), ('5x2 com sábados alternados', 12, false, null, null, 0),
    ('5x2 com sábados alternados', 13, false, null, null, 0)
  ) d(name, position, works, start_time, end_time, break_minutes) on d.name = t.name
  on conflict (template_id, position) do nothing;

  -- Everyone with a unit on the commercial week since three months ago, at their unit; Beatriz on 6x1
  -- (cycles starting on Mondays, so Sunday is the day off) until the 15th of last month, then on the
  -- alternating-Saturdays 5x2.
  insert into public.work_schedules (user_id, template_id, valid_from, valid_to, cycle_start, unit_id, created_by)
  select u.id, t.id, v_start, case when u.id = v_beatriz then v_change - 1 end,
    v_start - (extract(isodow from v_start)::integer - 1), pr.unit_id, null
  from auth.users u
  join public.profiles pr on pr.id = u.id
  join public.work_schedule_templates t on t.name = case when u.id = v_beatriz then '6x1' else 'Comercial 44h' end
  where u.email in ('admin@farmacia.local', 'balconista@farmacia.local', 'balconista2@farmacia.local', 'farmaceutico@farmacia.local',
                    'compras@farmacia.local', 'analista@farmacia.local')
    and not exists (select 1 from public.work_schedules ws where ws.user_id = u.id);

  insert into public.work_schedules (user_id, template_id, valid_from, cycle_start, unit_id, created_by)
  select v_beatriz, t.id, v_change, v_change - (extract(isodow from v_change)::integer - 1), pr.unit_id, null
  from public.work_schedule_templates t
  join public.profiles pr on pr.id = v_beatriz
  where t.name = '5x2 com sábados alternados'
    and not exists (select 1 from public.work_schedules ws where ws.user_id = v_beatriz and ws.valid_from >= v_change);

  -- Holidays of this year and the next: 9 de julho for every unit (SP); São Paulo's anniversary and
  -- Corpus Christi (Easter + 60 days, a ponto facultativo the unit closes on) at Unidade Centro.
  insert into public.holidays (day, name, scope, unit_id, created_by)
  select h.day, h.name, h.scope, h.unit_id, null
  from generate_series(v_year, v_year + 1) y
  cross join lateral (
    select make_date(y, 7, 9) as day, 'Revolução Constitucionalista' as name, 'estadual' as scope, null::uuid as unit_id
    union all
    select make_date(y, 1, 25), 'Aniversário de São Paulo', 'municipal', (select id from public.store_units where name = 'Unidade Centro')
    union all
    select n.day + 62, 'Corpus Christi', 'municipal', (select id from public.store_units where name = 'Unidade Centro')
    from private.national_holidays(y) n where n.name = 'Sexta-feira Santa'
  ) h
  where not exists (select 1 from public.holidays x where x.day = h.day and x.unit_id is not distinct from h.unit_id);

  -- Opening hours (ISO weekdays, 1 = Monday).
  insert into public.unit_opening_hours (unit_id, weekday, opens, closes)
  select su.id, o.weekday, o.opens, o.closes
  from public.store_units su
  join (values
    ('Unidade Centro', 1, time '07:00', time '22:00'), ('Unidade Centro', 2, '07:00', '22:00'), ('Unidade Centro', 3, '07:00', '22:00'),
    ('Unidade Centro', 4, '07:00', '22:00'), ('Unidade Centro', 5, '07:00', '22:00'), ('Unidade Centro', 6, '08:00', '20:00'),
    ('Unidade Centro', 7, '08:00', '14:00'),
    ('Unidade Norte', 1, '08:00', '20:00'), ('Unidade Norte', 2, '08:00', '20:00'), ('Unidade Norte', 3, '08:00', '20:00'),
    ('Unidade Norte', 4, '08:00', '20:00'), ('Unidade Norte', 5, '08:00', '20:00'), ('Unidade Norte', 6, '08:00', '14:00'),
    ('Unidade Sul', 1, '08:00', '22:00'), ('Unidade Sul', 2, '08:00', '22:00'), ('Unidade Sul', 3, '08:00', '22:00'),
    ('Unidade Sul', 4, '08:00', '22:00'), ('Unidade Sul', 5, '08:00', '22:00'), ('Unidade Sul', 6, '08:00', '18:00')
  ) o(name, weekday, opens, closes) on o.name = su.name
  on conflict (unit_id, weekday) do nothing;
end;
$seed$;
