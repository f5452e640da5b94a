-- Ponto Digital, managers' side (issue 25, item 1): schedules with history, holidays and opening hours.
--
-- Until now a schedule was one row of seven minute counts per user, so a 12x36 or 6x1 roster, a change
-- of schedule in mid-month or a holiday could not be expressed, and a past month was computed with
-- today's schedule. Now:
--   * work_schedule_templates / work_schedule_template_days: reusable templates, either a fixed week
--     (position 0 = Monday … 6 = Sunday) or a rotation of N days (12x36 = 2, 6x1 = 7, 5x2 with
--     alternating Saturdays = 14), with start, end (an end before the start ends the next day) and
--     break per position;
--   * work_schedules (same table name, new shape): dated assignments of a template to an employee, with
--     history. A month is computed with the assignment in force on each of its days, so changing a
--     schedule never rewrites a past month;
--   * holidays: the chain's state and municipal holidays (per unit, or for every unit); the national
--     ones are computed (private.national_holidays), never typed in;
--   * unit_opening_hours: when each unit is open, so the assignment check can say when a unit is left
--     without a pharmacist (Lei 13.021/2014, art. 6º, I);
--   * private.expected_days / public.expected_day: THE expected minutes of a day, used by the home card,
--     /meu-ponto, the treated timesheets and the reports. The browser keeps no default of its own.
-- Writes go only through the RPCs below (security definer, one authorization rule each, Portuguese
-- messages); the tables are read-only for the API roles.

-- ===========================================================================
-- Templates

create table public.work_schedule_templates (
  id uuid primary key default gen_random_uuid(),
  name text not null,
  kind text not null,
  cycle_days integer not null,
  active boolean not null default true,
  created_at timestamptz not null default now(),
  created_by uuid references auth.users (id) on delete set null default auth.uid(),
  constraint work_schedule_templates_name_unique unique (name),
  constraint work_schedule_templates_name_valid check (btrim(name) <> '' and char_length(name) <= 80),
  constraint work_schedule_templates_kind_valid check (kind in ('weekly', 'rotation')),
  constraint work_schedule_templates_cycle_valid check (
    (kind = 'weekly' and cycle_days = 7) or (kind = 'rotation' and cycle_days between 2 and 28)
  )
);

comment on table public.work_schedule_templates is
  'Schedule templates: a fixed week (7 positions, Monday first) or a rotation of cycle_days days (12x36 = 2, 6x1 = 7, 5x2 with alternating Saturdays = 14).';

create table public.work_schedule_template_days (
  template_id uuid not null references public.work_schedule_templates (id) on delete cascade,
  position integer not null,
  works boolean not null,
  start_time time,
  end_time time,
  break_minutes integer not null default 0,
  primary key (template_id, position),
  constraint work_schedule_template_days_position_range check (position between 0 and 27),
  constraint work_schedule_template_days_times check (
    (works and start_time is not null and end_time is not null and start_time <> end_time)
    or (not works and start_time is null and end_time is null and break_minutes = 0)
  ),
  constraint work_schedule_template_days_break_range check (break_minutes between 0 and 1439)
);

comment on table public.work_schedule_template_days is
  'One position of a template: whether it is a workday, its start and end (an end before the start ends the next day) and its break. Expected minutes = duration - break.';

-- Minutes from start to end; an end at or before the start ends the next day (a night shift).
create function private.shift_minutes(p_start time, p_end time)
returns integer
language sql immutable parallel safe set search_path = '' as $$
  select case when p_start is null or p_end is null then 0
              when p_end > p_start then (extract(epoch from p_end - p_start) / 60)::integer
              else (extract(epoch from p_end - p_start) / 60)::integer + 1440 end
$$;

comment on function private.shift_minutes(time, time) is
  'Minutes from start to end of a shift; an end at or before the start means the next day (19:00 to 07:00 = 720).';

revoke all on function private.shift_minutes(time, time) from public, anon;
grant execute on function private.shift_minutes(time, time) to authenticated, service_role;

-- 600 -> '10h00', 59 -> '0h59': durations in warnings.
create function private.format_minutes(p_minutes integer)
returns text
language sql immutable parallel safe set search_path = '' as $$
  select (p_minutes / 60)::text || 'h' || lpad((abs(p_minutes) % 60)::text, 2, '0')
$$;

revoke all on function private.format_minutes(integer) from public, anon;
grant execute on function private.format_minutes(integer) to authenticated, service_role;

-- Every template day is checked here with a Portuguese message (the checks above are the backstop).
create function private.check_work_schedule_template_day()
returns trigger
language plpgsql set search_path = '' as $$
declare
  v_cycle integer;
begin
  select t.cycle_days into v_cycle from public.work_schedule_templates t where t.id = new.template_id;
  if new.position is null or new.position < 0 or new.position >= coalesce(v_cycle, 0) then
    raise exception 'Dia % fora do ciclo do modelo (% dias)', coalesce(new.position, -1) + 1, coalesce(v_cycle, 0) using errcode = '22023';
  end if;
  if new.works is null then
    raise exception 'Informe se o dia % é de trabalho ou de folga', new.position + 1 using errcode = '22023';
  end if;
  if not new.works then
    new.start_time := null;
    new.end_time := null;
    new.break_minutes := 0;
    return new;
  end if;
  if new.start_time is null or new.end_time is null then
    raise exception 'Informe o início e o fim do dia % de trabalho', new.position + 1 using errcode = '22023';
  end if;
  if new.start_time = new.end_time then
    raise exception 'O início e o fim do dia % não podem ser iguais', new.position + 1 using errcode = '22023';
  end if;
  if new.break_minutes is null or new.break_minutes < 0 then
    raise exception 'O intervalo do dia % não pode ser negativo', new.position + 1 using errcode = '22023';
  end if;
  if new.break_minutes >= private.shift_minutes(new.start_time, new.end_time) then
    raise exception 'O intervalo do dia % (% min) não pode ser maior que a jornada (% min)',
      new.position + 1, new.break_minutes, private.shift_minutes(new.start_time, new.end_time) using errcode = '22023';
  end if;
  return new;
end;
$$;

revoke execute on function private.check_work_schedule_template_day() from public, anon, authenticated;

create trigger work_schedule_template_days_check
  before insert or update on public.work_schedule_template_days
  for each row execute function private.check_work_schedule_template_day();

-- ===========================================================================
-- Assignments: work_schedules evolves from "seven minute counts per user" into dated assignments.

