-- Ponto Digital, managers' side (issue 26, items 3 and 4): the detailed marks report, the espelho de ponto as
-- it is printed, and the data of the legal files (AFD and AEJ, Portaria 671).
--
-- Nothing new is stored: every answer reads pontos, ponto_ajustes and the treated days (private.treated_days,
-- the one computation of every screen). The browser builds the files (src/features/time-clock/reports/afd.ts,
-- aej.ts) from what these functions answer; docs/time-clock-legal-files.md gives the layouts.
--
-- Access (item 6):
--   * get_time_marks_report is a report: ADMIN, PUNCH_VIEW_ALL or PUNCH_MANAGE, within the units the caller may
--     view (private.can_view_unit_time). A PUNCH_VIEW_OWN user gets nothing, not even their own marks (they have
--     /meu-ponto for that).
--   * get_espelho_print is the employee's espelho: whoever may view the employee's time (the person included);
--     the CPF is whole only for who may read it (private.can_read_employee_cpf), masked otherwise.
--   * get_afd_data and get_aej_data carry whole CPFs: ADMIN or PUNCH_MANAGE of the unit
--     (private.can_manage_unit_time) only; ANALISTA (PUNCH_VIEW_ALL alone) is refused.
-- Bad input gets a Portuguese message and no partial answer (22023): an empty or inverted period, a period of 12
-- months or more, more than 20,000 marks in the report, a unit without CNPJ or razão social, employees without CPF
-- (named) in a file.

-- ===========================================================================
-- Shared checks

-- The period of every file and report is checked by private.check_report_period, and the right to read reports
-- by private.require_report_rights and private.report_unit_ids (20261128100000_time_clock_reports.sql): one rule each.

-- The unit whose employer data the legal files print, checked: the caller manages its time, and it has a CNPJ and a
-- razão social (the AFD's header and the AEJ's record 01 cannot be written without them).
create function private.legal_file_unit(p_unit_id uuid, p_from date, p_to date)
returns public.store_units
language plpgsql stable security definer set search_path = '' as $$
declare
  v_unit public.store_units;
begin
  if auth.uid() is null then
    raise exception 'Usuário não autenticado' using errcode = '42501';
  end if;
  select * into v_unit from public.store_units su where su.id = p_unit_id;
  if not found or not private.can_manage_unit_time(p_unit_id) then
    -- A unit the caller cannot manage and one that does not exist answer alike: nothing is learned by trying ids.
    raise exception 'Você não tem permissão para gerar os arquivos legais desta unidade' using errcode = '42501';
  end if;
  perform private.check_report_period(p_from, p_to);
  if v_unit.cnpj is null or v_unit.legal_name is null or btrim(v_unit.legal_name) = '' then
    raise exception 'Cadastre o CNPJ e a razão social da unidade % antes de gerar o arquivo', v_unit.name using errcode = '22023';
  end if;
  return v_unit;
end;
$$;

revoke all on function private.legal_file_unit(uuid, date, date) from public, anon, authenticated;
grant execute on function private.legal_file_unit(uuid, date, date) to service_role;

-- Refuses a file when any of the people it must list has no CPF, naming them all (by name) so the manager can fix
-- them in one pass on /usuarios.
create function private.require_cpfs(p_user_ids uuid[])
returns void
language plpgsql stable security definer set search_path = '' as $$
declare
  v_missing text;
begin
  select string_agg(coalesce(nullif(btrim(pr.full_name), ''), 'Funcionário sem nome'), ', ' order by pr.full_name)
  into v_missing
  from unnest(p_user_ids) u(id)
  join public.profiles pr on pr.id = u.id
  left join public.employee_records er on er.user_id = u.id
  where er.cpf is null;
  if v_missing is not null then
    raise exception 'Sem CPF cadastrado: %. Cadastre o CPF em Usuários antes de gerar o arquivo', v_missing using errcode = '22023';
  end if;
end;
$$;

revoke all on function private.require_cpfs(uuid[]) from public, anon, authenticated;
grant execute on function private.require_cpfs(uuid[]) to service_role;

-- The unit's identity as both files print it.
create function private.legal_unit_json(p_unit public.store_units)
returns jsonb
language sql immutable set search_path = '' as $$
  select jsonb_build_object('unit_id', p_unit.id, 'unit_name', p_unit.name, 'legal_name', btrim(p_unit.legal_name),
    'cnpj', p_unit.cnpj, 'address', nullif(btrim(p_unit.address), ''))
$$;

revoke all on function private.legal_unit_json(public.store_units) from public, anon, authenticated;
grant execute on function private.legal_unit_json(public.store_units) to service_role;

