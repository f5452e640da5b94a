-- Ponto Digital, the employee side: the LGPD term and its consents, authorized computers, work
-- schedules and the punches themselves. Labour law shapes every rule here (Portaria MTP 671/2021):
-- a punch records the server's clock, never the browser's; an original punch is never edited or
-- deleted (treatment records are separate, in the managers' module); marking is never refused for
-- being the fifth of the day; each establishment (unit) numbers its punches with a gap-free NSR and
-- each receipt's hash chains to the previous punch of that unit. LGPD (art. 8): consent is specific
-- to a term version, recorded append-only with server time and origin, and revocable as easily as
-- it was given.

-- ===========================================================================
-- LGPD term versions and consents

create table public.versoes_termo_lgpd (
  id uuid primary key default gen_random_uuid(),
  versao text not null unique,
  texto_termo text not null,
  -- Proves which text was accepted: the SHA-256 of the exact text (UTF-8), set by the database on insert.
  texto_sha256 text not null,
  ativo boolean not null default false,
  created_at timestamptz not null default now(),
  created_by uuid default auth.uid() references auth.users (id) on delete set null,
  constraint versoes_termo_lgpd_versao_not_blank check (length(btrim(versao)) > 0 and char_length(versao) <= 20),
  constraint versoes_termo_lgpd_texto_not_blank check (length(btrim(texto_termo)) > 0 and char_length(texto_termo) <= 20000)
);

comment on table public.versoes_termo_lgpd is 'LGPD term versions (spec §3): immutable text with its SHA-256; one active at a time.';

create index versoes_termo_lgpd_created_by_idx on public.versoes_termo_lgpd (created_by);

-- One active version at a time.
create unique index versoes_termo_lgpd_one_active_idx on public.versoes_termo_lgpd ((true)) where ativo;

alter table public.versoes_termo_lgpd enable row level security;
revoke all on table public.versoes_termo_lgpd from anon, authenticated;
grant select on table public.versoes_termo_lgpd to authenticated;
grant all on table public.versoes_termo_lgpd to service_role;

create policy versoes_termo_lgpd_select on public.versoes_termo_lgpd
  for select to authenticated
  using (true);

-- A version never changes: only its retirement (ativo true → false, when a newer one is published).
create function private.guard_lgpd_term_version()
returns trigger
language plpgsql set search_path = '' as $$
begin
  if tg_op = 'DELETE' then
    raise exception 'Versões do termo LGPD não podem ser excluídas' using errcode = '42501';
  end if;
  if new.id is distinct from old.id or new.versao is distinct from old.versao or new.texto_termo is distinct from old.texto_termo
     or new.texto_sha256 is distinct from old.texto_sha256
     or new.created_at is distinct from old.created_at or new.created_by is distinct from old.created_by
     or (new.ativo and not old.ativo) then
    raise exception 'Versões do termo LGPD não podem ser alteradas; publique uma nova versão' using errcode = '42501';
  end if;
  return new;
end;
$$;

revoke execute on function private.guard_lgpd_term_version() from public, anon, authenticated;

create trigger versoes_termo_lgpd_guard
  before update or delete on public.versoes_termo_lgpd
  for each row execute function private.guard_lgpd_term_version();

create function private.hash_lgpd_term_text()
returns trigger
language plpgsql set search_path = '' as $$
begin
  new.texto_sha256 := encode(sha256(convert_to(new.texto_termo, 'UTF8')), 'hex');
  return new;
end;
$$;

revoke execute on function private.hash_lgpd_term_text() from public, anon, authenticated;

create trigger versoes_termo_lgpd_hash
  before insert on public.versoes_termo_lgpd
  for each row execute function private.hash_lgpd_term_text();

create table public.consentimentos_lgpd (
  id uuid primary key default gen_random_uuid(),
  funcionario_id uuid not null references auth.users (id) on delete cascade,
  -- Server time and origin: never taken from the request body.
  data_hora timestamptz not null default now(),
  ip_origem text,
  device_token text,
  aceito boolean not null,
  versao_termo_id uuid not null references public.versoes_termo_lgpd (id),
  user_agent text
);

comment on table public.consentimentos_lgpd is
  'LGPD consent events (spec §3), append-only: an acceptance, a refusal or a revocation is a new row.';

create index consentimentos_lgpd_funcionario_idx on public.consentimentos_lgpd (funcionario_id, data_hora desc);
create index consentimentos_lgpd_versao_idx on public.consentimentos_lgpd (versao_termo_id);
create index consentimentos_lgpd_data_hora_idx on public.consentimentos_lgpd (data_hora desc);

alter table public.consentimentos_lgpd enable row level security;
revoke all on table public.consentimentos_lgpd from anon, authenticated;
grant select on table public.consentimentos_lgpd to authenticated;
grant all on table public.consentimentos_lgpd to service_role;

-- Everyone reads their own; PUNCH_VIEW_ALL holders and admins read everyone's (the consents list).
create policy consentimentos_lgpd_select on public.consentimentos_lgpd
  for select to authenticated
  using (funcionario_id = (select auth.uid()) or (select private.has_permission('PUNCH_VIEW_ALL')));

-- Originals of legal weight (consents here, punches below) are never edited or deleted, by any role:
-- the owner and the service role included.
create function private.refuse_change_of_original()
returns trigger
language plpgsql set search_path = '' as $$
begin
  raise exception 'Registros originais de ponto e de consentimento não podem ser alterados nem excluídos' using errcode = '42501';
end;
$$;

revoke execute on function private.refuse_change_of_original() from public, anon, authenticated;

create trigger consentimentos_lgpd_append_only
  before update or delete on public.consentimentos_lgpd
  for each row execute function private.refuse_change_of_original();

create trigger consentimentos_lgpd_no_truncate
  before truncate on public.consentimentos_lgpd
  for each statement execute function private.refuse_change_of_original();

-- The request's origin as the gateway reports it: the whole X-Forwarded-For chain (the last address is
-- the one the gateway saw; earlier ones are what the client or its proxies claimed), kept as evidence.
create function private.request_origin()
returns text
language sql stable set search_path = '' as $$
  select nullif(btrim(coalesce(
    current_setting('request.headers', true)::jsonb ->> 'x-forwarded-for',
    current_setting('request.headers', true)::jsonb ->> 'x-real-ip',
    '')), '')