-- 1. Each distinct old schedule (minutes per weekday + break) becomes a fixed weekly template:
--    start 08:00, end = start + minutes + break; a day of 0 minutes is a rest day.
drop trigger work_schedules_check_values on public.work_schedules;
drop function private.check_work_schedule();
drop trigger work_schedules_set_updated_at on public.work_schedules;
drop policy work_schedules_select on public.work_schedules;
drop policy work_schedules_insert on public.work_schedules;
drop policy work_schedules_update on public.work_schedules;
drop policy work_schedules_delete on public.work_schedules;

create temporary table migrated_schedules on commit drop as
select distinct ws.expected_minutes, ws.break_minutes,
  'Escala anterior: ' || array_to_string(array(
     select case when m = 0 then 'folga' else (m / 60)::text || 'h' || lpad((m % 60)::text, 2, '0') end
     from unnest(ws.expected_minutes) m), ', ') || ' (intervalo ' || ws.break_minutes || ' min)' as name
from public.work_schedules ws;

insert into public.work_schedule_templates (name, kind, cycle_days, created_by)
select left(ms.name, 80), 'weekly', 7, null from migrated_schedules ms;

insert into public.work_schedule_template_days (template_id, position, works, start_time, end_time, break_minutes)
select t.id, d.i - 1, d.m > 0,
  case when d.m > 0 then time '08:00' end,
  -- A day of 24 h (or with its break more than 24 h) cannot be a shift of the new shape: it keeps 23:59.
  case when d.m > 0 then time '08:00' + make_interval(mins => least(d.m + b.brk, 1439)) end,
  case when d.m > 0 then b.brk else 0 end
from migrated_schedules ms
join public.work_schedule_templates t on t.name = left(ms.name, 80)
cross join lateral unnest(ms.expected_minutes) with ordinality d(m, i)
cross join lateral (select case when d.m + ms.break_minutes >= 1440 then 0 else ms.break_minutes end as brk) b;

-- 2. The table's new shape; existing rows point at their template from 2000-01-01, open-ended.
alter table public.work_schedules
  add column id uuid not null default gen_random_uuid(),
  add column template_id uuid references public.work_schedule_templates (id),
  add column valid_from date,
  add column valid_to date,
  add column cycle_start date,
  add column unit_id uuid references public.store_units (id) on delete set null,
  add column created_at timestamptz not null default now(),
  add column created_by uuid references auth.users (id) on delete set null default auth.uid();

update public.work_schedules ws
set template_id = t.id, valid_from = date '2000-01-01', cycle_start = date '2000-01-01',
  unit_id = (select pr.unit_id from public.profiles pr where pr.id = ws.user_id), created_by = null
from migrated_schedules ms
join public.work_schedule_templates t on t.name = left(ms.name, 80)
where ms.expected_minutes = ws.expected_minutes and ms.break_minutes = ws.break_minutes;

alter table public.work_schedules drop constraint work_schedules_pkey;
alter table public.work_schedules
  drop column expected_minutes,
  drop column break_minutes,
  drop column updated_at,
  alter column template_id set not null,
  alter column valid_from set not null,
  alter column cycle_start set not null,
  add primary key (id),
  add constraint work_schedules_dates check (valid_to is null or valid_to >= valid_from);

create index work_schedules_user_idx on public.work_schedules (user_id, valid_from);
create index work_schedules_template_idx on public.work_schedules (template_id);
create index work_schedules_unit_idx on public.work_schedules (unit_id, valid_from);
create index work_schedules_created_by_idx on public.work_schedules (created_by);
create index work_schedule_templates_created_by_idx on public.work_schedule_templates (created_by);

comment on table public.work_schedules is
  'Schedule assignments with history: template in force for an employee from valid_from to valid_to (null = open), its rotation''s day 0 (cycle_start) and the unit where it is worked. No two assignments of an employee overlap.';

-- Dates in order and no overlap per employee, in Portuguese; serialized per employee so two
-- concurrent assignments cannot both pass.
create function private.check_work_schedule_assignment_row()
returns trigger
language plpgsql set search_path = '' as $$
declare
  v_other record;
begin
  if new.valid_from is null then
    raise exception 'Informe a data de início da escala' using errcode = '22023';
  end if;
  if new.valid_to is not null and new.valid_to < new.valid_from then
    raise exception 'A data final da escala (%) não pode ser anterior à data inicial (%)',
      to_char(new.valid_to, 'DD/MM/YYYY'), to_char(new.valid_from, 'DD/MM/YYYY') using errcode = '22023';
  end if;
  perform pg_advisory_xact_lock(hashtextextended('work_schedules:' || new.user_id::text, 0));
  select ws.valid_from, ws.valid_to into v_other
  from public.work_schedules ws
  where ws.user_id = new.user_id and ws.id <> new.id
    and daterange(ws.valid_from, ws.valid_to, '[]') && daterange(new.valid_from, new.valid_to, '[]')
  order by ws.valid_from
  limit 1;
  if found then
    raise exception 'O período se sobrepõe a outra escala do funcionário (%)',
      case when v_other.valid_to is null then 'em vigor desde ' || to_char(v_other.valid_from, 'DD/MM/YYYY')
           else 'de ' || to_char(v_other.valid_from, 'DD/MM/YYYY') || ' a ' || to_char(v_other.valid_to, 'DD/MM/YYYY') end
      using errcode = '23P01';
  end if;
  return new;
end;
$$;

revoke execute on function private.check_work_schedule_assignment_row() from public, anon, authenticated;

create trigger work_schedules_check
  before insert or update on public.work_schedules
  for each row execute function private.check_work_schedule_assignment_row();

-- ===========================================================================
-- Holidays and opening hours

create table public.holidays (
  id uuid primary key default gen_random_uuid(),
  day date not null,
  name text not null,
  scope text not null,
  unit_id uuid references public.store_units (id) on delete cascade,
  created_at timestamptz not null default now(),
  created_by uuid references auth.users (id) on delete set null default auth.uid(),
  constraint holidays_scope_valid check (scope in ('estadual', 'municipal')),
  constraint holidays_name_valid check (btrim(name) <> '' and char_length(name) <= 80)
);

comment on table public.holidays is
  'State and municipal holidays: of one unit, or of every unit of the chain (unit_id null, e.g. 9 de julho in SP). National holidays are computed by private.national_holidays, never stored.';

create unique index holidays_day_unit_unique on public.holidays (day, coalesce(unit_id, '00000000-0000-0000-0000-000000000000'::uuid));
create index holidays_unit_idx on public.holidays (unit_id, day);
create index holidays_created_by_idx on public.holidays (created_by);

create table public.unit_opening_hours (
  unit_id uuid not null references public.store_units (id) on delete cascade,
  weekday integer not null,
  opens time not null,
  closes time not null,
  primary key (unit_id, weekday),
  constraint unit_opening_hours_weekday_range check (weekday between 1 and 7),
  constraint unit_opening_hours_times check (opens <> closes)
);