-- The AFD reads a unit's punches by their instant; this keeps a unit's month a range scan.
create index pontos_unit_punched_at_idx on public.pontos (unit_id, punched_at);

-- ===========================================================================
-- get_afd_data: the AFD's content (records 1, 2, 5 and 7 of the REP-P layout).

create function public.get_afd_data(p_unit_id uuid, p_from date, p_to date)
returns jsonb
language plpgsql stable security definer set search_path = '' as $$
declare
  v_unit public.store_units := private.legal_file_unit(p_unit_id, p_from, p_to);
  v_people uuid[];
begin
  -- Punches by São Paulo day of the instant they were recorded (the AFD is raw: no journeys, no treatment).
  select coalesce(array_agg(distinct p.funcionario_id), '{}') into v_people
  from public.pontos p
  where p.unit_id = p_unit_id
    and p.punched_at >= (p_from::timestamp at time zone 'America/Sao_Paulo')
    and p.punched_at < ((p_to + 1)::timestamp at time zone 'America/Sao_Paulo');
  perform private.require_cpfs(v_people);

  return jsonb_build_object(
    'unit', private.legal_unit_json(v_unit),
    'from', p_from,
    'to', p_to,
    'generated_at', now(),
    'responsible_cpf', (select er.cpf from public.employee_records er where er.user_id = auth.uid()),
    'employees', coalesce((
      select jsonb_agg(jsonb_build_object('user_id', pr.id, 'full_name', coalesce(pr.full_name, ''), 'cpf', er.cpf,
          'recorded_at', er.updated_at) order by pr.full_name, pr.id)
      from public.profiles pr join public.employee_records er on er.user_id = pr.id
      where pr.id = any (v_people)), '[]'::jsonb),
    'punches', coalesce((
      select jsonb_agg(jsonb_build_object('nsr', p.nsr, 'user_id', p.funcionario_id, 'cpf', er.cpf, 'punched_at', p.punched_at) order by p.nsr)
      from public.pontos p join public.employee_records er on er.user_id = p.funcionario_id
      where p.unit_id = p_unit_id
        and p.punched_at >= (p_from::timestamp at time zone 'America/Sao_Paulo')
        and p.punched_at < ((p_to + 1)::timestamp at time zone 'America/Sao_Paulo')), '[]'::jsonb));
end;
$$;

comment on function public.get_afd_data(uuid, date, date) is
  'A unit''s punches of a period in NSR order with the employer''s CNPJ and razão social and each worker''s CPF, for the AFD (ADMIN or PUNCH_MANAGE of the unit).';

revoke all on function public.get_afd_data(uuid, date, date) from public, anon;
grant execute on function public.get_afd_data(uuid, date, date) to authenticated, service_role;

-- ===========================================================================
-- get_aej_data: the AEJ's content (the treated journeys: marks O/D/I with motives, absences, bank movements).

create function public.get_aej_data(p_unit_id uuid, p_from date, p_to date)
returns jsonb
language plpgsql stable security definer set search_path = '' as $$
declare
  v_unit public.store_units := private.legal_file_unit(p_unit_id, p_from, p_to);
  v_people uuid[];
  v_employees jsonb;