$$;

create function private.request_user_agent()
returns text
language sql stable set search_path = '' as $$
  select left(current_setting('request.headers', true)::jsonb ->> 'user-agent', 500)
$$;

revoke execute on function private.request_origin(), private.request_user_agent() from public, anon;
grant execute on function private.request_origin(), private.request_user_agent() to authenticated, service_role;

-- The active term version (null when none).
create function private.active_lgpd_term_id()
returns uuid
language sql stable security definer set search_path = '' as $$
  select v.id from public.versoes_termo_lgpd v where v.ativo
$$;

-- Whether a user's latest decision on the active version is an acceptance. No active version: no consent.
create function private.has_lgpd_consent(p_user_id uuid)
returns boolean
language sql stable security definer set search_path = '' as $$
  select coalesce((
    select c.aceito
    from public.consentimentos_lgpd c
    where c.funcionario_id = p_user_id and c.versao_termo_id = private.active_lgpd_term_id()
    order by c.data_hora desc, c.id desc
    limit 1
  ), false)
$$;

revoke execute on function private.active_lgpd_term_id(), private.has_lgpd_consent(uuid) from public, anon;
grant execute on function private.active_lgpd_term_id(), private.has_lgpd_consent(uuid) to authenticated, service_role;

-- ADMIN publishes a new version: it becomes the only active one (the previous is retired, never edited).
create function public.publish_lgpd_term(p_versao text, p_texto text)
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
  if exists (select 1 from public.versoes_termo_lgpd v where v.versao = btrim(p_versao)) then
    raise exception 'Já existe uma versão % do termo' , btrim(p_versao) using errcode = '23505';
  end if;
  update public.versoes_termo_lgpd v set ativo = false where v.ativo;
  insert into public.versoes_termo_lgpd (versao, texto_termo, texto_sha256, ativo) values (btrim(p_versao), p_texto, '', true) returning * into v_row;
  return v_row;
end;
$$;

comment on function public.publish_lgpd_term(text, text) is 'ADMIN only: publishes a new LGPD term version and retires the active one.';

revoke execute on function public.publish_lgpd_term(text, text) from public, anon;
grant execute on function public.publish_lgpd_term(text, text) to authenticated, service_role;

-- The caller accepts, refuses or revokes (p_aceito false) the active version. Time, origin and user
-- agent come from the server; the version must be the active one.
create function public.record_lgpd_consent(p_versao_termo_id uuid, p_aceito boolean, p_device_token text default null)
returns public.consentimentos_lgpd
language plpgsql volatile security definer set search_path = '' as $$
declare
  v_row public.consentimentos_lgpd;
