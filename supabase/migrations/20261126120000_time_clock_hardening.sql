-- The time clock after the second attacker review (issue 21, items 3, 4, 5, 6, 10 and 11).
--
-- 3. Device tokens were stored in plain text. record_lgpd_consent kept the browser's device token
--    in consentimentos_lgpd.device_token, which every PUNCH_VIEW_ALL holder reads: with it anyone
--    punches as that store's computer. Now the only trace of a token is its SHA-256 in
--    authorized_computers; a consent names the computer by its id (computer_id), resolved from the
--    token's hash inside the RPC. The spec (§3) lists device_token among the consent's fields, so the
--    column stays, always null (a check says so); existing rows get their computer's id and lose
--    the token (the one rewrite of consent originals, done with the append-only trigger disabled for
--    that single statement: a credential must not stay readable).
-- 4. A computer of any unit took anyone's punch. A mark is never refused (Portaria 671, art. 74),
--    so it is still stored, but the database flags (pontos.fora_da_unidade, set at insert whatever
--    the writer sends) a punch made at a unit the employee is not assigned to (user_units or
--    profiles.unit_id). The receipt, the timesheet and the pontos rows carry the flag.
-- 5. NSR order differed from time order: the time was read before the unit's lock. Now the unit's
--    counter row is locked first and the clock read after it (clock_timestamp(), not the
--    transaction's start), so a later NSR always has a later time.
-- 6. ip_origem kept the whole X-Forwarded-For chain, whose first entries the client chooses. New
--    punches and consents store the address the gateway appended (private.request_evidence_ip())
--    as ip_origem, and the earlier, client-declared entries apart (ip_declarado). Existing rows are
--    originals of legal weight and keep what was recorded; readers (the receipt) show the chain's
--    last entry, which is the evidence address for old and new rows alike.
-- 10. An over-long computer name answered 'Failing row contains (…)' with the token's hash. Names
--    are validated before writing (the RPC and a trigger for renames); so are work schedules, the
--    other time-clock input a check constraint guards, and term publications are serialized so two
--    at once cannot collide on a unique index.
-- 11. An account without a role added consent rows. Accepting or refusing the term needs
--    PUNCH_CLOCK_ACCESS on an active account; revoking an acceptance one gave stays possible for any
--    active account (LGPD art. 8 §5: revocation as easy as consent), even after the permission went.

-- ===========================================================================
-- 6. The chain's last entry (the evidence address) of a stored ip_origem: rows recorded before this
-- migration hold the whole chain, later ones the last entry alone.

create function private.evidence_address(p_recorded text)
returns text
language sql immutable set search_path = '' as $$
  select nullif(btrim((string_to_array(p_recorded, ','))[cardinality(string_to_array(p_recorded, ','))]), '')
$$;

comment on function private.evidence_address(text) is
  'The last X-Forwarded-For entry of a recorded origin (the gateway''s): the evidence address of punches and consents, old and new.';

revoke all on function private.evidence_address(text) from public, anon;
grant execute on function private.evidence_address(text) to authenticated, service_role;

-- ===========================================================================
-- 3 and 6. Consents: the computer's id instead of its token; the declared addresses apart.

alter table public.consentimentos_lgpd
  add column computer_id uuid references public.authorized_computers (id),
  add column ip_declarado text;

create index consentimentos_lgpd_computer_idx on public.consentimentos_lgpd (computer_id);

comment on column public.consentimentos_lgpd.computer_id is
  'The authorized computer the decision was made on (resolved from the device token''s hash); null for another browser.';
comment on column public.consentimentos_lgpd.ip_origem is
  'The address the gateway saw (last X-Forwarded-For entry). Rows before 2026-11-26 hold the whole chain: its last entry is the evidence.';
comment on column public.consentimentos_lgpd.ip_declarado is
  'X-Forwarded-For entries before the gateway''s: what the client declared, unverified.';
comment on column public.consentimentos_lgpd.device_token is
  'Named by the spec, never filled: a device token is a credential and is kept nowhere but as a hash in authorized_computers (see computer_id).';

-- The one rewrite of consent originals: the token becomes the computer's id.
alter table public.consentimentos_lgpd disable trigger consentimentos_lgpd_append_only;

update public.consentimentos_lgpd c
   set computer_id = (select ac.id from public.authorized_computers ac
                       where ac.token_hash = encode(sha256(convert_to(c.device_token, 'UTF8')), 'hex')),
       device_token = null
 where c.device_token is not null;

alter table public.consentimentos_lgpd enable trigger consentimentos_lgpd_append_only;

alter table public.consentimentos_lgpd
  add constraint consentimentos_lgpd_no_device_token check (device_token is null);

-- ===========================================================================
-- 4 and 6. Punches: the unit flag and the declared addresses.

alter table public.pontos
  add column ip_declarado text,
  add column fora_da_unidade boolean;

comment on column public.pontos.ip_origem is
  'The address the gateway saw (last X-Forwarded-For entry). Rows before 2026-11-26 hold the whole chain: its last entry is the evidence.';
comment on column public.pontos.ip_declarado is
  'X-Forwarded-For entries before the gateway''s: what the client declared, unverified.';
comment on column public.pontos.fora_da_unidade is
  'Set by the database at insert: true when the employee was not assigned to the punch''s unit then (user_units or profiles.unit_id); null for punches recorded before the check existed (2026-11-26).';

create index pontos_fora_da_unidade_idx on public.pontos (unit_id, punched_at) where fora_da_unidade;

-- Whoever writes the punch (register_punch, the seed, the service role), the database decides the flag.
create function private.flag_punch_outside_unit()
returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  new.fora_da_unidade := not exists (
      select 1 from public.user_units uu where uu.user_id = new.funcionario_id and uu.unit_id = new.unit_id)
    and not exists (
      select 1 from public.profiles pr where pr.id = new.funcionario_id and pr.unit_id = new.unit_id);
  return new;
end;
$$;

revoke execute on function private.flag_punch_outside_unit() from public, anon, authenticated;

create trigger pontos_flag_outside_unit
  before insert on public.pontos
  for each row execute function private.flag_punch_outside_unit();

-- ===========================================================================
-- 10. Names and schedules are checked before their constraints can answer with the row.

create function private.check_computer_name()
returns trigger
language plpgsql set search_path = '' as $$
begin
  if new.name is null or length(btrim(new.name)) = 0 then
    raise exception 'Informe o nome do computador' using errcode = '22023';
  end if;
  if char_length(btrim(new.name)) > 80 then
    raise exception 'O nome do computador deve ter no máximo 80 caracteres' using errcode = '22023';
  end if;
  new.name := btrim(new.name);
  return new;
end;
$$;

revoke execute on function private.check_computer_name() from public, anon, authenticated;

create trigger authorized_computers_check_name
  before insert or update of name on public.authorized_computers
  for each row execute function private.check_computer_name();

create function private.check_work_schedule()
returns trigger
language plpgsql set search_path = '' as $$
begin
  if new.expected_minutes is null or cardinality(new.expected_minutes) <> 7 or array_ndims(new.expected_minutes) <> 1 then
    raise exception 'Informe os minutos esperados dos 7 dias da semana, de segunda a domingo' using errcode = '22023';
  end if;
  if exists (select 1 from unnest(new.expected_minutes) m where m is null or m < 0 or m > 1440) then
    raise exception 'Os minutos esperados de cada dia devem estar entre 0 e 1440' using errcode = '22023';
  end if;
  if new.break_minutes is null or new.break_minutes < 0 or new.break_minutes > 240 then
    raise exception 'O intervalo deve ter entre 0 e 240 minutos' using errcode = '22023';
  end if;
  return new;
end;
$$;

revoke execute on function private.check_work_schedule() from public, anon, authenticated;

create trigger work_schedules_check_values
  before insert or update on public.work_schedules
  for each row execute function private.check_work_schedule();

create or replace function public.authorize_computer(p_name text, p_unit_id uuid)
returns jsonb
language plpgsql volatile security definer set search_path = '' as $$
declare
  v_token text := replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', '');
  v_id uuid;
begin
  if not private.is_admin() then
    raise exception 'Apenas administradores podem autorizar computadores' using errcode = '42501';
  end if;
  if p_name is null or length(btrim(p_name)) = 0 then
    raise exception 'Informe o nome do computador' using errcode = '22023';
  end if;
  if char_length(btrim(p_name)) > 80 then
    raise exception 'O nome do computador deve ter no máximo 80 caracteres' using errcode = '22023';
  end if;
  if p_unit_id is null or not exists (select 1 from public.store_units su where su.id = p_unit_id) then
    raise exception 'Unidade não encontrada' using errcode = '22023';
  end if;
  insert into public.authorized_computers (name, unit_id, token_hash)
  values (btrim(p_name), p_unit_id, encode(sha256(convert_to(v_token, 'UTF8')), 'hex'))
  returning id into v_id;
  -- The only time the token leaves the database: the browser in front of the administrator keeps it.
  return jsonb_build_object('id', v_id, 'device_token', v_token);
end;
$$;

-- Two publications at once both retired the active version and then collided on the one-active
-- index ('duplicate key … (true)=(t)'), or on the version's name: one at a time, so the checks
-- above the writes answer instead.
create or replace function public.publish_lgpd_term(p_versao text, p_texto text)
returns public.versoes_termo_lgpd
language plpgsql volatile security definer set search_path = '' as $$
declare
  v_row public.versoes_termo_lgpd;
begin
  if not private.is_admin() then
    raise exception 'Apenas administradores podem publicar o termo LGPD' using errcode = '42501';
  end if;
  if p_versao is null or length(btrim(p_versao)) = 0 then
    raise exception 'Informe a versão do termo' using errcode = '22023';
  end if;
  if p_texto is null or length(btrim(p_texto)) = 0 then
    raise exception 'Informe o texto do termo' using errcode = '22023';
  end if;
  if char_length(btrim(p_versao)) > 20 then
    raise exception 'A versão deve ter no máximo 20 caracteres' using errcode = '22023';
  end if;
  if char_length(p_texto) > 20000 then
    raise exception 'O texto do termo deve ter no máximo 20.000 caracteres' using errcode = '22023';
  end if;
  perform pg_advisory_xact_lock(hashtextextended('lgpd-term-publication', 0));
  if exists (select 1 from public.versoes_termo_lgpd v where v.versao = btrim(p_versao)) then
    raise exception 'Já existe uma versão % do termo', btrim(p_versao) using errcode = '23505';
  end if;
  update public.versoes_termo_lgpd v set ativo = false where v.ativo;
  insert into public.versoes_termo_lgpd (versao, texto_termo, texto_sha256, ativo) values (btrim(p_versao), p_texto, '', true) returning * into v_row;
  return v_row;
end;
$$;

-- ===========================================================================
-- 3, 6 and 11. Consent: permission, the computer's id, the evidence address.

create or replace function public.record_lgpd_consent(p_versao_termo_id uuid, p_aceito boolean, p_device_token text default null)
returns public.consentimentos_lgpd
language plpgsql volatile security definer set search_path = '' as $$
declare
  v_uid uuid := auth.uid();
  v_row public.consentimentos_lgpd;
begin
  if v_uid is null then
    raise exception 'Usuário não autenticado' using errcode = '42501';
  end if;
  if p_aceito is null then
    raise exception 'Informe se o termo foi aceito' using errcode = '22023';
  end if;
  -- Deciding on the term is for time-clock users; taking back an acceptance one gave is for any
  -- active account (a disabled one has no rights at all).
  if not private.has_permission('PUNCH_CLOCK_ACCESS')
     and not (not p_aceito and private.account_active(v_uid) and private.has_lgpd_consent(v_uid)) then
    raise exception 'Você não tem permissão para usar o ponto eletrônico.' using errcode = '42501';
  end if;
  if private.active_lgpd_term_id() is null then
    raise exception 'Nenhuma versão ativa do termo LGPD encontrada' using errcode = 'P0001';
  end if;
  if p_versao_termo_id is distinct from private.active_lgpd_term_id() then
    raise exception 'Esta versão do termo não está mais ativa; leia a versão atual' using errcode = '22023';
  end if;
  insert into public.consentimentos_lgpd (funcionario_id, ip_origem, ip_declarado, computer_id, aceito, versao_termo_id, user_agent)
  values (
    v_uid, private.request_evidence_ip(), private.request_declared_ips(),
    (select ac.id from public.authorized_computers ac
      where p_device_token is not null and ac.token_hash = encode(sha256(convert_to(p_device_token, 'UTF8')), 'hex')),
    p_aceito, p_versao_termo_id, private.request_user_agent())
  returning * into v_row;
  return v_row;
end;
$$;

comment on function public.record_lgpd_consent(uuid, boolean, text) is
  'Records the caller''s acceptance, refusal or revocation of the active LGPD term (PUNCH_CLOCK_ACCESS; revoking one''s acceptance needs none), with server time, the evidence address and the computer''s id; the token itself is never stored.';

-- ===========================================================================
-- 4, 5 and 6. The punch.

create or replace function private.receipt_json(p public.pontos)
returns jsonb
language sql stable security definer set search_path = '' as $$
  select jsonb_build_object(
    'id', p.id,
    'nsr', p.nsr,
    'punch_type', p.punch_type,
    'punched_at', p.punched_at,
    'receipt_hash', p.receipt_hash,
    'work_date', p.work_date,
    'employee_name', (select pr.full_name from public.profiles pr where pr.id = p.funcionario_id),
    'unit_name', (select su.name from public.store_units su where su.id = p.unit_id),
    'unit_address', (select su.address from public.store_units su where su.id = p.unit_id),
    'ip_origem', private.evidence_address(p.ip_origem),
    'fora_da_unidade', coalesce(p.fora_da_unidade, false)
  )
$$;

-- Registers the caller's next punch from an authorized computer and returns its receipt
-- ({id, nsr, punch_type, punched_at, receipt_hash, ip_origem, fora_da_unidade, …}). The type is
-- decided here: Entrada, Saída Almoço, Retorno Almoço, Saída Final, then extra marks (never
-- refused, wherever the computer stands: a punch outside the employee's units is flagged). A repeat
-- within 60 s of the caller's last punch answers that punch's receipt (a double click or a retry
-- makes one punch).
create or replace function public.register_punch(p_device_token text)
returns jsonb
language plpgsql volatile security definer set search_path = '' as $$
declare
  v_uid uuid := auth.uid();
  v_now timestamptz;
  v_computer public.authorized_computers;
  v_last public.pontos;
  v_work_date date;
  v_count integer;
  v_type text;
  v_nsr bigint;
  v_previous text;
  v_row public.pontos;
begin
  if v_uid is null then
    raise exception 'Usuário não autenticado' using errcode = '42501';
  end if;
  if not private.has_permission('PUNCH_CLOCK_ACCESS') then
    raise exception 'Você não tem permissão para registrar ponto.' using errcode = '42501';
  end if;
  if private.active_lgpd_term_id() is null then
    raise exception 'Nenhuma versão ativa do termo LGPD encontrada' using errcode = 'P0001';
  end if;
  if not private.has_lgpd_consent(v_uid) then
    raise exception 'É preciso aceitar o termo LGPD antes de registrar ponto.' using errcode = 'P0001';
  end if;
  select * into v_computer from public.authorized_computers ac
  where ac.token_hash = encode(sha256(convert_to(coalesce(p_device_token, ''), 'UTF8')), 'hex') and ac.revoked_at is null;
  if not found then
    raise exception 'Este computador não está autorizado para registrar ponto.' using errcode = '42501';
  end if;

  -- One employee's punches one at a time (a double click sends two requests), then the unit's
  -- counter: always in this order, so two punches never wait on each other crosswise.
  perform pg_advisory_xact_lock(hashtextextended('ponto:' || v_uid::text, 0));
  insert into private.ponto_nsr (unit_id) values (v_computer.unit_id) on conflict (unit_id) do nothing;
  perform 1 from private.ponto_nsr n where n.unit_id = v_computer.unit_id for update;
  -- The clock is read once the unit is ours: the previous NSR committed before this instant, so
  -- the next NSR carries a later time (clock_timestamp(), not the transaction's start).
  v_now := clock_timestamp();

  select * into v_last from public.pontos p where p.funcionario_id = v_uid order by p.punched_at desc, p.nsr desc limit 1;
  if found and v_last.punched_at > v_now - interval '60 seconds' then
    return private.receipt_json(v_last) || jsonb_build_object('repeated', true);
  end if;

  -- The journey: an open one (last punch within 16 h and not its final exit) keeps its day, so a
  -- night shift crossing midnight stays one journey; otherwise today in São Paulo.
  if found and v_last.punch_type <> 'SAIDA_FINAL' and v_last.punched_at > v_now - interval '16 hours' then
    v_work_date := v_last.work_date;
  else
    v_work_date := (v_now at time zone 'America/Sao_Paulo')::date;
  end if;
  select count(*) into v_count from public.pontos p where p.funcionario_id = v_uid and p.work_date = v_work_date;
  v_type := case v_count when 0 then 'ENTRADA' when 1 then 'SAIDA_INTERVALO' when 2 then 'RETORNO_INTERVALO' when 3 then 'SAIDA_FINAL' else 'EXTRA' end;

  update private.ponto_nsr n set last_nsr = n.last_nsr + 1 where n.unit_id = v_computer.unit_id returning n.last_nsr, n.last_hash into v_nsr, v_previous;

  insert into public.pontos (funcionario_id, unit_id, nsr, punch_type, punched_at, work_date, computer_id, ip_origem, ip_declarado, user_agent, previous_hash, receipt_hash)
  values (
    v_uid, v_computer.unit_id, v_nsr, v_type, v_now, v_work_date, v_computer.id,
    private.request_evidence_ip(), private.request_declared_ips(), private.request_user_agent(), v_previous,
    encode(sha256(convert_to(concat_ws('|', coalesce(v_previous, ''), v_computer.unit_id, v_nsr, v_uid, v_type,
      to_char(v_now at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')), 'UTF8')), 'hex')
  )
  returning * into v_row;
  update private.ponto_nsr n set last_hash = v_row.receipt_hash where n.unit_id = v_computer.unit_id;
  update public.authorized_computers ac set last_used_at = v_now where ac.id = v_computer.id;
  return private.receipt_json(v_row) || jsonb_build_object('repeated', false);
end;
$$;

-- The timesheet says which days have a mark outside the employee's units (a new column: the
-- function is replaced whole).
drop function public.get_my_monthly_timesheet(date);

create function public.get_my_monthly_timesheet(p_month date)
returns table (
  date date,
  entrada timestamptz,
  saida_intervalo timestamptz,
  retorno_intervalo timestamptz,
  saida_final timestamptz,
  extras timestamptz[],
  horas_trabalhadas_minutos integer,
  horas_esperadas_minutos integer,
  fora_da_unidade boolean
)
language plpgsql stable security definer set search_path = '' as $$
declare
  v_first date := date_trunc('month', p_month)::date;
begin
  if auth.uid() is null then
    raise exception 'Usuário não autenticado' using errcode = '42501';
  end if;
  if p_month is null or p_month < '2000-01-01'::date or p_month > (now() at time zone 'America/Sao_Paulo')::date + 366 then
    raise exception 'Mês inválido: escolha um mês entre 2000 e o próximo ano' using errcode = '22023';
  end if;
  return query
  with days as (
    select d::date as day from generate_series(v_first, (v_first + interval '1 month - 1 day')::date, interval '1 day') d
  ),
  marks as (
    select p.work_date,
      min(p.punched_at) filter (where p.punch_type = 'ENTRADA') as entrada,
      min(p.punched_at) filter (where p.punch_type = 'SAIDA_INTERVALO') as saida_intervalo,
      min(p.punched_at) filter (where p.punch_type = 'RETORNO_INTERVALO') as retorno_intervalo,
      min(p.punched_at) filter (where p.punch_type = 'SAIDA_FINAL') as saida_final,
      array_agg(p.punched_at order by p.punched_at) filter (where p.punch_type = 'EXTRA') as extras,
      coalesce(bool_or(p.fora_da_unidade), false) as fora_da_unidade
    from public.pontos p
    where p.funcionario_id = auth.uid() and p.work_date between v_first and (v_first + interval '1 month - 1 day')::date
    group by p.work_date
  )
  select d.day, m.entrada, m.saida_intervalo, m.retorno_intervalo, m.saida_final, coalesce(m.extras, '{}'),
    (coalesce(
       case when m.saida_intervalo is not null then extract(epoch from m.saida_intervalo - m.entrada)
            when m.saida_final is not null and m.retorno_intervalo is null then extract(epoch from m.saida_final - m.entrada)
       end, 0)
     + coalesce(case when m.retorno_intervalo is not null and m.saida_final is not null then extract(epoch from m.saida_final - m.retorno_intervalo) end, 0)
    )::integer / 60,
    private.expected_minutes(auth.uid(), d.day),
    coalesce(m.fora_da_unidade, false)
  from days d
  left join marks m on m.work_date = d.day
  order by d.day;
end;
$$;

comment on function public.get_my_monthly_timesheet(date) is
  'The caller''s daily timesheet rows of the month containing p_month (spec §3, §7), with whether a mark of the day was made outside the caller''s units.';

revoke execute on function public.get_my_monthly_timesheet(date) from public, anon;
grant execute on function public.get_my_monthly_timesheet(date) to authenticated, service_role;