begin
  -- The unit's employees who joined the time clock before the period ends, with their treated days: a day goes
  -- into the file when it has a mark, is an absence or moves the hour bank; an employee, when one of their days
  -- or one settlement does.
  with people as (
    select e.id from private.unit_employees(p_unit_id) e(id)
    where private.time_record_start(e.id) <= p_to
  ),
  days as (
    select pe.id as user_id, d.*
    from people pe cross join lateral private.treated_days(pe.id, p_from, p_to) d
    where not d.future
      and (jsonb_array_length(d.marks) > 0 or 'falta' = any (d.flags) or d.balance_minutes <> 0)
  ),
  settlements as (
    select a.funcionario_id as user_id, a.work_date, a.kind, a.minutes
    from public.ponto_ajustes a
    where a.funcionario_id in (select id from people) and a.kind in ('compensacao', 'pagamento')
      and a.work_date between p_from and p_to
      and not exists (select 1 from public.ponto_ajustes r where r.kind = 'revogacao' and r.revoga_id = a.id)
  ),
  listed as (
    select user_id from days union select user_id from settlements
  )
  select coalesce(array_agg(l.user_id), '{}'),
    coalesce(jsonb_agg(jsonb_build_object(
      'user_id', pr.id,
      'full_name', coalesce(pr.full_name, ''),
      'cpf', er.cpf,
      'days', coalesce((
        select jsonb_agg(jsonb_build_object(
            'date', d.day, 'day_kind', d.day_kind, 'start_time', d.start_time, 'end_time', d.end_time,
            'expected_minutes', d.expected_minutes, 'break_minutes', d.break_minutes, 'balance_minutes', d.balance_minutes,
            'future', d.future, 'absence', 'falta' = any (d.flags),
            'marks', coalesce((
              select jsonb_agg(jsonb_build_object('at', m ->> 'at', 'source', m ->> 'source', 'nsr', (m ->> 'nsr')::bigint,
                  'motivo', (select a.motivo from public.ponto_ajustes a where a.id = (m ->> 'ajuste_id')::uuid))
                order by (m ->> 'at')::timestamptz, m ->> 'source')
              from jsonb_array_elements(d.marks) m), '[]'::jsonb))
          order by d.day)
        from days d where d.user_id = pr.id), '[]'::jsonb),
      'settlements', coalesce((
        select jsonb_agg(jsonb_build_object('date', s.work_date, 'kind', s.kind, 'minutes', s.minutes) order by s.work_date, s.kind)
        from settlements s where s.user_id = pr.id), '[]'::jsonb))
      order by pr.full_name, pr.id) filter (where pr.id is not null), '[]'::jsonb)
  into v_people, v_employees
  from listed l
  join public.profiles pr on pr.id = l.user_id
  left join public.employee_records er on er.user_id = l.user_id;

  perform private.require_cpfs(v_people);

  return jsonb_build_object(
    'unit', private.legal_unit_json(v_unit),
    'from', p_from,
    'to', p_to,
    'generated_at', now(),
    'employees', v_employees);
end;
$$;

comment on function public.get_aej_data(uuid, date, date) is
  'A unit''s treated journeys of a period (marks O/D/I with motives, absences, hour-bank movements) with CNPJ and CPFs, for the AEJ (ADMIN or PUNCH_MANAGE of the unit).';

revoke all on function public.get_aej_data(uuid, date, date) from public, anon;
grant execute on function public.get_aej_data(uuid, date, date) to authenticated, service_role;

-- ===========================================================================
-- get_time_marks_report: every mark of the period, with its origin and evidence.

create function public.get_time_marks_report(p_from date, p_to date, p_unit_id uuid default null, p_user_id uuid default null)
returns jsonb
language plpgsql stable security definer set search_path = '' as $$
declare
  v_units uuid[];
  v_all boolean;
  v_people uuid[];
  v_count bigint;