comment on table public.unit_opening_hours is
  'When a unit is open, per ISO weekday (1 = Monday); a closing before the opening means past midnight. No row: closed that day.';

-- ===========================================================================
-- National holidays (Lei 662/1949, Lei 6.802/1980, Lei 14.759/2023) and Good Friday (Easter - 2 days,
-- Gregorian computus of Meeus/Jones/Butcher). Carnaval and Corpus Christi are pontos facultativos: a
-- unit that closes on them adds them as its own holidays.
create function private.national_holidays(p_year integer)
returns table (day date, name text)
language sql immutable parallel safe set search_path = '' as $$
  with e as (
    select p_year % 19 as a, p_year / 100 as b, p_year % 100 as c
  ), e2 as (
    select a, b, c, b / 4 as d, b % 4 as e, (b + 8) / 25 as f from e
  ), e3 as (
    select a, b, c, d, e, f, (b - f + 1) / 3 as g from e2
  ), e4 as (
    select a, c, e, (19 * a + b - d - g + 15) % 30 as h from e3
  ), e5 as (
    select a, h, (32 + 2 * e + 2 * (c / 4) - h - (c % 4)) % 7 as l from e4
  ), easter as (
    select make_date(p_year, (h + l - 7 * ((a + 11 * h + 22 * l) / 451) + 114) / 31,
                     ((h + l - 7 * ((a + 11 * h + 22 * l) / 451) + 114) % 31) + 1) as sunday
    from e5
  )
  select v.day, v.name from (
    values
      (make_date(p_year, 1, 1), 'Confraternização Universal'),
      (make_date(p_year, 4, 21), 'Tiradentes'),
      (make_date(p_year, 5, 1), 'Dia do Trabalho'),
      (make_date(p_year, 9, 7), 'Independência do Brasil'),
      (make_date(p_year, 10, 12), 'Nossa Senhora Aparecida'),
      (make_date(p_year, 11, 2), 'Finados'),
      (make_date(p_year, 11, 15), 'Proclamação da República'),
      (make_date(p_year, 12, 25), 'Natal')
  ) v(day, name)
  union all
  -- Dia Nacional de Zumbi e da Consciência Negra: national since 2024 (Lei 14.759/2023).
  select make_date(p_year, 11, 20), 'Dia Nacional de Zumbi e da Consciência Negra' where p_year >= 2024
  union all
  select easter.sunday - 2, 'Sexta-feira Santa' from easter
  order by 1
$$;

comment on function private.national_holidays(integer) is
  'National holidays of a year: the fixed ones (20 de novembro from 2024) and Sexta-feira Santa from Easter. Not stored: nobody has to type them in each year.';

revoke all on function private.national_holidays(integer) from public, anon;
grant execute on function private.national_holidays(integer) to authenticated, service_role;

-- The year's national holidays for the 'Feriados' tab (they are public knowledge: any signed-in user).
create function public.list_national_holidays(p_year integer)
returns table (day date, name text)
language plpgsql stable security definer set search_path = '' as $$
begin
  if auth.uid() is null then
    raise exception 'Usuário não autenticado' using errcode = '42501';
  end if;
  if p_year is null or p_year < 2000 or p_year > 2100 then
    raise exception 'Ano inválido: escolha um ano entre 2000 e 2100' using errcode = '22023';
  end if;
  return query select h.day, h.name from private.national_holidays(p_year) h;
end;
$$;

comment on function public.list_national_holidays(integer) is 'The national holidays of a year as the database computes them (the ones expected_day applies).';

revoke execute on function public.list_national_holidays(integer) from public, anon;
grant execute on function public.list_national_holidays(integer) to authenticated, service_role;

-- ===========================================================================
-- Expected minutes

-- Whether an absence is excused that day (atestado, folga, férias, falta justificada): null here;
-- the treatment migration replaces it to read ponto_ajustes.
create function private.day_excused(p_user_id uuid, p_day date)
returns text
language sql stable set search_path = '' as $$
  select null::text
$$;

comment on function private.day_excused(uuid, date) is
  'The abono kind excusing the employee''s day, or null. Placeholder until the treatment migration reads ponto_ajustes.';

revoke all on function private.day_excused(uuid, date) from public, anon;
grant execute on function private.day_excused(uuid, date) to authenticated, service_role;