begin
  if auth.uid() is null then
    raise exception 'Usuário não autenticado' using errcode = '42501';
  end if;
  if private.active_lgpd_term_id() is null then
    raise exception 'Nenhuma versão ativa do termo LGPD encontrada' using errcode = 'P0001';
  end if;
  if p_versao_termo_id is distinct from private.active_lgpd_term_id() then
    raise exception 'Esta versão do termo não está mais ativa; leia a versão atual' using errcode = '22023';
  end if;
  if p_aceito is null then
    raise exception 'Informe se o termo foi aceito' using errcode = '22023';
  end if;
  insert into public.consentimentos_lgpd (funcionario_id, ip_origem, device_token, aceito, versao_termo_id, user_agent)
  values (auth.uid(), private.request_origin(), left(p_device_token, 200), p_aceito, p_versao_termo_id, private.request_user_agent())
  returning * into v_row;
  return v_row;
end;
$$;

comment on function public.record_lgpd_consent(uuid, boolean, text) is
  'Records the caller''s acceptance, refusal or revocation of the active LGPD term, with server time and origin.';

revoke execute on function public.record_lgpd_consent(uuid, boolean, text) from public, anon;
grant execute on function public.record_lgpd_consent(uuid, boolean, text) to authenticated, service_role;

-- ===========================================================================
-- Authorized computers

create table public.authorized_computers (
  id uuid primary key default gen_random_uuid(),
  name text not null,
  unit_id uuid not null references public.store_units (id),
  -- Only the SHA-256 of the device token: the token itself lives in that browser's storage.
  token_hash text not null unique,
  created_at timestamptz not null default now(),
  created_by uuid default auth.uid() references auth.users (id) on delete set null,
  last_used_at timestamptz,
  revoked_at timestamptz,
  constraint authorized_computers_name_not_blank check (length(btrim(name)) > 0 and char_length(name) <= 80)
);

comment on table public.authorized_computers is 'Browsers allowed to register punches, per unit; a revoked one is refused.';

create index authorized_computers_unit_idx on public.authorized_computers (unit_id);
create index authorized_computers_created_by_idx on public.authorized_computers (created_by);

alter table public.authorized_computers enable row level security;
revoke all on table public.authorized_computers from anon, authenticated;
grant select on table public.authorized_computers to authenticated;
grant update (name, revoked_at) on table public.authorized_computers to authenticated;
grant all on table public.authorized_computers to service_role;

create policy authorized_computers_select on public.authorized_computers
  for select to authenticated
  using ((select private.is_admin()));

create policy authorized_computers_update on public.authorized_computers
  for update to authenticated
  using ((select private.is_admin()))
  with check ((select private.is_admin()));

-- Revocation takes the server's clock and is final (authorize the browser again instead).
create function private.guard_computer_revocation()
returns trigger
language plpgsql set search_path = '' as $$
begin
  if old.revoked_at is not null and new.revoked_at is null then
    raise exception 'Um computador revogado não pode ser reativado; autorize-o novamente' using errcode = '42501';
  end if;
  if new.revoked_at is distinct from old.revoked_at then
    new.revoked_at := now();
  end if;
  return new;
end;
$$;

revoke execute on function private.guard_computer_revocation() from public, anon, authenticated;

create trigger authorized_computers_guard_revocation
  before update on public.authorized_computers
  for each row execute function private.guard_computer_revocation();

-- ADMIN authorizes the browser in front of them: the token is returned once and only its hash is kept.
create function public.authorize_computer(p_name text, p_unit_id uuid)
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
  if not exists (select 1 from public.store_units su where su.id = p_unit_id) then
    raise exception 'Unidade não encontrada' using errcode = '22023';
  end if;
  insert into public.authorized_computers (name, unit_id, token_hash)
  values (btrim(p_name), p_unit_id, encode(sha256(convert_to(v_token, 'UTF8')), 'hex'))
  returning id into v_id;
  return jsonb_build_object('id', v_id, 'device_token', v_token);
end;
$$;

comment on function public.authorize_computer(text, uuid) is 'ADMIN only: authorizes a computer for a unit; returns its device token once.';

revoke execute on function public.authorize_computer(text, uuid) from public, anon;
grant execute on function public.authorize_computer(text, uuid) to authenticated, service_role;

-- ===========================================================================
-- Work schedules