begin
  perform private.require_report_rights();
  perform private.check_report_period(p_from, p_to);
  v_units := private.report_unit_ids(p_unit_id);
  if p_user_id is not null and not private.can_view_employee_time(p_user_id) then
    raise exception 'Você não tem permissão para ver o ponto deste funcionário' using errcode = '42501';
  end if;
  -- ADMIN without a unit filter sees everyone, those without a unit too.
  v_all := p_unit_id is null and private.is_admin();

  -- Employees of the units in scope (ADMIN without a unit filter: everyone, those without a unit too).
  select coalesce(array_agg(pr.id), '{}') into v_people
  from public.profiles pr
  where (p_user_id is null or pr.id = p_user_id)
    and (v_all or pr.unit_id = any (v_units)
         or exists (select 1 from public.user_units uu where uu.user_id = pr.id and uu.unit_id = any (v_units)));

  -- Counted before anything is built: a period too large is refused whole, never cut.
  select (select count(*) from public.pontos p where p.funcionario_id = any (v_people) and p.work_date between p_from and p_to)
       + (select count(*) from public.ponto_ajustes a
          where a.funcionario_id = any (v_people) and a.kind = 'inclusao' and a.work_date between p_from and p_to)
  into v_count;
  if v_count > 20000 then
    raise exception 'O período tem mais de 20.000 marcações; escolha uma unidade, um funcionário ou um período menor' using errcode = '22023';
  end if;

  return jsonb_build_object(
    'from', p_from,
    'to', p_to,
    'marks', coalesce((
      with people as (
        -- Each employee once, under the profile's current unit when the caller sees it, else the first of theirs by name.
        select pr.id as user_id, coalesce(pr.full_name, '') as full_name,
          coalesce(case when pr.unit_id = any (v_units) then pr.unit_id end,
            (select uu.unit_id from public.user_units uu join public.store_units su on su.id = uu.unit_id
             where uu.user_id = pr.id and uu.unit_id = any (v_units) order by su.name, su.id limit 1),
            case when v_all then pr.unit_id end) as unit_id
        from public.profiles pr where pr.id = any (v_people)
      ),
      adjustments as (
        select a.*, exists (select 1 from public.ponto_ajustes r where r.kind = 'revogacao' and r.revoga_id = a.id) as revoked
        from public.ponto_ajustes a
        where a.funcionario_id = any (v_people) and a.kind in ('inclusao', 'desconsiderar')
          and a.work_date between p_from - 2 and p_to + 2
      ),
      rows as (
        select p.funcionario_id as user_id, p.work_date, p.punched_at as at,
          case when dis.id is null then 'O' else 'D' end as source,
          p.punch_type, p.nsr, p.receipt_hash, p.previous_hash, ac.name as computer_name, p.ip_origem, p.user_agent,
          coalesce(p.fora_da_unidade, false) as fora, dis.id as ajuste_id, dis.motivo, dis.created_by, dis.created_at
        from public.pontos p
        left join public.authorized_computers ac on ac.id = p.computer_id
        left join lateral (
          select a.id, a.motivo, a.created_by, a.created_at from adjustments a
          where a.kind = 'desconsiderar' and a.ponto_id = p.id and not a.revoked
          order by a.created_at, a.id limit 1
        ) dis on true
        where p.funcionario_id = any (v_people) and p.work_date between p_from and p_to
        union all
        select a.funcionario_id, a.work_date, a.punched_at, 'I', null, null, null, null, null, null, null, false,
          a.id, a.motivo, a.created_by, a.created_at
        from adjustments a
        where a.kind = 'inclusao' and not a.revoked and a.work_date between p_from and p_to
      )
      select jsonb_agg(jsonb_build_object(
          'user_id', r.user_id, 'full_name', e.full_name, 'unit_id', e.unit_id, 'unit_name', su.name,
          'work_date', r.work_date, 'at', r.at, 'source', r.source, 'punch_type', r.punch_type, 'nsr', r.nsr,
          'receipt_hash', r.receipt_hash, 'previous_hash', r.previous_hash, 'computer_name', r.computer_name,
          'ip_origem', r.ip_origem, 'user_agent', r.user_agent, 'fora_da_unidade', r.fora,
          'ajuste_id', r.ajuste_id, 'motivo', r.motivo,
          'author_name', (select pr.full_name from public.profiles pr where pr.id = r.created_by),
          'adjusted_at', r.created_at)
        order by e.full_name, r.user_id, r.at, r.source)
      from rows r
      join people e on e.user_id = r.user_id
      left join public.store_units su on su.id = e.unit_id), '[]'::jsonb));
end;
$$;

comment on function public.get_time_marks_report(date, date, uuid, uuid) is
  'Every mark of the period (original kept, disregarded, included) with motive and author of the adjustment, computer, client address, user agent, NSR and hashes; ADMIN, PUNCH_VIEW_ALL or PUNCH_MANAGE within their units; at most 20,000 marks.';

revoke all on function public.get_time_marks_report(date, date, uuid, uuid) from public, anon;
grant execute on function public.get_time_marks_report(date, date, uuid, uuid) to authenticated, service_role;

-- ===========================================================================
-- get_espelho_print: the espelho de ponto with the fields of Portaria 671 art. 84.

-- 'Seg a sex 08:00–17:00, intervalo 60 min; Sáb 08:00–12:00' (a weekly template) or
-- 'Dias 1 07:00–19:00, intervalo 60 min (revezamento de 2 dias)' (a rotation).
create function private.describe_schedule_template(p_template_id uuid)
returns text
language sql stable security definer set search_path = '' as $$
  with template as (select t.kind, t.cycle_days from public.work_schedule_templates t where t.id = p_template_id),
  groups as (
    select d.start_time, d.end_time, d.break_minutes, array_agg(d.position order by d.position) as positions
    from public.work_schedule_template_days d
    where d.template_id = p_template_id and d.works
    group by d.start_time, d.end_time, d.break_minutes
  ),
  labelled as (
    select g.*,
      case when (select kind from template) = 'weekly' then
        case when cardinality(g.positions) >= 3 and g.positions[cardinality(g.positions)] - g.positions[1] + 1 = cardinality(g.positions)
          then (array['Seg', 'Ter', 'Qua', 'Qui', 'Sex', 'Sáb', 'Dom'])[g.positions[1] + 1] || ' a '
               || lower((array['Seg', 'Ter', 'Qua', 'Qui', 'Sex', 'Sáb', 'Dom'])[g.positions[cardinality(g.positions)] + 1])
          else (select string_agg(case when o = 1 then (array['Seg', 'Ter', 'Qua', 'Qui', 'Sex', 'Sáb', 'Dom'])[p + 1]
                                       else lower((array['Seg', 'Ter', 'Qua', 'Qui', 'Sex', 'Sáb', 'Dom'])[p + 1]) end, ', ' order by o)
                from unnest(g.positions) with ordinality u(p, o))
        end
      else
        case when cardinality(g.positions) = 1 then 'Dia ' else 'Dias ' end
          || (select string_agg((p + 1)::text, ', ' order by p) from unnest(g.positions) p)
      end as days_label
    from groups g
  )
  select coalesce(
      (select string_agg(l.days_label || ' ' || to_char(l.start_time, 'HH24:MI') || '–' || to_char(l.end_time, 'HH24:MI')
          || case when l.break_minutes > 0 then ', intervalo ' || l.break_minutes || ' min' else '' end, '; ' order by l.positions[1])
       from labelled l),
      'Sem dias de trabalho')
    || coalesce((select case when t.kind = 'rotation' then ' (revezamento de ' || t.cycle_days || ' dias)' else '' end from template t), '')