-- The expected day of an employee over a range, set-based (one pass over the days, the assignments in
-- force, the template days and the holidays). No authorization check: callers check first.
-- Without an assignment: spec §9, 480 minutes Monday to Friday, 08:00–17:00 with a 60-minute break.
create function private.expected_days(p_user_id uuid, p_from date, p_to date)
returns table (
  day date, expected_minutes integer, scheduled_minutes integer, break_minutes integer, start_time time,
  end_time time, day_kind text, holiday_name text, template_id uuid, template_name text
)
language plpgsql stable security definer set search_path = '' as $$
#variable_conflict use_column
begin
  -- plpgsql rather than sql: the plan is cached for the session (a month is ~1.5 ms instead of ~2 ms).
  return query
  with days as (
    select d::date as day from generate_series(p_from, p_to, interval '1 day') d
  ),
  profile as (
    select pr.unit_id from public.profiles pr where pr.id = p_user_id
  ),
  assigned as (
    select d.day, ws.template_id, ws.cycle_start, coalesce(ws.unit_id, (select unit_id from profile)) as unit_id
    from days d
    left join public.work_schedules ws
      on ws.user_id = p_user_id and ws.valid_from <= d.day and (ws.valid_to is null or ws.valid_to >= d.day)
  ),
  planned as (
    select a.day, a.unit_id, t.id as template_id, t.name as template_name,
      case
        when t.id is null then extract(isodow from a.day) <= 5
        else coalesce(td.works, false)
      end as works,
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
  -- Materialized once per call: joined below, never a subquery per day. Two national holidays can fall
  -- on one day (Good Friday on Tiradentes, as in 2000): one name per day.
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
  decided as (
    -- At most one holiday per day and unit, and one for every unit (holidays_day_unit_unique).
    select p.*, coalesce(n.name, lu.name, lc.name) as holiday_name,
      case when p.works then private.day_excused(p_user_id, p.day) end as excused
    from planned p
    left join national n on n.day = p.day
    left join local lu on lu.day = p.day and lu.unit_id = p.unit_id
    left join local lc on lc.day = p.day and lc.unit_id is null
  )
  select d.day,
    case when d.works and d.holiday_name is null and d.excused is null
         then private.shift_minutes(d.start_time, d.end_time) - d.break_minutes else 0 end,
    case when d.works then private.shift_minutes(d.start_time, d.end_time) - d.break_minutes else 0 end,
    case when d.works then d.break_minutes else 0 end,
    case when d.works then d.start_time end,
    case when d.works then d.end_time end,
    case when d.holiday_name is not null then 'holiday'
         when not d.works then 'rest'
         when d.excused is not null then 'excused'
         else 'work' end,
    d.holiday_name,
    d.template_id,
    d.template_name
  from decided d
  order by d.day;
end;
$$;

comment on function private.expected_days(uuid, date, date) is
  'Expected day of an employee for each day of a range: the assignment in force that day (or the 480-minute weekday default), holidays (national, chain and unit) and excused days at 0 expected minutes. No authorization check: callers check first.';

revoke all on function private.expected_days(uuid, date, date) from public, anon;
grant execute on function private.expected_days(uuid, date, date) to authenticated, service_role;

create function public.expected_day(p_user_id uuid, p_day date)
returns table (
  day date, expected_minutes integer, scheduled_minutes integer, break_minutes integer, start_time time,
  end_time time, day_kind text, holiday_name text, template_id uuid, template_name text
)
language plpgsql stable security definer set search_path = '' as $$
begin
  if p_user_id is null or p_day is null then
    raise exception 'Informe o funcionário e o dia' using errcode = '22023';
  end if;
  if not private.can_view_employee_time(p_user_id) then
    raise exception 'Sem permissão para ver a jornada deste funcionário' using errcode = '42501';
  end if;
  return query select * from private.expected_days(p_user_id, p_day, p_day);
end;
$$;

comment on function public.expected_day(uuid, date) is
  'The expected day of an employee (minutes, break, times, kind: work, rest, holiday or excused) for the caller allowed to view that employee''s time records. The one source of expected minutes for every screen.';

revoke execute on function public.expected_day(uuid, date) from public, anon;
grant execute on function public.expected_day(uuid, date) to authenticated, service_role;

-- The landed function now follows the schedules (get_my_monthly_timesheet calls it per day).
create or replace function private.expected_minutes(p_user_id uuid, p_day date)
returns integer
language sql stable security definer set search_path = '' as $$
  select coalesce((select e.expected_minutes from private.expected_days(p_user_id, p_day, p_day) e), 0)
$$;

comment on function private.expected_minutes(uuid, date) is
  'Expected minutes of a user on a São Paulo calendar day, from private.expected_days (schedules, holidays, excused days).';

-- ===========================================================================
-- Row-level security: reads by scope, writes only through the RPCs below.

alter table public.work_schedule_templates enable row level security;
alter table public.work_schedule_template_days enable row level security;
alter table public.holidays enable row level security;
alter table public.unit_opening_hours enable row level security;

revoke all on table public.work_schedule_templates, public.work_schedule_template_days, public.holidays,
  public.unit_opening_hours, public.work_schedules from anon, authenticated;
grant select on table public.work_schedule_templates, public.work_schedule_template_days, public.holidays,
  public.unit_opening_hours, public.work_schedules to authenticated;
grant all on table public.work_schedule_templates, public.work_schedule_template_days, public.holidays,
  public.unit_opening_hours, public.work_schedules to service_role;

-- Templates, holidays and opening hours are not personal: every staff account reads them (the
-- employee's own schedule names its template; /meu-ponto shows holidays).
create policy work_schedule_templates_select on public.work_schedule_templates
  for select to authenticated using ((select private.has_access()));
create policy work_schedule_template_days_select on public.work_schedule_template_days
  for select to authenticated using ((select private.has_access()));
create policy holidays_select on public.holidays
  for select to authenticated using ((select private.has_access()));
create policy unit_opening_hours_select on public.unit_opening_hours
  for select to authenticated using ((select private.has_access()));

-- Assignments: one's own, the employees of one's units (PUNCH_VIEW_ALL / PUNCH_MANAGE), ADMIN all.
create policy work_schedules_select on public.work_schedules
  for select to authenticated
  using (user_id = (select auth.uid()) or private.can_view_employee_time(user_id));

-- ===========================================================================
-- RPCs

-- Templates are the chain's: ADMIN and PUNCH_MANAGE holders write them.
create function private.can_edit_schedule_templates()
returns boolean
language sql stable security definer set search_path = '' as $$
  select auth.uid() is not null and (private.is_admin() or private.has_permission('PUNCH_MANAGE'))
$$;

revoke all on function private.can_edit_schedule_templates() from public, anon;
grant execute on function private.can_edit_schedule_templates() to authenticated, service_role;

-- Creates (p_id null) or edits a template with all its days at once (nothing half-saved).
-- p_days: [{position, works, start_time 'HH:MM', end_time 'HH:MM', break_minutes}], one per position.
-- A template already worked in the past keeps its days (a past month must keep its schedule): only
-- its name and active flag change; a new template is made for new times.
create function public.save_work_schedule_template(
  p_id uuid, p_name text, p_kind text, p_cycle_days integer, p_days jsonb, p_active boolean default true
)
returns uuid
language plpgsql volatile security definer set search_path = '' as $$
declare
  v_id uuid := p_id;
  v_name text := btrim(coalesce(p_name, ''));
  v_cycle integer := case when p_kind = 'weekly' then 7 else p_cycle_days end;
  v_old public.work_schedule_templates;
  v_days_changed boolean;
  v_positions integer[];
  v_today date := (now() at time zone 'America/Sao_Paulo')::date;
begin
  if not private.can_edit_schedule_templates() then
    raise exception 'Sem permissão para editar modelos de escala' using errcode = '42501';
  end if;
  if v_name = '' then
    raise exception 'Informe o nome do modelo' using errcode = '22023';
  end if;
  if char_length(v_name) > 80 then
    raise exception 'O nome do modelo deve ter no máximo 80 caracteres' using errcode = '22023';
  end if;
  if p_kind is null or p_kind not in ('weekly', 'rotation') then
    raise exception 'Tipo de modelo inválido: escolha semanal ou revezamento' using errcode = '22023';
  end if;
  if v_cycle is null or v_cycle < 2 or v_cycle > 28 then
    raise exception 'O ciclo de um revezamento deve ter entre 2 e 28 dias' using errcode = '22023';
  end if;
  if p_days is null or jsonb_typeof(p_days) <> 'array' then
    raise exception 'Informe os dias do modelo' using errcode = '22023';
  end if;
  select array_agg((d ->> 'position')::integer order by (d ->> 'position')::integer) into v_positions
  from jsonb_array_elements(p_days) d;
  if v_positions is distinct from array(select generate_series(0, v_cycle - 1)) then
    raise exception 'Informe cada um dos % dias do ciclo uma vez', v_cycle using errcode = '22023';
  end if;
  if not exists (select 1 from jsonb_array_elements(p_days) d where coalesce((d ->> 'works')::boolean, false)) then
    raise exception 'O modelo precisa de ao menos um dia de trabalho' using errcode = '22023';
  end if;
  if exists (select 1 from public.work_schedule_templates t where lower(t.name) = lower(v_name) and t.id is distinct from p_id) then
    raise exception 'Já existe um modelo chamado %', v_name using errcode = '23505';
  end if;

  if p_id is null then
    insert into public.work_schedule_templates (name, kind, cycle_days, active)
    values (v_name, p_kind, v_cycle, coalesce(p_active, true))
    returning id into v_id;
  else
    select * into v_old from public.work_schedule_templates t where t.id = p_id for update;
    if not found then
      raise exception 'Modelo de escala não encontrado' using errcode = 'P0002';
    end if;
    select (v_old.kind <> p_kind or v_old.cycle_days <> v_cycle) or exists (
      select 1 from (
        select (d ->> 'position')::integer as position, coalesce((d ->> 'works')::boolean, false) as works,
          case when coalesce((d ->> 'works')::boolean, false) then (d ->> 'start_time')::time end as start_time,
          case when coalesce((d ->> 'works')::boolean, false) then (d ->> 'end_time')::time end as end_time,
          case when coalesce((d ->> 'works')::boolean, false) then coalesce((d ->> 'break_minutes')::integer, 0) else 0 end as break_minutes
        from jsonb_array_elements(p_days) d
        except
        select td.position, td.works, td.start_time, td.end_time, td.break_minutes
        from public.work_schedule_template_days td where td.template_id = p_id
      ) changed
    ) into v_days_changed;
    if v_days_changed and exists (select 1 from public.work_schedules ws where ws.template_id = p_id and ws.valid_from <= v_today) then
      raise exception 'Este modelo já está em uso em escalas iniciadas: os horários de meses passados não mudam. Crie um novo modelo com os novos horários'
        using errcode = 'P0001';
    end if;
    update public.work_schedule_templates
    set name = v_name, kind = p_kind, cycle_days = v_cycle, active = coalesce(p_active, true)
    where id = p_id;
    if v_days_changed then
      delete from public.work_schedule_template_days where template_id = p_id;
    end if;
    if not v_days_changed then
      return v_id;
    end if;
  end if;

  insert into public.work_schedule_template_days (template_id, position, works, start_time, end_time, break_minutes)
  select v_id, (d ->> 'position')::integer, coalesce((d ->> 'works')::boolean, false),
    nullif(d ->> 'start_time', '')::time, nullif(d ->> 'end_time', '')::time, coalesce((d ->> 'break_minutes')::integer, 0)
  from jsonb_array_elements(p_days) d;
  return v_id;
exception
  when invalid_datetime_format or datetime_field_overflow or invalid_text_representation then
    raise exception 'Horário inválido: use HH:MM' using errcode = '22023';
end;
$$;

comment on function public.save_work_schedule_template(uuid, text, text, integer, jsonb, boolean) is
  'ADMIN or PUNCH_MANAGE: creates or edits a template and all its days in one go; a template worked in the past keeps its times.';

revoke execute on function public.save_work_schedule_template(uuid, text, text, integer, jsonb, boolean) from public, anon;
grant execute on function public.save_work_schedule_template(uuid, text, text, integer, jsonb, boolean) to authenticated, service_role;

-- Deletes a template nobody was ever assigned (otherwise: deactivate it).
create function public.delete_work_schedule_template(p_id uuid)
returns void
language plpgsql volatile security definer set search_path = '' as $$
begin
  if not private.can_edit_schedule_templates() then
    raise exception 'Sem permissão para editar modelos de escala' using errcode = '42501';
  end if;
  if exists (select 1 from public.work_schedules ws where ws.template_id = p_id) then
    raise exception 'Este modelo já foi atribuído a funcionários: desative-o em vez de excluir' using errcode = 'P0001';
  end if;
  delete from public.work_schedule_templates where id = p_id;
  if not found then
    raise exception 'Modelo de escala não encontrado' using errcode = 'P0002';
  end if;
end;
$$;

comment on function public.delete_work_schedule_template(uuid) is 'ADMIN or PUNCH_MANAGE: deletes a template that was never assigned.';

revoke execute on function public.delete_work_schedule_template(uuid) from public, anon;
grant execute on function public.delete_work_schedule_template(uuid) to authenticated, service_role;

-- The unit an assignment is worked in must be one of the employee's and one the caller manages.
create function private.assignment_unit(p_user_id uuid, p_unit_id uuid)
returns uuid
language plpgsql stable security definer set search_path = '' as $$
declare
  v_unit uuid := coalesce(p_unit_id, (select pr.unit_id from public.profiles pr where pr.id = p_user_id));
begin
  if v_unit is null then
    return null;
  end if;
  if v_unit not in (select private.user_unit_ids(p_user_id)) then
    raise exception 'A unidade escolhida não é uma unidade do funcionário' using errcode = '22023';
  end if;
  if not private.can_manage_unit_time(v_unit) then
    raise exception 'Sem permissão para definir escalas nesta unidade' using errcode = '42501';
  end if;
  return v_unit;
end;
$$;

revoke all on function private.assignment_unit(uuid, uuid) from public, anon;
grant execute on function private.assignment_unit(uuid, uuid) to authenticated, service_role;

-- Assigns a template to an employee from a date, open-ended: the assignment in force then ends the
-- day before. An assignment starting on or after that date must be deleted first (the history is
-- extended at its end, never rewritten in the middle).
create function public.assign_work_schedule(
  p_user_id uuid, p_template_id uuid, p_valid_from date, p_cycle_start date default null, p_unit_id uuid default null
)
returns uuid
language plpgsql volatile security definer set search_path = '' as $$
declare
  v_template public.work_schedule_templates;
  v_unit uuid;
  v_later date;
  v_id uuid;
begin
  if not private.can_manage_employee_time(p_user_id) then
    raise exception 'Sem permissão para definir a escala deste funcionário' using errcode = '42501';
  end if;
  if p_valid_from is null then
    raise exception 'Informe a data de início da escala' using errcode = '22023';
  end if;
  if p_valid_from < date '2000-01-01' or p_valid_from > (now() at time zone 'America/Sao_Paulo')::date + 730 then
    raise exception 'Data de início inválida: escolha uma data entre 2000 e os próximos dois anos' using errcode = '22023';
  end if;
  select * into v_template from public.work_schedule_templates t where t.id = p_template_id;
  if not found then
    raise exception 'Modelo de escala não encontrado' using errcode = '22023';
  end if;
  if not v_template.active then
    raise exception 'O modelo "%" está inativo: ative-o ou escolha outro', v_template.name using errcode = '22023';
  end if;
  if p_cycle_start is not null and p_cycle_start > p_valid_from and v_template.kind = 'rotation' then
    raise exception 'O início do ciclo não pode ser depois do início da escala' using errcode = '22023';
  end if;
  v_unit := private.assignment_unit(p_user_id, p_unit_id);

  perform pg_advisory_xact_lock(hashtextextended('work_schedules:' || p_user_id::text, 0));
  select min(ws.valid_from) into v_later from public.work_schedules ws
  where ws.user_id = p_user_id and ws.valid_from >= p_valid_from;
  if v_later is not null then
    raise exception 'O funcionário já tem uma escala a partir de %: exclua-a antes de atribuir outra', to_char(v_later, 'DD/MM/YYYY')
      using errcode = '23P01';
  end if;
  update public.work_schedules ws set valid_to = p_valid_from - 1
  where ws.user_id = p_user_id and ws.valid_from < p_valid_from and (ws.valid_to is null or ws.valid_to >= p_valid_from);

  insert into public.work_schedules (user_id, template_id, valid_from, cycle_start, unit_id)
  values (p_user_id, p_template_id, p_valid_from,
    case when v_template.kind = 'rotation' then coalesce(p_cycle_start, p_valid_from) else p_valid_from end, v_unit)
  returning id into v_id;
  return v_id;
end;
$$;

comment on function public.assign_work_schedule(uuid, uuid, date, date, uuid) is
  'ADMIN, or PUNCH_MANAGE for an employee of its units: the template is in force from p_valid_from; the previous assignment ends the day before. Refuses dates before a later assignment.';

revoke execute on function public.assign_work_schedule(uuid, uuid, date, date, uuid) from public, anon;
grant execute on function public.assign_work_schedule(uuid, uuid, date, date, uuid) to authenticated, service_role;

-- Ends an assignment on a date (p_valid_to), or reopens it (null) when nothing follows it.
create function public.end_work_schedule(p_id uuid, p_valid_to date)
returns void
language plpgsql volatile security definer set search_path = '' as $$
declare
  v_row public.work_schedules;
begin
  select * into v_row from public.work_schedules ws where ws.id = p_id;
  if not found or not private.can_manage_employee_time(v_row.user_id) then
    raise exception 'Escala não encontrada ou sem permissão para alterá-la' using errcode = '42501';
  end if;
  update public.work_schedules set valid_to = p_valid_to where id = p_id;
end;
$$;

comment on function public.end_work_schedule(uuid, date) is
  'ADMIN, or PUNCH_MANAGE for an employee of its units: sets the last day of an assignment (the trigger refuses an end before its start or an overlap).';

revoke execute on function public.end_work_schedule(uuid, date) from public, anon;
grant execute on function public.end_work_schedule(uuid, date) to authenticated, service_role;

-- Deletes an assignment that has not started yet; the one it cut short is reopened.
create function public.delete_work_schedule(p_id uuid)
returns void
language plpgsql volatile security definer set search_path = '' as $$
declare
  v_row public.work_schedules;
begin
  select * into v_row from public.work_schedules ws where ws.id = p_id;
  if not found or not private.can_manage_employee_time(v_row.user_id) then
    raise exception 'Escala não encontrada ou sem permissão para alterá-la' using errcode = '42501';
  end if;
  if v_row.valid_from <= (now() at time zone 'America/Sao_Paulo')::date then
    raise exception 'Só é possível excluir uma escala que ainda não começou: encerre-a em uma data' using errcode = 'P0001';
  end if;
  delete from public.work_schedules where id = p_id;
  update public.work_schedules ws set valid_to = null
  where ws.user_id = v_row.user_id and ws.valid_to = v_row.valid_from - 1
    and not exists (select 1 from public.work_schedules later where later.user_id = v_row.user_id and later.valid_from > ws.valid_from);
end;
$$;

comment on function public.delete_work_schedule(uuid) is
  'ADMIN, or PUNCH_MANAGE for an employee of its units: deletes a future assignment and reopens the one it had ended.';

revoke execute on function public.delete_work_schedule(uuid) from public, anon;
grant execute on function public.delete_work_schedule(uuid) to authenticated, service_role;

-- Holidays: of a unit (its managers) or of the whole chain (ADMIN only).
create function public.save_holiday(p_day date, p_name text, p_scope text, p_unit_id uuid)
returns uuid
language plpgsql volatile security definer set search_path = '' as $$
declare
  v_name text := btrim(coalesce(p_name, ''));
  v_national text;
  v_id uuid;
begin
  if p_unit_id is null and not private.is_admin() then
    raise exception 'Apenas administradores cadastram feriados de todas as unidades' using errcode = '42501';
  end if;
  if p_unit_id is not null and not private.can_manage_unit_time(p_unit_id) then
    raise exception 'Sem permissão para cadastrar feriados nesta unidade' using errcode = '42501';
  end if;
  if p_day is null then
    raise exception 'Informe o dia do feriado' using errcode = '22023';
  end if;
  if v_name = '' then
    raise exception 'Informe o nome do feriado' using errcode = '22023';
  end if;
  if char_length(v_name) > 80 then
    raise exception 'O nome do feriado deve ter no máximo 80 caracteres' using errcode = '22023';
  end if;
  if p_scope is null or p_scope not in ('estadual', 'municipal') then
    raise exception 'Abrangência inválida: escolha estadual ou municipal' using errcode = '22023';
  end if;
  select h.name into v_national from private.national_holidays(extract(year from p_day)::integer) h where h.day = p_day;
  if v_national is not null then
    raise exception '% já é feriado nacional (%)', to_char(p_day, 'DD/MM/YYYY'), v_national using errcode = '23505';
  end if;
  if exists (select 1 from public.holidays h where h.day = p_day and h.unit_id is not distinct from p_unit_id) then
    raise exception 'Já existe um feriado em % para %', to_char(p_day, 'DD/MM/YYYY'),
      case when p_unit_id is null then 'todas as unidades' else 'esta unidade' end using errcode = '23505';
  end if;
  insert into public.holidays (day, name, scope, unit_id) values (p_day, v_name, p_scope, p_unit_id) returning id into v_id;
  return v_id;
end;
$$;

comment on function public.save_holiday(date, text, text, uuid) is
  'Adds a state or municipal holiday: of a unit (ADMIN or its PUNCH_MANAGE holders) or of every unit (ADMIN only).';

revoke execute on function public.save_holiday(date, text, text, uuid) from public, anon;
grant execute on function public.save_holiday(date, text, text, uuid) to authenticated, service_role;

create function public.delete_holiday(p_id uuid)
returns void
language plpgsql volatile security definer set search_path = '' as $$
declare
  v_row public.holidays;
begin
  select * into v_row from public.holidays h where h.id = p_id;
  if not found or (v_row.unit_id is null and not private.is_admin())
     or (v_row.unit_id is not null and not private.can_manage_unit_time(v_row.unit_id)) then
    raise exception 'Feriado não encontrado ou sem permissão para excluí-lo' using errcode = '42501';
  end if;
  delete from public.holidays where id = p_id;
end;
$$;

comment on function public.delete_holiday(uuid) is 'Removes a holiday: a unit''s by its managers, a chain-wide one by ADMIN.';

revoke execute on function public.delete_holiday(uuid) from public, anon;
grant execute on function public.delete_holiday(uuid) to authenticated, service_role;

-- Replaces a unit's week of opening hours at once. p_hours: [{weekday 1..7, opens 'HH:MM', closes 'HH:MM'}];
-- a weekday left out is closed.
create function public.set_unit_opening_hours(p_unit_id uuid, p_hours jsonb)
returns void
language plpgsql volatile security definer set search_path = '' as $$
begin
  if not private.can_manage_unit_time(p_unit_id) then
    raise exception 'Sem permissão para alterar o horário de funcionamento desta unidade' using errcode = '42501';
  end if;
  if p_hours is null or jsonb_typeof(p_hours) <> 'array' then
    raise exception 'Informe os horários de funcionamento' using errcode = '22023';
  end if;
  if exists (select 1 from jsonb_array_elements(p_hours) h
             where coalesce((h ->> 'weekday')::integer, 0) not between 1 and 7) then
    raise exception 'Dia da semana inválido' using errcode = '22023';
  end if;
  if (select count(*) from jsonb_array_elements(p_hours)) <> (select count(distinct h ->> 'weekday') from jsonb_array_elements(p_hours) h) then
    raise exception 'Informe cada dia da semana uma vez' using errcode = '22023';
  end if;
  if exists (select 1 from jsonb_array_elements(p_hours) h
             where nullif(h ->> 'opens', '') is null or nullif(h ->> 'closes', '') is null) then
    raise exception 'Informe a abertura e o fechamento de cada dia aberto' using errcode = '22023';
  end if;
  if exists (select 1 from jsonb_array_elements(p_hours) h where (h ->> 'opens')::time = (h ->> 'closes')::time) then
    raise exception 'A abertura e o fechamento de um dia não podem ser iguais' using errcode = '22023';
  end if;
  delete from public.unit_opening_hours where unit_id = p_unit_id;
  insert into public.unit_opening_hours (unit_id, weekday, opens, closes)
  select p_unit_id, (h ->> 'weekday')::integer, (h ->> 'opens')::time, (h ->> 'closes')::time
  from jsonb_array_elements(p_hours) h;
exception
  when invalid_datetime_format or datetime_field_overflow or invalid_text_representation then
    raise exception 'Horário inválido: use HH:MM' using errcode = '22023';
end;
$$;

comment on function public.set_unit_opening_hours(uuid, jsonb) is
  'ADMIN or the unit''s PUNCH_MANAGE holders: replaces the unit''s week of opening hours (a weekday left out is closed).';

revoke execute on function public.set_unit_opening_hours(uuid, jsonb) from public, anon;
grant execute on function public.set_unit_opening_hours(uuid, jsonb) to authenticated, service_role;

-- ===========================================================================
-- The check before an assignment is saved: warnings, never refusals (a manager may have reasons the
-- database does not know, e.g. a collective agreement). Computed over the first 28 days of the new
-- assignment, each warning naming its rule:
--   * descanso_entre_jornadas: less than 11 h between the end of a workday and the start of the next
--     (CLT art. 66), the last day of the schedule in force before it included;
--   * hora_extra: a planned day of more than 10 h of work, i.e. more than 2 h over the 8-hour
--     contractual day (CLT art. 58 and 59);
--   * descanso_semanal: three Sundays in a row worked, in commerce the weekly rest must fall on a
--     Sunday at least once every 3 weeks (Lei 10.101/2000, art. 6º, parágrafo único);
--   * intervalo: a day of more than 6 h of work with a break under 1 h or over 2 h (CLT art. 71);
--   * farmaceutico: a time the unit is open with no pharmacist (role FARMACEUTICO) scheduled there
--     (Lei 13.021/2014, art. 6º, I), counting this assignment and the unit's other ones; a break's
--     position in the day is not planned, so breaks do not count as gaps.
-- A warning repeated by the cycle (same numbers, or the same uncovered hours) is reported once, on its first day.
create function public.check_work_schedule_assignment(
  p_user_id uuid, p_template_id uuid, p_valid_from date, p_cycle_start date default null, p_unit_id uuid default null
)
returns jsonb
language plpgsql stable security definer set search_path = '' as $$
#variable_conflict use_column
declare
  v_template public.work_schedule_templates;
  v_unit uuid;
  v_to date := p_valid_from + 27;
  v_cycle_start date;
  v_warnings jsonb;
begin
  if not private.can_manage_employee_time(p_user_id) then
    raise exception 'Sem permissão para definir a escala deste funcionário' using errcode = '42501';
  end if;
  if p_valid_from is null then
    raise exception 'Informe a data de início da escala' using errcode = '22023';
  end if;
  select * into v_template from public.work_schedule_templates t where t.id = p_template_id;
  if not found then
    raise exception 'Modelo de escala não encontrado' using errcode = '22023';
  end if;
  v_unit := private.assignment_unit(p_user_id, p_unit_id);
  v_cycle_start := case when v_template.kind = 'rotation' then coalesce(p_cycle_start, p_valid_from) else p_valid_from end;

  with plan as (
    select d::date as day, td.position, td.start_time, td.end_time, td.break_minutes,
      private.shift_minutes(td.start_time, td.end_time) as span
    from generate_series(p_valid_from, v_to, interval '1 day') d
    join public.work_schedule_template_days td
      on td.template_id = p_template_id and td.works
     and td.position = case when v_template.kind = 'weekly' then extract(isodow from d)::integer - 1
                            else (((d::date - v_cycle_start) % v_template.cycle_days) + v_template.cycle_days) % v_template.cycle_days end
  ),
  shifts as (
    select p.day, p.position, p.day + p.start_time as s, p.day + p.start_time + make_interval(mins => p.span) as e,
      p.span - p.break_minutes as work, p.break_minutes
    from plan p
    union all
    -- The last day of the schedule in force before: its end counts for the first rest.
    select e.day, null, e.day + e.start_time, e.day + e.start_time + make_interval(mins => e.scheduled_minutes + e.break_minutes),
      e.scheduled_minutes, e.break_minutes
    from private.expected_days(p_user_id, p_valid_from - 1, p_valid_from - 1) e
    where e.start_time is not null
  ),
  rests as (
    select s.day, s.position, s.s, lag(s.e) over (order by s.s) as previous_end from shifts s
  ),
  rest_warnings as (
    select distinct on ((extract(epoch from r.s - r.previous_end) / 60)::integer) r.day, 'descanso_entre_jornadas' as rule,
      'Descanso entre jornadas (CLT art. 66)' as title,
      'Só ' || private.format_minutes((extract(epoch from r.s - r.previous_end) / 60)::integer) || ' de descanso antes da jornada de '
        || to_char(r.day, 'DD/MM/YYYY') || ': o mínimo entre duas jornadas é 11h00' as message
    from rests r
    where r.position is not null and r.previous_end is not null and r.s - r.previous_end < interval '11 hours'
    order by (extract(epoch from r.s - r.previous_end) / 60)::integer, r.day
  ),
  overtime_warnings as (
    select distinct on (s.work) s.day, 'hora_extra' as rule, 'Horas extras planejadas (CLT art. 59)' as title,
      'Jornada de ' || private.format_minutes(s.work) || ' em ' || to_char(s.day, 'DD/MM/YYYY')
        || ': mais de 2 horas além das 8 horas contratuais' as message
    from shifts s
    where s.position is not null and s.work > 600
    order by s.work, s.day
  ),
  break_warnings as (
    select distinct on (s.break_minutes, s.work) s.day, 'intervalo' as rule, 'Intervalo para refeição (CLT art. 71)' as title,
      'Intervalo de ' || private.format_minutes(s.break_minutes) || ' na jornada de ' || private.format_minutes(s.work) || ' em '
        || to_char(s.day, 'DD/MM/YYYY') || ': em jornadas de mais de 6 horas o intervalo deve ficar entre 1 e 2 horas' as message
    from shifts s
    where s.position is not null and s.work > 360 and (s.break_minutes < 60 or s.break_minutes > 120)
    order by s.break_minutes, s.work, s.day
  ),
  sundays as (
    select d::date as day, exists (select 1 from plan p where p.day = d::date) as worked
    from generate_series(p_valid_from, v_to, interval '1 day') d
    where extract(isodow from d) = 7
  ),
  sunday_runs as (
    select s.day, count(*) filter (where s.worked) over (order by s.day rows between 2 preceding and current row) as worked_in_three
    from sundays s
  ),
  sunday_warnings as (
    select r.day, 'descanso_semanal' as rule, 'Repouso semanal no domingo (Lei 10.101/2000, art. 6º)' as title,
      'Três domingos seguidos de trabalho, até ' || to_char(r.day, 'DD/MM/YYYY')
        || ': no comércio o repouso semanal deve cair em um domingo ao menos uma vez a cada 3 semanas' as message
    from sunday_runs r
    where r.worked_in_three = 3
    order by r.day
    limit 1
  ),
  opening as (
    select d::date as day,
      tsrange(d::date + o.opens, d::date + o.opens + make_interval(mins => private.shift_minutes(o.opens, o.closes))) as open_range
    from generate_series(p_valid_from, v_to, interval '1 day') d
    join public.unit_opening_hours o on o.unit_id = v_unit and o.weekday = extract(isodow from d)::integer
  ),
  pharmacists as (
    select ur.user_id from public.user_roles ur join public.custom_roles cr on cr.id = ur.role_id
    where cr.name = 'FARMACEUTICO' and ur.user_id <> p_user_id and private.account_active(ur.user_id)
  ),
  coverage as (
    -- This employee, from the new assignment on, if a pharmacist.
    select tsrange(s.s, s.e) as r from shifts s
    where s.position is not null
      and exists (select 1 from public.user_roles ur join public.custom_roles cr on cr.id = ur.role_id
                  where ur.user_id = p_user_id and cr.name = 'FARMACEUTICO')
    union all
    -- The unit's other pharmacists, with the assignment in force each day worked at this unit.
    select tsrange(e.day + e.start_time, e.day + e.start_time + make_interval(mins => e.scheduled_minutes + e.break_minutes))
    from pharmacists ph
    cross join lateral private.expected_days(ph.user_id, p_valid_from - 1, v_to) e
    where e.start_time is not null
      and v_unit = coalesce(
        (select coalesce(ws.unit_id, pr.unit_id) from public.work_schedules ws
          join public.profiles pr on pr.id = ws.user_id
          where ws.user_id = ph.user_id and ws.valid_from <= e.day and (ws.valid_to is null or ws.valid_to >= e.day)),
        (select pr.unit_id from public.profiles pr where pr.id = ph.user_id))
  ),
  covered as (
    select coalesce(range_agg(c.r), '{}'::tsmultirange) as m from coverage c
  ),
  gaps as (
    select o.day, g.gap
    from opening o
    cross join covered c
    cross join lateral unnest(tsmultirange(o.open_range) - c.m) g(gap)
  ),
  pharmacist_warnings as (
    select min(g.day) as day, 'farmaceutico' as rule,
      'Farmacêutico durante o funcionamento (Lei 13.021/2014, art. 6º)' as title,
      (select su.name from public.store_units su where su.id = v_unit) || ' sem farmacêutico escalado das '
        || to_char(lower(g.gap), 'HH24:MI') || ' às ' || to_char(upper(g.gap), 'HH24:MI')
        || case when count(*) = 1 then ' em ' || to_char(min(g.day), 'DD/MM/YYYY')
                else ' em ' || count(*) || ' dias a partir de ' || to_char(min(g.day), 'DD/MM/YYYY') end as message
    from gaps g
    group by lower(g.gap)::time, upper(g.gap)::time, to_char(lower(g.gap), 'HH24:MI'), to_char(upper(g.gap), 'HH24:MI')
  ),
  everything as (
    select * from rest_warnings
    union all select * from overtime_warnings
    union all select * from break_warnings
    union all select * from sunday_warnings
    union all select * from pharmacist_warnings
  )
  select coalesce(jsonb_agg(jsonb_build_object('rule', w.rule, 'title', w.title, 'message', w.message, 'day', w.day)
                            order by w.day, w.rule, w.message), '[]'::jsonb)
  into v_warnings
  from everything w;

  return jsonb_build_object('warnings', v_warnings);
end;
$$;

comment on function public.check_work_schedule_assignment(uuid, uuid, date, date, uuid) is
  'Warnings (never refusals) about an assignment before it is saved, over its first 28 days: 11 h rest, planned overtime, Sunday rest, break length, unit opening hours without a pharmacist. {warnings: [{rule, title, message, day}]}.';

revoke execute on function public.check_work_schedule_assignment(uuid, uuid, date, date, uuid) from public, anon;
grant execute on function public.check_work_schedule_assignment(uuid, uuid, date, date, uuid) to authenticated, service_role;