create table public.work_schedules (
  user_id uuid primary key references auth.users (id) on delete cascade,
  -- Expected minutes Monday..Sunday (ISO order).
  expected_minutes integer[] not null default '{480,480,480,480,480,0,0}',
  break_minutes integer not null default 60,
  updated_at timestamptz not null default now(),
  constraint work_schedules_seven_days check (cardinality(expected_minutes) = 7),
  constraint work_schedules_minutes_range check (0 <= all (expected_minutes) and 1440 >= all (expected_minutes)),
  constraint work_schedules_break_range check (break_minutes between 0 and 240)
);

comment on table public.work_schedules is
  'Expected minutes per weekday (Monday first) and break length per employee; without a row, 480 on weekdays.';

alter table public.work_schedules enable row level security;
revoke all on table public.work_schedules from anon, authenticated;
grant select, delete on table public.work_schedules to authenticated;
grant insert (user_id, expected_minutes, break_minutes) on table public.work_schedules to authenticated;
grant update (expected_minutes, break_minutes) on table public.work_schedules to authenticated;
grant all on table public.work_schedules to service_role;

create policy work_schedules_select on public.work_schedules
  for select to authenticated
  using (user_id = (select auth.uid()) or (select private.has_permission('PUNCH_VIEW_ALL')) or (select private.has_permission('PUNCH_MANAGE')));

create policy work_schedules_insert on public.work_schedules
  for insert to authenticated
  with check ((select private.has_permission('PUNCH_MANAGE')));

create policy work_schedules_update on public.work_schedules
  for update to authenticated
  using ((select private.has_permission('PUNCH_MANAGE')))
  with check ((select private.has_permission('PUNCH_MANAGE')));

create policy work_schedules_delete on public.work_schedules
  for delete to authenticated
  using ((select private.has_permission('PUNCH_MANAGE')));

create trigger work_schedules_set_updated_at
  before update on public.work_schedules
  for each row execute function private.set_updated_at();

-- Expected minutes of a user on a São Paulo calendar day.
create function private.expected_minutes(p_user_id uuid, p_day date)
returns integer
language sql stable security definer set search_path = '' as $$
  select coalesce(
    (select ws.expected_minutes[extract(isodow from p_day)::integer] from public.work_schedules ws where ws.user_id = p_user_id),
    case when extract(isodow from p_day) <= 5 then 480 else 0 end
  )
$$;

revoke execute on function private.expected_minutes(uuid, date) from public, anon;
grant execute on function private.expected_minutes(uuid, date) to authenticated, service_role;

-- ===========================================================================
-- Punches

create table public.pontos (
  id uuid primary key default gen_random_uuid(),
  funcionario_id uuid not null references auth.users (id),
  unit_id uuid not null references public.store_units (id),
  -- Número sequencial de registro: per unit, from 1, no gaps.
  nsr bigint not null,
  punch_type text not null,
  -- The server's clock.
  punched_at timestamptz not null default now(),
  -- The journey's São Paulo day (a night shift keeps the day it started on).
  work_date date not null,
  computer_id uuid references public.authorized_computers (id),
  ip_origem text,
  user_agent text,
  previous_hash text,
  receipt_hash text not null,
  constraint pontos_punch_type_known check (punch_type in ('ENTRADA', 'SAIDA_INTERVALO', 'RETORNO_INTERVALO', 'SAIDA_FINAL', 'EXTRA')),
  constraint pontos_unit_nsr_unique unique (unit_id, nsr)
);

comment on table public.pontos is
  'Time punches (spec §3): server time, per-unit gap-free NSR, hash chained per unit; originals never change.';

create index pontos_funcionario_idx on public.pontos (funcionario_id, punched_at desc);
create index pontos_work_date_idx on public.pontos (funcionario_id, work_date);
create index pontos_computer_idx on public.pontos (computer_id);

alter table public.pontos enable row level security;
revoke all on table public.pontos from anon, authenticated;
grant select on table public.pontos to authenticated;
grant all on table public.pontos to service_role;

create policy pontos_select on public.pontos
  for select to authenticated
  using (funcionario_id = (select auth.uid()) or (select private.has_permission('PUNCH_VIEW_ALL')));

create trigger pontos_append_only
  before update or delete on public.pontos
  for each row execute function private.refuse_change_of_original();

create trigger pontos_no_truncate
  before truncate on public.pontos
  for each statement execute function private.refuse_change_of_original();