$$;

revoke all on function private.describe_schedule_template(uuid) from public, anon, authenticated;
grant execute on function private.describe_schedule_template(uuid) to service_role;

create function public.get_espelho_print(p_user_id uuid, p_month date)
returns jsonb
language plpgsql stable security definer set search_path = '' as $$
declare
  v_month date;
  v_month_end date;
  v_profile public.profiles;
  v_record public.employee_records;
  v_unit public.store_units;
  v_closed boolean;
  v_data jsonb;
  v_sha256 text;
  v_whole boolean;
begin
  perform private.require_view_employee(p_user_id);
  v_month := private.check_month(p_month);
  v_month_end := (v_month + interval '1 month - 1 day')::date;
  select * into v_profile from public.profiles pr where pr.id = p_user_id;
  select * into v_record from public.employee_records er where er.user_id = p_user_id;
  -- The employer of the espelho: the employee's current unit, else the first of their units by name.
  select * into v_unit from public.store_units su
  where su.id = coalesce(v_profile.unit_id,
    (select uu.unit_id from public.user_units uu join public.store_units s on s.id = uu.unit_id
     where uu.user_id = p_user_id order by s.name, s.id limit 1));
  v_closed := private.month_closed_for(p_user_id, v_month);
  v_data := private.treated_month_json(p_user_id, v_month);
  v_sha256 := case when v_closed then private.espelho(p_user_id, v_month) ->> 'sha256' end;
  v_whole := private.can_read_employee_cpf(p_user_id);

  return jsonb_build_object(
    'employer', jsonb_build_object('legal_name', v_unit.legal_name, 'cnpj', v_unit.cnpj, 'unit_name', v_unit.name,
      'address', v_unit.address),
    'employee', jsonb_build_object(
      'user_id', p_user_id,
      'full_name', coalesce(v_profile.full_name, ''),
      'cpf', case when v_record.cpf is null then null when v_whole then v_record.cpf else private.mask_cpf(v_record.cpf) end,
      'cpf_masked', v_record.cpf is not null and not v_whole,
      'admission_date', v_record.admission_date,
      'job_title', v_record.job_title),
    'month', v_month,
    'emitted_at', now(),
    'schedules', coalesce((
      select jsonb_agg(jsonb_build_object('template_name', t.name, 'valid_from', ws.valid_from, 'valid_to', ws.valid_to,
          'description', private.describe_schedule_template(t.id)) order by ws.valid_from, ws.id)
      from public.work_schedules ws join public.work_schedule_templates t on t.id = ws.template_id
      where ws.user_id = p_user_id and ws.valid_from <= v_month_end and (ws.valid_to is null or ws.valid_to >= v_month)), '[]'::jsonb),
    'closed', v_closed,
    'closed_at', v_data -> 'closed_at',
    'days', v_data -> 'days',
    'totals', v_data -> 'totals',
    'bank', private.hour_bank(p_user_id),
    'acknowledgement', (
      select jsonb_build_object('concorda', c.concorda, 'comentario', c.comentario, 'created_at', c.created_at,
        'espelho_sha256', c.espelho_sha256, 'matches_current', c.espelho_sha256 = v_sha256)
      from public.ponto_espelho_ciencias c where c.funcionario_id = p_user_id and c.month = v_month
      order by c.created_at desc limit 1),
    'sha256', v_sha256);
end;
$$;

comment on function public.get_espelho_print(uuid, date) is
  'The espelho de ponto to print (Portaria 671 art. 84): employer (razão social, CNPJ, address), employee (CPF whole or masked, admission, job title), schedules, original and treated marks per day, totals, bank and acknowledgement.';

revoke all on function public.get_espelho_print(uuid, date) from public, anon;
grant execute on function public.get_espelho_print(uuid, date) to authenticated, service_role;