-- The last NSR of each unit: the row lock serializes a unit's punches, so numbers never repeat or skip
-- (a failed punch rolls its increment back with it).
create table private.ponto_nsr (
  unit_id uuid primary key references public.store_units (id) on delete cascade,
  last_nsr bigint not null default 0,
  last_hash text
);

comment on table private.ponto_nsr is 'Per-unit NSR counter and the hash of the unit''s last punch (the chain''s head).';

revoke all on table private.ponto_nsr from public, anon, authenticated;

create function private.receipt_json(p public.pontos)
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
    'unit_address', (select su.address from public.store_units su where su.id = p.unit_id)
  )
$$;

revoke execute on function private.receipt_json(public.pontos) from public, anon;
grant execute on function private.receipt_json(public.pontos) to authenticated, service_role;

-- Registers the caller's next punch from an authorized computer and returns its receipt
-- ({id, nsr, punch_type, punched_at, receipt_hash, …}). The type is decided here: Entrada, Saída
-- Almoço, Retorno Almoço, Saída Final, then extra marks (never refused). A repeat within 60 s of the
-- caller's last punch answers that punch's receipt (a double click or a retry makes one punch).
create function public.register_punch(p_device_token text)
returns jsonb
language plpgsql volatile security definer set search_path = '' as $$
declare
  v_uid uuid := auth.uid();
  v_now timestamptz := clock_timestamp();
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

  -- One employee's punches one at a time (a double click sends two requests).
  perform pg_advisory_xact_lock(hashtextextended('ponto:' || v_uid::text, 0));
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

  insert into private.ponto_nsr (unit_id) values (v_computer.unit_id) on conflict (unit_id) do nothing;
  update private.ponto_nsr n set last_nsr = n.last_nsr + 1 where n.unit_id = v_computer.unit_id returning n.last_nsr, n.last_hash into v_nsr, v_previous;

  insert into public.pontos (funcionario_id, unit_id, nsr, punch_type, punched_at, work_date, computer_id, ip_origem, user_agent, previous_hash, receipt_hash)
  values (
    v_uid, v_computer.unit_id, v_nsr, v_type, v_now, v_work_date, v_computer.id, private.request_origin(), private.request_user_agent(), v_previous,
    encode(sha256(convert_to(concat_ws('|', coalesce(v_previous, ''), v_computer.unit_id, v_nsr, v_uid, v_type,
      to_char(v_now at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')), 'UTF8')), 'hex')
  )
  returning * into v_row;
  update private.ponto_nsr n set last_hash = v_row.receipt_hash where n.unit_id = v_computer.unit_id;
  update public.authorized_computers ac set last_used_at = v_now where ac.id = v_computer.id;
  return private.receipt_json(v_row) || jsonb_build_object('repeated', false);
end;
$$;

comment on function public.register_punch(text) is
  'Registers the caller''s next punch (server time, per-unit NSR, hash chain) from an authorized computer; returns the receipt.';

revoke execute on function public.register_punch(text) from public, anon;
grant execute on function public.register_punch(text) to authenticated, service_role;

-- The caller's month (spec §3 daily rows): the four marks, extra marks, worked and expected minutes.
-- Worked time counts entry → break start and break end → final exit; an open interval is not counted.
create function public.get_my_monthly_timesheet(p_month date)
returns table (
  date date,
  entrada timestamptz,
  saida_intervalo timestamptz,
  retorno_intervalo timestamptz,
  saida_final timestamptz,
  extras timestamptz[],
  horas_trabalhadas_minutos integer,
  horas_esperadas_minutos integer
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
      array_agg(p.punched_at order by p.punched_at) filter (where p.punch_type = 'EXTRA') as extras
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
    private.expected_minutes(auth.uid(), d.day)
  from days d
  left join marks m on m.work_date = d.day
  order by d.day;
end;
$$;

comment on function public.get_my_monthly_timesheet(date) is 'The caller''s daily timesheet rows of the month containing p_month (spec §3, §7).';

revoke execute on function public.get_my_monthly_timesheet(date) from public, anon;
grant execute on function public.get_my_monthly_timesheet(date) to authenticated, service_role;

-- Live home card and /meu-ponto: the pontos channel, filtered by funcionario_id (spec §7); RLS decides
-- who hears what.
do $$
begin
  if exists (select 1 from pg_publication where pubname = 'supabase_realtime') then
    alter publication supabase_realtime add table public.pontos;
  end if;
end;
$$;
